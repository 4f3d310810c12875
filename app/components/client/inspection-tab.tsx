import { Download } from "#app/components/ui/private-icons";
import type { InspectionKind, ItemCondition } from "#app/db/schema";
import { formatDay } from "#app/models/clients/status";
import { conditionLabel, kindLabel } from "#app/models/inspections/labels";

// The client area's Vistoria tab (docs/product.md §Vistorias): the tenant's
// finalized inspections, room by room, each item's state, note and photos,
// and the report.

type TabInspection = {
  id: number;
  kind: InspectionKind;
  date: string;
  inspector_name: string;
  keys_count: number | null;
  rooms: {
    id: number;
    name: string;
    items: {
      id: number;
      name: string;
      condition: ItemCondition | null;
      note: string | null;
      photos: { id: number }[];
    }[];
  }[];
};

export function InspectionTab({ inspections }: { inspections: TabInspection[] }) {
  if (inspections.length === 0)
    return <p className="mt-6 text-slate-600">Nenhuma vistoria finalizada para o seu contrato ainda.</p>;
  return (
    <div className="mt-6 space-y-6">
      {inspections.map((v) => (
        <section key={v.id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <h2 className="text-lg font-semibold text-slate-900">{kindLabel(v.kind)}</h2>
              <p className="text-sm text-slate-700">
                {formatDay(v.date)} · Vistoriador: {v.inspector_name}
                {v.keys_count !== null ? ` · ${v.keys_count} chaves` : ""}
              </p>
            </div>
            <a
              href={`/arquivos/vistorias/relatorios/${v.id}?download=1`}
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              <Download aria-hidden className="size-4" /> Baixar relatório
            </a>
          </div>
          {v.rooms.map((room) => (
            <div key={room.id} className="mt-4">
              <h3 className="font-semibold text-slate-900">{room.name}</h3>
              <ul className="mt-2 divide-y divide-slate-100">
                {room.items.map((item) => (
                  <li key={item.id} className="py-2 text-sm">
                    <div className="flex justify-between gap-3">
                      <span>{item.name}</span>
                      <strong>{conditionLabel(item.condition)}</strong>
                    </div>
                    {item.note ? <p className="text-slate-600">{item.note}</p> : null}
                    {item.photos.length ? (
                      <ul className="mt-1 flex flex-wrap gap-2">
                        {item.photos.map((p) => (
                          <li key={p.id}>
                            <a href={`/arquivos/vistorias/fotos/${p.id}`}>
                              <img
                                src={`/arquivos/vistorias/fotos/${p.id}`}
                                alt={`${item.name}, foto`}
                                loading="lazy"
                                className="h-16 w-20 rounded object-cover ring-1 ring-slate-200"
                              />
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
