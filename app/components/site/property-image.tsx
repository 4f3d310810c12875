import { PLACEHOLDER_IMAGE, imageSrc, imageSrcSet, type StoredImage } from "#app/models/properties/images";

// A listing photo as responsive WebP. Only the page's hero image is eager;
// a broken file falls back to the placeholder (docs/product.md §Todos os
// Imóveis, the card).
export function PropertyImage({
  image,
  alt,
  sizes,
  eager = false,
  className = "",
  target = 960,
}: {
  image: StoredImage | null;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
  target?: number;
}) {
  if (!image) {
    return (
      <img
        src={PLACEHOLDER_IMAGE}
        alt={alt}
        className={className}
        width={800}
        height={600}
        loading={eager ? "eager" : "lazy"}
      />
    );
  }
  return (
    <img
      src={imageSrc(image, target)}
      srcSet={imageSrcSet(image)}
      sizes={sizes}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding={eager ? "sync" : "async"}
      className={className}
      onError={(e) => {
        const img = e.currentTarget;
        if (!img.src.endsWith(PLACEHOLDER_IMAGE)) {
          img.srcset = "";
          img.src = PLACEHOLDER_IMAGE;
        }
      }}
    />
  );
}
