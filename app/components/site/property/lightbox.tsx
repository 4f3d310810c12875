import { ChevronLeft, ChevronRight, X } from "#app/components/ui/icons";
import { useEffect, useRef } from "react";
import { imageSrc, type StoredImage } from "#app/models/properties/images";

// Full-screen photo viewer: previous/next, thumbnails, counter "n de total",
// keyboard (Esc, arrows) and a phone layout with the controls at the bottom.
export function Lightbox({
  images,
  index,
  title,
  onIndex,
  onClose,
}: {
  images: StoredImage[];
  index: number;
  title: string;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const total = images.length;
  const go = (delta: number) => onIndex((index + delta + total) % total);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
      else if (e.key === "ArrowRight") go(1);
      else if (e.key === "ArrowLeft") go(-1);
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      previous?.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index]);

  const img = images[index];
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`Fotos: ${title}`}
      className="fixed inset-0 z-[70] flex flex-col bg-black/95 text-white"
    >
      <div className="flex items-center justify-between px-4 py-3">
        <p className="text-sm font-medium" data-testid="lightbox-counter">
          {index + 1} de {total}
        </p>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label="Fechar galeria"
          className="rounded-full p-2 hover:bg-white/10"
        >
          <X aria-hidden className="size-6" />
        </button>
      </div>
      <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 md:px-16">
        <img
          src={imageSrc(img, 1600)}
          alt={`${title}: foto ${index + 1} de ${total}`}
          className="max-h-full max-w-full object-contain"
        />
        {total > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label="Foto anterior"
              className="absolute bottom-4 left-4 rounded-full bg-white/15 p-3 hover:bg-white/25 md:top-1/2 md:bottom-auto md:-translate-y-1/2"
            >
              <ChevronLeft aria-hidden className="size-6" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label="Próxima foto"
              className="absolute right-4 bottom-4 rounded-full bg-white/15 p-3 hover:bg-white/25 md:top-1/2 md:bottom-auto md:-translate-y-1/2"
            >
              <ChevronRight aria-hidden className="size-6" />
            </button>
          </>
        ) : null}
      </div>
      <ul className="no-scrollbar flex gap-2 overflow-x-auto px-4 py-3">
        {images.map((im, i) => (
          <li key={im.file_key} className="shrink-0">
            <button
              type="button"
              onClick={() => onIndex(i)}
              aria-label={`Ver foto ${i + 1}`}
              aria-current={i === index ? "true" : undefined}
              className={`block overflow-hidden rounded ring-2 ${i === index ? "ring-gold-400" : "ring-transparent opacity-70 hover:opacity-100"}`}
            >
              <img src={imageSrc(im, 480)} alt="" loading="lazy" className="h-14 w-20 object-cover md:h-16 md:w-24" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
