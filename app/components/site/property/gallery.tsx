import { imageSrc, type StoredImage } from "#app/models/properties/images";
import { PropertyImage } from "#app/components/site/property-image";
import { Lightbox } from "./lightbox";

const THUMBS = 4; // docs/product.md §Página do imóvel: thumbnails beyond the first 4 collapse into +N

// Main photo plus up to four thumbnails; the last one shows +N when there are
// more than five. Each tile links to the large photo (works without JS); with
// JS it opens the lightbox instead (gallery.enhance.ts).
export function Gallery({ images, title }: { images: StoredImage[]; title: string }) {
  if (images.length === 0) {
    return (
      <PropertyImage
        image={null}
        alt={title}
        sizes="100vw"
        eager
        className="aspect-[4/3] w-full rounded-xl object-cover"
      />
    );
  }
  const thumbs = images.slice(1, 1 + THUMBS);
  const extra = images.length - 1 - THUMBS;
  return (
    <div data-gallery>
      <div className={`grid gap-2 ${thumbs.length ? "md:grid-cols-4 md:grid-rows-2" : ""}`}>
        <a
          href={imageSrc(images[0], 1600)}
          data-photo={0}
          className="relative block overflow-hidden rounded-xl md:col-span-2 md:row-span-2"
          aria-label={`Abrir foto 1 de ${images.length}`}
        >
          <PropertyImage
            image={images[0]}
            alt={title}
            sizes="(min-width: 1280px) 640px, (min-width: 768px) 50vw, 100vw"
            target={960}
            eager
            className="aspect-[4/3] size-full object-cover transition hover:opacity-95"
          />
        </a>
        {thumbs.length ? (
          <ul className="grid grid-cols-4 gap-2 md:col-span-2 md:row-span-2 md:grid-cols-2">
            {thumbs.map((img, i) => {
              const index = i + 1;
              const isLast = i === thumbs.length - 1 && extra > 0;
              return (
                <li key={img.file_key}>
                  <a
                    href={imageSrc(img, 1600)}
                    data-photo={index}
                    className="relative block overflow-hidden rounded-lg"
                    aria-label={isLast ? `Ver mais ${extra} fotos` : `Abrir foto ${index + 1} de ${images.length}`}
                  >
                    <PropertyImage
                      image={img}
                      alt=""
                      sizes="(min-width: 768px) 25vw, 25vw"
                      target={480}
                      className="aspect-[4/3] size-full object-cover transition hover:opacity-90"
                    />
                    {isLast ? (
                      <span
                        className="absolute inset-0 flex items-center justify-center bg-black/55 text-xl font-bold text-white md:text-3xl"
                        data-testid="gallery-more"
                      >
                        +{extra}
                      </span>
                    ) : null}
                  </a>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
      <Lightbox images={images} title={title} />
    </div>
  );
}
