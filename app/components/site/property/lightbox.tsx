import { ChevronLeft, ChevronRight, X } from "#app/components/ui/icons";
import { imageSrc, type StoredImage } from "#app/models/properties/images";

// Full-screen photo viewer: previous/next, thumbnails, counter "n de total",
// keyboard (Esc, arrows) and a phone layout with the controls at the bottom.
// A native <dialog>, closed until the gallery's script opens it
// (gallery.enhance.ts): a closed dialog is not displayed, so its lazy images
// are not fetched; opened as a modal it keeps the focus inside and closes
// with Esc by itself.
export function Lightbox({ images, title }: { images: StoredImage[]; title: string }) {
  const total = images.length;
  return (
    <dialog
      aria-label={`Fotos: ${title}`}
      data-lightbox
      data-title={title}
      className="m-0 size-full max-h-none max-w-none flex-col border-0 bg-black/95 p-0 text-white open:flex backdrop:bg-black/95"
    >
      <div className="flex items-center justify-between px-4 py-3">
        <p className="text-sm font-medium" data-testid="lightbox-counter" data-lightbox-counter>
          1 de {total}
        </p>
        <button
          type="button"
          data-lightbox-close
          aria-label="Fechar galeria"
          className="rounded-full p-2 hover:bg-white/10"
        >
          <X aria-hidden className="size-6" />
        </button>
      </div>
      <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 md:px-16">
        <img
          src={imageSrc(images[0], 1600)}
          alt={`${title}: foto 1 de ${total}`}
          loading="lazy"
          data-lightbox-photo
          className="max-h-full max-w-full object-contain"
        />
        {total > 1 ? (
          <>
            <button
              type="button"
              data-lightbox-step={-1}
              aria-label="Foto anterior"
              className="absolute bottom-4 left-4 rounded-full bg-white/15 p-3 hover:bg-white/25 md:top-1/2 md:bottom-auto md:-translate-y-1/2"
            >
              <ChevronLeft aria-hidden className="size-6" />
            </button>
            <button
              type="button"
              data-lightbox-step={1}
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
              data-lightbox-index={i}
              data-src={imageSrc(im, 1600)}
              aria-label={`Ver foto ${i + 1}`}
              className="block overflow-hidden rounded opacity-70 ring-2 ring-transparent hover:opacity-100 aria-[current=true]:opacity-100 aria-[current=true]:ring-gold-400"
            >
              <img src={imageSrc(im, 480)} alt="" loading="lazy" className="h-14 w-20 object-cover md:h-16 md:w-24" />
            </button>
          </li>
        ))}
      </ul>
    </dialog>
  );
}
