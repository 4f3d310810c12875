import { ImageOff } from "#app/components/ui/private-icons";
import { useEffect, useRef, useState } from "react";

// A banner picture that turns into the spec's placeholder when the file
// fails to load. The error may fire before hydration, so the effect also
// checks an image that already finished without pixels.
export function BannerImage({ src, alt = "", className = "" }: { src: string; alt?: string; className?: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const img = ref.current;
    setFailed(!!img && img.complete && img.naturalWidth === 0);
  }, [src]);
  if (failed) {
    return (
      <div
        role="img"
        aria-label="Imagem não encontrada"
        className={`flex flex-col items-center justify-center gap-2 bg-slate-200 text-slate-600 ${className}`}
      >
        <ImageOff aria-hidden className="size-8" />
        <span className="text-sm font-medium">Imagem não encontrada</span>
      </div>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`object-cover ${className}`}
    />
  );
}
