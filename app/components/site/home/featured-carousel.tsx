import { ChevronLeft, ChevronRight } from "#app/components/ui/icons";
import { Link } from "react-router";
import type { PropertyCard as PropertyCardData } from "#app/models/properties/types";
import { PropertyCard } from "#app/components/site/property-card";

// "Destaques": 1 card per view on small screens, 2 on medium, 3 on large.
// Without JavaScript the strip scrolls sideways with snap points; the site's
// script (featured-carousel.enhance.ts) turns it into embla's carousel with
// the spec's constants and shows previous/next.
function FeaturedCarousel({ properties }: { properties: PropertyCardData[] }) {
  const many = properties.length > 1;
  return (
    <div className="relative" data-featured-carousel>
      <div className="no-scrollbar snap-x snap-mandatory overflow-x-auto" data-viewport>
        <ul className="-ml-6 flex touch-pan-y">
          {properties.map((p) => (
            <li key={p.id} className="min-w-0 shrink-0 grow-0 basis-full snap-start pl-6 md:basis-1/2 lg:basis-1/3">
              <PropertyCard property={p} />
            </li>
          ))}
        </ul>
      </div>
      {many ? (
        <div className="mt-6 flex justify-center gap-3" hidden data-controls>
          <button
            type="button"
            data-step={-1}
            aria-label="Imóvel anterior"
            className="rounded-full border border-slate-300 bg-white p-2.5 text-brand-800 shadow-sm hover:bg-brand-50"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button
            type="button"
            data-step={1}
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
