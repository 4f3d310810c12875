import { randomUUID } from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { ErrorPage } from "#app/components/site/error-page";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field, FormAlert, inputClass } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { getChargingSettings } from "#app/models/billing/settings.server";
import { formatDay } from "#app/models/clients/status";
import { STATEMENT_MESSAGES } from "#app/models/reconciliation/labels";
import { SPLIT_MESSAGES, SPLIT_ROW_NUMBERS, splitFieldsSchema } from "#app/models/reconciliation/split.schema";
import { getSplitPage, type SplitOption } from "#app/models/reconciliation/split.server";
import { localToday } from "#app/models/shared/days";
import { readSearch } from "#app/models/shared/list-query";
import { formatBRL } from "#app/models/shared/money";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { splitCreditAction } from "./split-actions.server";
import type { Route } from "./+types/split";

// "Dividir crédito" (issue 35; docs/decisions/0037-reconciliation.md): one
// credit of an import not yet confirmed paying up to six billings, a part
// each (app/models/reconciliation/split.server.ts). A page, so that it works
// without JavaScript: the post goes back to the review with a toast, or
// comes back here with the errors and the typed values.
export function meta() {
  return [{ title: "Dividir crédito | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

function ids(params: Route.LoaderArgs["params"]) {
  const importId = parseId(params.id);
  const lineId = parseId(params.linha);
  invariantResponse(importId !== null && lineId !== null, "Crédito não encontrado");
  return { importId, lineId };
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const { importId, lineId } = ids(params);
  const search = readSearch(url.searchParams);
  const page = await getSplitPage(getDb(), importId, lineId, {
    today: localToday(),
    issueDays: getChargingSettings().issueDays,
    search,
  });
  invariantResponse(page, "Crédito não encontrado");
  return { ...page, search, key: randomUUID(), constraint: getZodConstraint(splitFieldsSchema) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const { importId, lineId } = ids(params);
  return splitCreditAction(await readFormData(request), importId, lineId, actor);
}

const optionText = (o: SplitOption) =>
  `${o.client_name} · ${periodLabel(o.month_year)} · venc. ${formatDay(o.due_date)} · ${formatBRL(o.open_cents)} em aberto`;

export default function SplitCredit({ loaderData, actionData }: Route.ComponentProps) {
  const { line, state, payer, found, near, search } = loaderData;
  const review = `/admin/extratos/${line.import_id}`;
  const busy = useIsPending();
  const [form, fields] = useForm({
    id: `split-${line.id}`,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    shouldRevalidate: "onSubmit",
  });
  const listed = new Set([...payer, ...found, ...near].map((o) => o.id));
  const chosen = (actionData?.chosen ?? []).filter((o) => !listed.has(o.id));
  const groups = [
    { label: "Escolhidas", options: chosen },
    { label: "Do pagador (CPF/CNPJ)", options: payer },
    { label: search ? `Busca: ${search}` : "Busca", options: found },
    { label: "Valor mais próximo", options: near },
  ].filter((g) => g.options.length > 0);
  return (
    <div>
      <AdminTitle title="Dividir crédito">
        <Link to={review} className={buttonClass("secondary")}>
          Voltar à conciliação
        </Link>
      </AdminTitle>
      <section
        className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:p-6"
        data-testid="split-line"
      >
        <h2 className="break-all font-semibold text-slate-900">{line.file_name}</h2>
        <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Crédito em</dt>
          <dd className="font-medium text-slate-900">{formatDay(line.posted_date)}</dd>
          <dt className="text-slate-600">Valor</dt>
          <dd className="text-lg font-semibold text-slate-900">{formatBRL(line.amount_cents)}</dd>
          <dt className="text-slate-600">Descrição</dt>
          <dd className="break-words text-slate-900">{line.memo || "—"}</dd>
          {line.payer_name || line.payer_doc ? (
            <>
              <dt className="text-slate-600">Pagador</dt>
              <dd className="break-words text-slate-900">
                {[line.payer_name, line.payer_doc].filter(Boolean).join(" · ")}
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      {state !== "open" ? (
        <div className="mt-6">
          <FormAlert
            title={state === "confirmed" ? STATEMENT_MESSAGES.alreadyConfirmed : SPLIT_MESSAGES.settled}
            description="Não há o que dividir."
          />
        </div>
      ) : (
        <>
          <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" role="search">
            <label className="min-w-0 flex-1 text-sm font-medium text-slate-800 sm:max-w-sm">
              Buscar inquilino
              <input
                name="busca"
                type="search"
                defaultValue={search}
                placeholder="Nome ou CPF/CNPJ"
                className={`mt-1 ${inputClass}`}
              />
            </label>
            <button type="submit" className={buttonClass("secondary")}>
              Buscar
            </button>
          </Form>
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            {form.errors?.length ? (
              <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
                <p className="font-semibold">Nada foi baixado.</p>
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {form.errors.map((e) => (
                    <li key={e}>{e}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <p className="text-sm text-slate-700">
              Escolha as cobranças e quanto do crédito vai para cada uma: a soma das partes deve ser{" "}
              <strong className="whitespace-nowrap">{formatBRL(line.amount_cents)}</strong>. Cada parte paga a sua
              cobrança (juros, multa e aluguel); o que passar do devido paga as outras cobranças em aberto do mesmo
              inquilino, e o resto fica como crédito dele.
            </p>
            <input type="hidden" name="chave" value={loaderData.key} />
            {SPLIT_ROW_NUMBERS.map((n) => (
              <fieldset
                key={n}
                className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_11rem] sm:items-start"
              >
                <legend className="px-1 text-sm font-semibold text-slate-900">Parte {n}</legend>
                <Field meta={fields[`cobranca${n}`]} label="Cobrança" as="select" className="min-w-0">
                  <option value="">—</option>
                  {groups.map((g) => (
                    <optgroup key={g.label} label={g.label}>
                      {g.options.map((o) => (
                        <option key={o.id} value={o.id}>
                          {optionText(o)}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </Field>
                <Field
                  meta={fields[`valor${n}`]}
                  label="Valor (R$)"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                />
              </fieldset>
            ))}
            <div className="flex flex-wrap items-center justify-end gap-3">
              <Link to={review} className={buttonClass("secondary")}>
                Cancelar
              </Link>
              <Button disabled={busy}>{busy ? "Dividindo..." : "Dividir crédito"}</Button>
            </div>
          </Form>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Crédito não encontrado"
      notFoundText="Este crédito não existe nesta importação."
    />
  );
}
