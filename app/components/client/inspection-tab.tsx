import { Download } from "#app/components/ui/private-icons";
import type { InspectionKind, InspectionMeter, ItemCondition } from "#app/db/schema";
import { formatDay } from "#app/models/clients/status";
import { formatDateTime } from "#app/utils/format-date";
import { conditionLabel, kindLabel, METERS } from "#app/models/inspections/labels";
import { PHOTO_ACCEPT } from "#app/utils/image-rules";

// The client area's Vistoria tab (docs/product.md §Vistorias): the tenant's
// finalized inspections, the meters' readings and photos, room by room each
// item's state, note and photos, and the report.

type Contest = {
  id: number;
  item_id: number;
  note: string;
  created_at: string;
  answer: string | null;
  answered_by_name: string | null;
  photos: number[];
};

type TabInspection = {
  id: number;
  contests: Contest[];
  deadline: string | null;
  contestOpen: boolean;
  replacedBy: number | null;
  document: { id: number; accepted: { kind: "express" | "tacit"; at: string } | null } | null;
  kind: InspectionKind;
  date: string;
  inspector_name: string;
  keys_count: number | null;
  water_reading: string | null;
  power_reading: string | null;
  meterPhotos: { id: number; meter: InspectionMeter }[];
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
              <h2 className="text-lg font-semibold text-slate-900">
                {kindLabel(v.kind)} nº {v.id}
              </h2>
              <p className="text-sm text-slate-700">
                {formatDay(v.date)} · Vistoriador: {v.inspector_name}
                {v.keys_count !== null ? ` · ${v.keys_count} chaves` : ""}
              </p>
              {v.replacedBy ? (
                <p className="mt-1 text-sm font-medium text-amber-800">
                  Substituída pela vistoria corrigida nº {v.replacedBy}.
                </p>
              ) : null}
              {v.deadline && !v.replacedBy && !v.document?.accepted ? (
                <p className="mt-1 text-sm text-slate-700" data-testid="contest-window">
                  {v.contestOpen
                    ? `Você pode contestar qualquer item até ${formatDay(v.deadline)}.`
                    : `Prazo de contestação encerrado em ${formatDay(v.deadline)}: vistoria aceita.`}
                </p>
              ) : null}
              {v.document?.accepted ? (
                <p className="mt-1 text-sm font-medium text-emerald-800" data-testid="acceptance">
                  {v.document.accepted.kind === "tacit"
                    ? `Aceita tacitamente em ${formatDateTime(v.document.accepted.at)}: o prazo terminou sem contestação.`
                    : `Você aceitou este relatório em ${formatDateTime(v.document.accepted.at)}.`}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap items-center gap-3">
              {v.document && !v.document.accepted && !v.replacedBy ? (
                <a
                  href={`/client-area/documentos/${v.document.id}`}
                  className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  Ler e aceitar
                </a>
              ) : null}
              <a
                href={`/arquivos/vistorias/relatorios/${v.id}?download=1`}
                className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
              >
                <Download aria-hidden className="size-4" /> Baixar relatório
              </a>
            </div>
          </div>
          <Meters inspection={v} />
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
                    {v.contests
                      .filter((c) => c.item_id === item.id)
                      .map((c) => (
                        <div key={c.id} className="mt-2 rounded-md bg-amber-50 p-2 ring-1 ring-amber-200">
                          <p>
                            <strong>Sua contestação:</strong> {c.note}
                          </p>
                          {c.photos.length ? (
                            <ul className="mt-1 flex flex-wrap gap-2">
                              {c.photos.map((id) => (
                                <li key={id}>
                                  <img
                                    src={`/arquivos/vistorias/contestacoes/${id}`}
                                    alt="Foto da contestação"
                                    loading="lazy"
                                    className="h-16 w-20 rounded object-cover ring-1 ring-slate-200"
                                  />
                                </li>
                              ))}
                            </ul>
                          ) : null}
                          <p className="mt-1">
                            {c.answer ? (
                              <>
                                <strong>Resposta de {c.answered_by_name}:</strong> {c.answer}
                              </>
                            ) : (
                              "Aguardando resposta da imobiliária."
                            )}
                          </p>
                        </div>
                      ))}
                    {v.contestOpen ? <ContestForm itemId={item.id} itemName={item.name} /> : null}
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

// Each meter's reading and, if taken, its photo.
function Meters({ inspection: v }: { inspection: TabInspection }) {
  return (
    <ul className="mt-4 grid gap-3 text-sm sm:grid-cols-2" aria-label="Medidores">
      {METERS.map((m) => {
        const photo = v.meterPhotos.find((p) => p.meter === m.value);
        return (
          <li key={m.value}>
            <span className="text-slate-600">{m.label}:</span>{" "}
            <strong>{(m.value === "agua" ? v.water_reading : v.power_reading) ?? "não informado"}</strong>
            {photo ? (
              <a href={`/arquivos/vistorias/medidores/${photo.id}`} className="mt-1 block w-fit">
                <img
                  src={`/arquivos/vistorias/medidores/${photo.id}`}
                  alt={m.photo}
                  loading="lazy"
                  className="h-16 w-20 rounded object-cover ring-1 ring-slate-200"
                />
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

// "Contestar": a note and optional photos, posted to the item's own route.
function ContestForm({ itemId, itemName }: { itemId: number; itemName: string }) {
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm font-medium text-brand-700">Contestar {itemName}</summary>
      <form
        method="post"
        action={`/client-area/vistoria/itens/${itemId}`}
        encType="multipart/form-data"
        className="mt-2 space-y-2"
      >
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-slate-800">O que está diferente</span>
          <textarea
            name="note"
            rows={3}
            required
            minLength={3}
            maxLength={2000}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-medium text-slate-800">Fotos (opcional)</span>
          <input
            type="file"
            name="photos"
            accept={PHOTO_ACCEPT}
            capture="environment"
            multiple
            className="block w-full text-sm"
          />
        </label>
        <button className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white">
          Enviar contestação
        </button>
      </form>
    </details>
  );
}
