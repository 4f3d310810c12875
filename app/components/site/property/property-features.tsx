import { Bath, BedDouble, Car, Ruler, ShowerHead, Tag } from "#app/components/ui/icons";
import { ADVERTISED_FOR_LABELS } from "#app/models/properties/options";
import { formatInt } from "#app/utils/format";

// "Características" of a property's page (routes/site/property.tsx): what it
// has (area, bedrooms, suites, bathrooms, parking spaces) and its modality.
export function PropertyFeatures({
  property: p,
}: {
  property: {
    area: number;
    bedrooms: number;
    suites: number;
    bathrooms: number;
    parking_spaces: number;
    advertised_for: string;
  };
}) {
  const features = [
    { value: p.area, label: `${formatInt(p.area)} m²`, name: "Área", icon: Ruler },
    { value: p.bedrooms, label: `${p.bedrooms}`, name: p.bedrooms === 1 ? "Quarto" : "Quartos", icon: BedDouble },
    { value: p.suites, label: `${p.suites}`, name: p.suites === 1 ? "Suíte" : "Suítes", icon: ShowerHead },
    { value: p.bathrooms, label: `${p.bathrooms}`, name: p.bathrooms === 1 ? "Banheiro" : "Banheiros", icon: Bath },
    {
      value: p.parking_spaces,
      label: `${p.parking_spaces}`,
      name: p.parking_spaces === 1 ? "Vaga" : "Vagas",
      icon: Car,
    },
  ].filter((f) => f.value > 0);
  return (
    <section aria-labelledby="caracteristicas" className="mt-8">
      <h2 id="caracteristicas" className="text-xl font-semibold text-slate-900">
        Características
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {features.map((f) => (
          <li key={f.name} className="flex items-center gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
            <f.icon aria-hidden className="size-6 text-brand-700" />
            <span>
              <span className="block font-semibold text-slate-900">{f.label}</span>
              <span className="text-sm text-slate-600">{f.name}</span>
            </span>
          </li>
        ))}
        <li className="flex items-center gap-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
          <Tag aria-hidden className="size-6 text-brand-700" />
          <span>
            <span className="block font-semibold text-slate-900">
              {ADVERTISED_FOR_LABELS[p.advertised_for] ?? p.advertised_for}
            </span>
            <span className="text-sm text-slate-600">Modalidade</span>
          </span>
        </li>
      </ul>
    </section>
  );
}
