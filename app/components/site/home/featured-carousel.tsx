import { useHydrated } from "#app/components/ui/use-hydrated";
import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "#app/components/ui/icons";
import { useEffect } from "react";
import { Link } from "react-router";
import type { PropertyCard as PropertyCardData } from "#app/models/properties/types";
import { PropertyCard } from "#app/components/site/property-card";

const AUTO_SCROLL_MS = 6000; // docs/product.md §Início

// "Destaques": embla with the spec's constants (loop, duration 80, in-view
// threshold 0.7); 1 card per view on small screens, 2 on medium, 3 on large.
// Without JavaScript the strip scrolls sideways with snap points.
function FeaturedCarousel({ properties }: { properties: PropertyCardData[] }) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, duration: 80, inViewThreshold: 0.7, align: "start" });
  const hydrated = useHydrated();
  const many = properties.length > 1;

  useEffect(() => {
    if (!emblaApi || !many || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let timer = setInterval(() => emblaApi.scrollNext(), AUTO_SCROLL_MS);
    const restart = () => {
      clearInterval(timer);
      timer = setInterval(() => emblaApi.scrollNext(), AUTO_SCROLL_MS);
    };
    emblaApi.on("pointerDown", restart);
    return () => {
      clearInterval(timer);
      emblaApi.off("pointerDown", restart);
    };
  }, [emblaApi, many]);

  return (
    <div className="relative">
      <div
        ref={emblaRef}
        className={hydrated ? "overflow-hidden" : "no-scrollbar snap-x snap-mandatory overflow-x-auto"}
      >
        <ul className="-ml-6 flex touch-pan-y">
          {properties.map((p) => (
            <li key={p.id} className="min-w-0 shrink-0 grow-0 basis-full snap-start pl-6 md:basis-1/2 lg:basis-1/3">
              <PropertyCard property={p} />
            </li>
          ))}
        </ul>
      </div>
      {many && hydrated ? (
        <div className="mt-6 flex justify-center gap-3">
          <button
            type="button"
            onClick={() => emblaApi?.scrollPrev()}
            aria-label="Imóvel anterior"
            className="rounded-full border border-slate-300 bg-white p-2.5 text-brand-800 shadow-sm hover:bg-brand-50"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => emblaApi?.scrollNext()}
            aria-label="Próximo imóvel"
            className="rounded-full border border-slate-300 bg-white p-2.5 text-brand-800 shadow-sm hover:bg-brand-50"
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function FeaturedSection({ properties, error }: { properties: PropertyCardData[]; error: string | null }) {
  return (
    <section aria-labelledby="destaques-title" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-7xl px-4">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="destaques-title" className="text-3xl font-bold text-brand-800">
              Destaques
            </h2>
            <p className="mt-2 text-slate-600">Imóveis selecionados pela nossa equipe.</p>
          </div>
          <Link to="/imoveis" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Ver todos os imóveis
          </Link>
        </div>
        {error ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-900">
            <p>{error}</p>
            <a href="/" className="mt-4 inline-block rounded-md bg-brand-800 px-4 py-2 font-semibold text-white">
              Tentar novamente
            </a>
          </div>
        ) : properties.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
            <p className="text-lg font-semibold text-slate-800">Nenhum imóvel em destaque no momento</p>
            <p className="mt-2 text-sm text-slate-600">
              Marque imóveis como destaque na área administrativa para exibi-los aqui.
            </p>
          </div>
        ) : (
          <FeaturedCarousel properties={properties} />
        )}
      </div>
    </section>
  );
}
