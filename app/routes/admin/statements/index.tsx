import { parseWithZod } from "@conform-to/zod/v4";
import { Download, Upload } from "#app/components/ui/private-icons";
import { useState } from "react";
import { Form, Link, data } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { formatMegabytes } from "#app/components/admin/private-upload-form";
import { Button, buttonClass } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { getChargingSettings } from "#app/models/billing/settings.server";
import { formatDay } from "#app/models/clients/status";
import { importStatement, listStatementImports, type FirstImport } from "#app/models/reconciliation/imports.server";
import { STATEMENT_KIND_LABELS, STATEMENT_MESSAGES } from "#app/models/reconciliation/labels";
import { statementUploadSchema } from "#app/models/reconciliation/review.schema";
import { MAX_STATEMENT_BYTES } from "#app/models/reconciliation/statement";
import { ListCountExport } from "#app/components/admin/list-filter";
import { Pagination } from "#app/components/site/pagination";
import { listHref, readPage } from "#app/models/shared/list-query";
import { readPrivateUpload } from "#app/routes/admin/clients/private-upload.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { formatDateTime } from "#app/utils/format-date";
import { requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/index";

// "Importar extrato" (docs/product.md §Conciliação; docs/decisions/0037-reconciliation.md):
// the bank's OFX statement or CNAB 240 / CNAB 400 retorno, judged by
// content, at most 5 MB. A readable file is stored with its lines and
// proposals and its review opens; a wrong or broken one is the parser's
// message on this page, and nothing is stored; a file imported before says
// when and by whom, with a link to that import. Below, every import with
// who, when and its counts.
export function meta() {
  return [{ title: "Extratos Bancários | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ url }: Route.LoaderArgs) {
  return { imports: await listStatementImports(getDb(), readPage(url.searchParams)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const body = await readPrivateUpload(request, MAX_STATEMENT_BYTES, STATEMENT_MESSAGES.tooLarge);
  if ("error" in body) return data({ error: body.error }, { status: 400 });
  const submission = parseWithZod(body.formData, { schema: statementUploadSchema });
  if (submission.status !== "success") return data({ error: STATEMENT_MESSAGES.chooseFile }, { status: 400 });
  const { file } = submission.value;
  let outcome: Awaited<ReturnType<typeof importStatement>>;
  try {
    outcome = await importStatement(getDb(), {
      fileName: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      actor,
      issueDays: getChargingSettings().issueDays,
    });
  } catch (error) {
    return failedWriteAlert("statement.import_failed", error, { error: STATEMENT_MESSAGES.importFailed });
  }
  if (!outcome.ok && outcome.duplicate)
    return data({ error: outcome.message, duplicate: outcome.duplicate }, { status: 409 });
  if (!outcome.ok) return data({ error: outcome.message }, { status: 400 });
  const fresh = outcome.credits - outcome.already;
  const description =
    outcome.credits > 0 && fresh === 0
      ? `Nada novo: ${plural(outcome.already, "o crédito deste arquivo já foi conciliado", `os ${outcome.already} créditos deste arquivo já foram conciliados`)}. Nenhuma cobrança será baixada de novo.`
      : `${plural(outcome.credits, "1 crédito", `${outcome.credits} créditos`)}: ${outcome.exact} com correspondência exata, ${outcome.probable} ${outcome.probable === 1 ? "provável" : "prováveis"}${outcome.already > 0 ? `, ${outcome.already} já ${outcome.already === 1 ? "conciliado" : "conciliados"} antes` : ""}. Revise e confirme.`;
  return redirectWithToast(`/admin/extratos/${outcome.id}`, {
    type: "success",
    title: "Extrato importado",
    description,
  });
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

// "4 créditos · 1 exata · 2 prováveis · 1 já conciliado" (a zero is left out, the credits never).
function importCounts(s: {
  credits_count: number;
  exact_count: number;
  probable_count: number;
  already_count: number;
}) {
  const parts = [`${s.credits_count} ${plural(s.credits_count, "crédito", "créditos")}`];
  if (s.exact_count > 0) parts.push(`${s.exact_count} ${plural(s.exact_count, "exata", "exatas")}`);
  if (s.probable_count > 0) parts.push(`${s.probable_count} ${plural(s.probable_count, "provável", "prováveis")}`);
  if (s.already_count > 0) parts.push(`${s.already_count} já ${plural(s.already_count, "conciliado", "conciliados")}`);
  return parts.join(" · ");
}

export default function Statements({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  const error = actionData?.error;
  // The first import of the same file (its bytes), when this one was refused for it.
  const duplicate = (actionData as { duplicate?: FirstImport } | undefined)?.duplicate;
  return (
    <div>
      <AdminTitle title="Extratos Bancários">
        <Link to="/admin/clients?aba=cobrancas" className={buttonClass("secondary")}>
          Voltar às Cobranças
        </Link>
      </AdminTitle>
      <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Importar extrato</h2>
        <p className="mt-1 max-w-prose text-sm text-slate-700">
          Envie o extrato OFX do internet banking ou o arquivo de retorno da cobrança (CNAB 240 ou CNAB 400). Cada
          crédito é comparado com as cobranças em aberto; nada é baixado antes de você revisar e confirmar.
        </p>
        <Form method="post" encType="multipart/form-data" className="mt-4 max-w-xl space-y-4" noValidate>
          {duplicate ? (
            <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-950">
              <p className="font-semibold">Arquivo já importado</p>
              <p className="mt-1 text-sm" data-testid="already-imported">
                Este arquivo já foi importado em {formatDateTime(duplicate.createdAt)} por {duplicate.createdByName}.{" "}
                <Link to={`/admin/extratos/${duplicate.id}`} className="font-medium text-brand-800 underline">
                  Ver a primeira importação
                </Link>
              </p>
            </div>
          ) : error ? (
            <FormAlert title="Extrato não importado" description={error} />
          ) : null}
          <div>
            <label htmlFor="statement-file" className="mb-1 block text-sm font-medium text-slate-800">
              Arquivo
            </label>
            <input
              id="statement-file"
              name="file"
              type="file"
              required
              accept=".ofx,.ret,.txt,.rem,.cnab,application/x-ofx,text/plain"
              aria-invalid={error ? true : undefined}
              aria-describedby="statement-file-hint"
              className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold"
              onChange={(event) => {
                const picked = event.currentTarget.files?.[0];
                setChosen(picked ? { name: picked.name, size: picked.size } : null);
              }}
            />
            <p id="statement-file-hint" className="mt-1 text-sm text-slate-600">
              OFX (1.x ou 2.x), CNAB 240 ou CNAB 400 (Banco do Brasil, Itaú, Bradesco, Sicoob, Sicredi), até 5 MB.
            </p>
            {chosen ? (
              <p className="mt-1 text-sm text-slate-700" data-testid="chosen-file">
                <span className="font-medium break-all">{chosen.name}</span> · {formatMegabytes(chosen.size)}
              </p>
            ) : null}
          </div>
          <Button disabled={busy}>
            <Upload aria-hidden className="size-4" /> {busy ? "Importando..." : "Importar extrato"}
          </Button>
        </Form>
      </section>
      <ImportList imports={loaderData.imports} />
    </div>
  );
}

function ImportList({ imports: paged }: { imports: Route.ComponentProps["loaderData"]["imports"] }) {
  const imports = paged.rows;
  return (
    <section className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="importacoes">
      <h2 id="importacoes" className="p-4 text-lg font-semibold text-slate-900">
        Importações
      </h2>
      {imports.length === 0 ? (
        <p className="px-4 pb-6 text-sm text-slate-600">Nenhum extrato importado ainda.</p>
      ) : (
        <>
          <div className="px-4">
            <ListCountExport
              total={paged.total}
              one="importação"
              many="importações"
              page={paged.page}
              pages={paged.pages}
              exportHref="/admin/extratos/exportar"
            />
          </div>
          <ul className="divide-y divide-slate-100 border-t border-slate-100" data-testid="statement-imports">
            {imports.map((s) => (
              <li key={s.id} className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 p-4 text-sm">
                <div className="min-w-0">
                  <Link
                    to={`/admin/extratos/${s.id}`}
                    className="font-semibold break-all text-brand-800 hover:underline"
                  >
                    {s.file_name}
                  </Link>
                  <p className="text-slate-600">
                    {STATEMENT_KIND_LABELS[s.kind]}
                    {s.account ? ` · conta ${s.account}` : ""}
                    {s.period_start && s.period_end
                      ? ` · ${formatDay(s.period_start)} a ${formatDay(s.period_end)}`
                      : ""}
                  </p>
                  <p className="text-slate-600">
                    Importado por {s.created_by_name} em {formatDateTime(s.created_at)}
                  </p>
                </div>
                <div className="text-slate-700">
                  <p>{importCounts(s)}</p>
                  <p className="font-medium">
                    {s.confirmed_at
                      ? `Confirmado por ${s.confirmed_by_name}: ${s.settled_count} ${s.settled_count === 1 ? "cobrança baixada" : "cobranças baixadas"}`
                      : "Aguardando revisão"}
                  </p>
                  <a
                    href={`/arquivos/extratos/${s.id}?download=1`}
                    download
                    className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                  >
                    <Download aria-hidden className="size-4" /> Baixar arquivo
                  </a>
                </div>
              </li>
            ))}
          </ul>
          <div className="pb-6">
            <Pagination
              page={paged.page}
              pageCount={paged.pages}
              hrefFor={(p) => listHref("/admin/extratos", { pagina: p })}
            />
          </div>
        </>
      )}
    </section>
  );
}
