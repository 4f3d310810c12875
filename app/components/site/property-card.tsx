import { Bath, BedDouble, Car, MapPin, Ruler } from "#app/components/ui/icons";
import { Link, href } from "react-router";
import type { PropertyCard as PropertyCardData } from "#app/models/properties/types";
import { ADVERTISED_FOR_LABELS } from "#app/models/properties/options";
import { formatPropertyCode } from "#app/models/properties/search";
import { formatInt } from "#app/utils/format";
import { PropertyImage } from "./property-image";
import { PropertyPrice } from "./property-price";
import { PropertyStatusBadge } from "./property-status-badge";

export function PropertyCard({
  property,
  eager = false,
  headingLevel = 3,
}: {
  property: PropertyCardData;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <PropertyImage
          image={property.cover}
          alt={property.name}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          target={480}
          eager={eager}
          className="size-full object-cover transition duration-300 group-hover:scale-105"
        />
        <div className="absolute top-3 left-3 flex flex-wrap gap-1.5">
          <PropertyStatusBadge status={property.status} size="md" />
          {property.featured ? (
            <span className="rounded-full bg-gold-500 px-2.5 py-1 text-xs font-semibold text-brand-900">Destaque</span>
          ) : null}
          {property.is_exclusive ? (
            <span className="rounded-full bg-brand-800 px-2.5 py-1 text-xs font-semibold text-white">Exclusivo</span>
          ) : null}
        </div>
        <span className="absolute right-3 bottom-3 rounded bg-black/65 px-2 py-0.5 text-xs font-medium text-white">
          {ADVERTISED_FOR_LABELS[property.advertised_for] ?? property.advertised_for}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">
          {property.type} · {formatPropertyCode(property.property_code)}
        </p>
        <H className="mt-1 line-clamp-2 text-lg font-semibold text-slate-900">{property.name}</H>
        <p className="mt-1 flex items-start gap-1 text-sm text-slate-600">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="line-clamp-1">{property.location}</span>
        </p>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {property.area > 0 ? (
            <li className="flex items-center gap-1">
              <Ruler aria-hidden className="size-4" /> {formatInt(property.area)} m²
            </li>
          ) : null}
          {property.bedrooms > 0 ? (
            <li className="flex items-center gap-1">
              <BedDouble aria-hidden className="size-4" /> {property.bedrooms}{" "}
              {property.bedrooms === 1 ? "quarto" : "quartos"}
            </li>
          ) : null}
          {property.bathrooms > 0 ? (
            <li className="flex items-center gap-1">
              <Bath aria-hidden className="size-4" /> {property.bathrooms}{" "}
              {property.bathrooms === 1 ? "banheiro" : "banheiros"}
            </li>
          ) : null}
          {property.parking_spaces > 0 ? (
            <li className="flex items-center gap-1">
              <Car aria-hidden className="size-4" /> {property.parking_spaces}{" "}
              {property.parking_spaces === 1 ? "vaga" : "vagas"}
            </li>
          ) : null}
        </ul>
        <div className="mt-auto flex items-end justify-between gap-2 pt-4">
          <p className="text-lg font-bold whitespace-nowrap text-brand-800 sm:text-xl">
            <PropertyPrice
              price={property.price_cents}
              advertisedFor={property.advertised_for}
              suffixClassName="text-sm font-medium text-slate-600"
            />
          </p>
          <Link
            to={href("/imoveis/:id", { id: String(property.id) })}
            className="rounded-md bg-brand-800 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-700"
            aria-label={`Ver Detalhes: ${property.name}`}
          >
            Ver Detalhes
          </Link>
        </div>
      </div>
    </article>
  );
}

// Grids sit right under the page's h1, so their cards are h2 (heading order).
export function PropertyGrid({
  properties,
  eagerFirst = false,
}: {
  properties: PropertyCardData[];
  eagerFirst?: boolean;
}) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {properties.map((p, i) => (
        <li key={p.id}>
          <PropertyCard property={p} eager={eagerFirst && i === 0} headingLevel={2} />
        </li>
      ))}
    </ul>
  );
}
