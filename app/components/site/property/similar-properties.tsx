import type { PropertyCard as PropertyCardData } from "#app/models/properties/types";
import { PropertyCard } from "#app/components/site/property-card";

// Other listings of the same type or neighbourhood, closest price first.
export function SimilarProperties({ properties }: { properties: PropertyCardData[] }) {
  if (properties.length === 0) return null;
  return (
    <section aria-labelledby="semelhantes" className="mt-10">
      <h2 id="semelhantes" className="text-xl font-semibold text-slate-900">
        Imóveis semelhantes
      </h2>
      <ul className="mt-4 grid gap-5 sm:grid-cols-2">
        {properties.map((p) => (
          <li key={p.id}>
            <PropertyCard property={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}
