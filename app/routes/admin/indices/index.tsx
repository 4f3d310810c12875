import { Upload } from "#app/components/ui/private-icons";
import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { Labeled } from "#app/components/ui/labeled";
import { Button, buttonClass } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { recentIndexMonths } from "#app/models/owners/index-values.server";
import { formatRate, INDEX_CODES, INDEX_LABELS } from "#app/models/owners/readjustment";
import { requireRole } from "#app/utils/http.server";
import { addMonths, localToday } from "#app/models/shared/days";
import { indicesAction, type IndexAnswer } from "./indices-actions.server";
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

export async function action({ request, context }: Route.ActionArgs) {
  return indicesAction(request, await requireRole(context, "staff"));
}

const inputClass =
  "block w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid]:border-red-600 focus:border-brand-600";

export default function Indices({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const a: IndexAnswer = actionData ?? {};
  const err = a.errors ?? {};
  return (
    <div>
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
