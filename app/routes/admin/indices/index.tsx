import { Upload } from "#app/components/ui/private-icons";
import { Form, Link, data } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { Labeled } from "#app/components/ui/labeled";
import { Button, buttonClass } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { importIndexCsv, recentIndexMonths, upsertIndexValue } from "#app/models/owners/index-values.server";
import { formatRate, INDEX_CODES, INDEX_LABELS, isIndexCode, parseRate } from "#app/models/owners/readjustment";
import { failedWriteAlert } from "#app/utils/failure.server";
import { readFormData, requireRole } from "#app/utils/http.server";
import { readPrivateUpload } from "#app/routes/admin/clients/private-upload.server";
import { addMonths, localToday } from "#app/models/shared/days";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/index";

// "Índices" (docs/decisions/0041-readjustment.md): the monthly rates of the
// readjustment indexes, the last 24 months of each with the missing ones
// shown; a form for one month and an upload of the Central Bank's SGS CSV
// (a few KB; an upload route all the same, so that a wrong, big file is its
// message here rather than the form cap's bare 413). A wrong file is its
// message here and nothing is stored.
export function meta() {
  return [{ title: "Índices | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const MAX_CSV_BYTES = 200 * 1024;

export async function loader() {
  const last = addMonths(localToday().slice(0, 7), -1);
  const db = getDb();
  return {
    indexes: await Promise.all(
      INDEX_CODES.map(async (code) => ({
        code,
        label: INDEX_LABELS[code],
        months: await recentIndexMonths(db, code, last),
      })),
    ),
  };
}

// "2026-10" (input type=month) or "10/2026".
function readMonth(text: string) {
  const iso = /^(\d{4})-(\d{2})$/.exec(text.trim());
  const br = /^(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const [y, m] = iso ? [iso[1], iso[2]] : br ? [br[2], br[1].padStart(2, "0")] : [null, null];
  return y && Number(m) >= 1 && Number(m) <= 12 ? `${y}-${m}` : null;
}

type RateErrors = Partial<Record<"index" | "month" | "rate", string>>;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const body = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data")
    ? await readPrivateUpload(request, MAX_CSV_BYTES, "Arquivo grande demais (até 200 KB).")
    : { formData: await readFormData(request) };
  if ("error" in body) return data({ importError: body.error }, { status: 400 });
  const form = body.formData;
  const index = String(form.get("index") ?? "");
  if (form.get("intent") === "import") {
    const file = form.get("file");
    if (!isIndexCode(index)) return data({ importError: "Escolha o índice do arquivo." }, { status: 400 });
    if (!(file instanceof File) || file.size === 0)
      return data({ importError: "Escolha o arquivo CSV exportado do SGS." }, { status: 400 });
    if (file.size > MAX_CSV_BYTES) return data({ importError: "Arquivo grande demais (até 200 KB)." }, { status: 400 });
    let outcome: Awaited<ReturnType<typeof importIndexCsv>>;
    try {
      outcome = await importIndexCsv(getDb(), index, new Uint8Array(await file.arrayBuffer()), actor);
    } catch (error) {
      return failedWriteAlert("index.import_failed", error, {
        importError: "Não foi possível importar. Tente novamente.",
      });
    }
    if (!outcome.ok) return data({ importError: outcome.error }, { status: 400 });
    return redirectWithToast("/admin/indices", {
      type: "success",
      title: `${INDEX_LABELS[index]} importado`,
      description:
        outcome.changed === 0
          ? `Nada novo: os ${outcome.months} meses do arquivo já estavam gravados.`
          : `${outcome.months} meses no arquivo, ${outcome.changed} gravados ou alterados.`,
    });
  }
  const values = { index, month: String(form.get("month") ?? ""), rate: String(form.get("rate") ?? "") };
  const errors: RateErrors = {};
  const month = readMonth(values.month);
  const rate = parseRate(values.rate);
  if (!isIndexCode(index)) errors.index = "Escolha o índice.";
  if (!month) errors.month = "Informe o mês (mm/aaaa).";
  if (rate === null) errors.rate = 'Informe a taxa do mês em %, como "0,52" ou "-0,73".';
  if (!isIndexCode(index) || !month || rate === null) return data({ errors, values }, { status: 400 });
  try {
    await upsertIndexValue(getDb(), index, { month, ratePpm: rate }, actor);
  } catch (error) {
    return failedWriteAlert("index.save_failed", error, { errors, values, formError: "Não foi possível salvar." });
  }
  return redirectWithToast("/admin/indices", {
    type: "success",
    title: "Taxa salva",
    description: `${INDEX_LABELS[index]} de ${periodLabel(month)}: ${formatRate(rate)}%.`,
  });
}

const inputClass =
  "block w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid]:border-red-600 focus:border-brand-600";

export default function Indices({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const a = (actionData ?? {}) as {
    errors?: RateErrors;
    values?: { index: string; month: string; rate: string };
    importError?: string;
    formError?: string;
  };
  const err = a.errors ?? {};
  return (
    <div className="mx-auto max-w-6xl">
      <AdminTitle title="Índices">
        <Link to="/admin" className={buttonClass("secondary")}>
          Voltar ao Painel
        </Link>
      </AdminTitle>
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Informar um mês</h2>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="rate" />
            {a.formError ? <FormAlert title={a.formError} /> : null}
            <IndexSelect id="rate-index" value={a.values?.index} error={err.index} />
            <Labeled id="rate-month" label="Mês" error={err.month}>
              <input
                id="rate-month"
                name="month"
                type="month"
                defaultValue={a.values?.month}
                aria-invalid={err.month ? true : undefined}
                className={inputClass}
              />
            </Labeled>
            <Labeled id="rate-rate" label="Taxa do mês (%)" error={err.rate}>
              <input
                id="rate-rate"
                name="rate"
                inputMode="decimal"
                placeholder="0,52"
                defaultValue={a.values?.rate}
                aria-invalid={err.rate ? true : undefined}
                className={inputClass}
              />
            </Labeled>
            <Button disabled={busy}>Salvar taxa</Button>
          </Form>
        </section>
        <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Importar do Banco Central</h2>
          <p className="mt-1 text-sm text-slate-700">
            O arquivo CSV exportado do SGS (Sistema Gerenciador de Séries Temporais): cabeçalho &quot;data;valor&quot; e
            uma linha por mês, como 01/10/2026;0,52. Meses já gravados com a mesma taxa não mudam.
          </p>
          <Form method="post" encType="multipart/form-data" className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="import" />
            {a.importError ? <FormAlert title="Arquivo não importado" description={a.importError} /> : null}
            <IndexSelect id="import-index" />
            <Labeled id="import-file" label="Arquivo CSV">
              <input
                id="import-file"
                name="file"
                type="file"
                accept=".csv,text/csv,text/plain"
                className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold"
              />
            </Labeled>
            <Button disabled={busy}>
              <Upload aria-hidden className="size-4" /> Importar CSV
            </Button>
          </Form>
        </section>
      </div>
      <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {loaderData.indexes.map((ix) => (
          <section
            key={ix.code}
            aria-labelledby={`index-${ix.code}`}
            className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          >
            <h2 id={`index-${ix.code}`} className="p-4 text-lg font-semibold text-slate-900">
              {ix.label}
            </h2>
            <table className="w-full border-t border-slate-100 text-sm" data-testid={`index-${ix.code}`}>
              <thead className="sr-only">
                <tr>
                  <th>Mês</th>
                  <th>Taxa</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {ix.months.map((m) => (
                  <tr key={m.month}>
                    {/* "10/2026": four columns of the long "outubro de 2026" wrapped on every line. */}
                    <td className="px-4 py-1.5 whitespace-nowrap text-slate-700 tabular-nums">
                      <span aria-hidden>{`${m.month.slice(5)}/${m.month.slice(0, 4)}`}</span>
                      <span className="sr-only">{periodLabel(m.month)}</span>
                    </td>
                    <td className="px-4 py-1.5 text-right font-medium whitespace-nowrap tabular-nums">
                      {m.ratePpm === null ? (
                        <span className="text-amber-800">não informado</span>
                      ) : (
                        `${formatRate(m.ratePpm)}%`
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </div>
  );
}

function IndexSelect({ id, value, error }: { id: string; value?: string; error?: string }) {
  return (
    <Labeled id={id} label="Índice" error={error}>
      <select
        id={id}
        name="index"
        defaultValue={value ?? "IGPM"}
        aria-invalid={error ? true : undefined}
        className={inputClass}
      >
        {INDEX_CODES.map((c) => (
          <option key={c} value={c}>
            {INDEX_LABELS[c]}
          </option>
        ))}
      </select>
    </Labeled>
  );
}
