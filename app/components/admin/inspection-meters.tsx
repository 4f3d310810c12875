import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/field";
import { Labeled } from "#app/components/ui/labeled";
import { ImagePlus } from "#app/components/ui/private-icons";
import type { InspectionMeter } from "#app/db/schema";
import { formatDay } from "#app/models/clients/status";
import { METERS } from "#app/models/inspections/labels";
import { PHOTO_ACCEPT } from "#app/utils/image-rules";

// "Chaves e medidores" of an inspection's page (docs/decisions/0044-inspections.md):
// the keys and the two readings (one form), each reading with its meter's
// photo and "Enviar foto do medidor", a multipart form of its own straight
// from the camera (a failed upload never takes the readings with it). The
// readings' inputs name their form (`form=`) so that each sits beside its
// photo, without JavaScript too. Once finalized, read only.

type MeterPhoto = { id: number; meter: InspectionMeter; taken_at: string | null };

type Props = {
  inspection: {
    keys_count: number | null;
    water_reading: string | null;
    power_reading: string | null;
    meterPhotos: MeterPhoto[];
  };
  locked: boolean;
  busy: boolean;
  error?: string;
  photoError?: string;
  values?: Record<string, string>;
};

const input =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base aria-[invalid=true]:border-red-600";
const READING = { agua: "water_reading", energia: "power_reading" } as const;

export function InspectionMeters({ inspection: v, locked, busy, error, photoError, values }: Props) {
  const keys = v.keys_count === null ? "" : String(v.keys_count);
  return (
    <>
      {photoError ? (
        <div className="mt-3">
          <FormAlert title="Foto do medidor não enviada" description={photoError} />
        </div>
      ) : null}
      {locked ? null : (
        <Form method="post" id="meters-form" noValidate>
          <input type="hidden" name="intent" value="meters" />
        </Form>
      )}
      <div className="mt-3 grid gap-4 text-sm sm:grid-cols-3">
        {locked ? (
          <Fact label="Chaves entregues" value={keys || "—"} />
        ) : (
          <Labeled id="keys_count" label="Chaves entregues" error={error}>
            <input
              id="keys_count"
              name="keys_count"
              form="meters-form"
              inputMode="numeric"
              defaultValue={values?.keys_count ?? keys}
              aria-invalid={error ? true : undefined}
              className={input}
            />
          </Labeled>
        )}
        {METERS.map((m) => {
          const name = READING[m.value];
          const photo = v.meterPhotos.find((p) => p.meter === m.value);
          return (
            <div key={m.value} className="min-w-0">
              {locked ? (
                <Fact label={m.label} value={v[name] ?? "—"} />
              ) : (
                <Labeled id={name} label={m.label}>
                  <input
                    id={name}
                    name={name}
                    form="meters-form"
                    defaultValue={values?.[name] ?? v[name] ?? ""}
                    className={input}
                  />
                </Labeled>
              )}
              {photo ? (
                <a href={`/arquivos/vistorias/medidores/${photo.id}`} className="mt-2 inline-block">
                  <img
                    src={`/arquivos/vistorias/medidores/${photo.id}`}
                    alt={m.photo}
                    loading="lazy"
                    className="h-18 w-24 rounded object-cover ring-1 ring-slate-200"
                  />
                  {photo.taken_at ? (
                    <span className="block text-xs text-slate-600">{formatDay(photo.taken_at.slice(0, 10))}</span>
                  ) : null}
                </a>
              ) : null}
              {locked ? null : (
                <Form method="post" encType="multipart/form-data" className="mt-2 space-y-2" noValidate>
                  <input type="hidden" name="meter" value={m.value} />
                  <label className="block">
                    <span className="mb-1 block font-medium text-slate-800">{m.photo}</span>
                    <input
                      type="file"
                      name="photos"
                      accept={PHOTO_ACCEPT}
                      capture="environment"
                      className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold"
                    />
                  </label>
                  <Button variant="secondary" size="sm" disabled={busy}>
                    <ImagePlus aria-hidden className="size-4" /> Enviar foto do medidor
                  </Button>
                </Form>
              )}
            </div>
          );
        })}
        {locked ? null : (
          <div className="sm:col-span-3">
            <Button variant="secondary" form="meters-form" disabled={busy}>
              Salvar chaves e medidores
            </Button>
          </div>
        )}
      </div>
    </>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <dl>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </dl>
  );
}
