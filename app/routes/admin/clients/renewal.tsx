import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { randomUUID } from "node:crypto";
import { data, Form } from "react-router";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { getClient } from "#app/models/clients/clients.server";
import { formatDay } from "#app/models/clients/status";
import { RENEWAL_MESSAGES as M, renewalSchema } from "#app/models/leases/renewal.schema";
import { leaseVersions, renewLease } from "#app/models/leases/renewal.server";
import { localToday } from "#app/models/shared/days";
import { formatBRL } from "#app/models/shared/money";
import { failedWriteAlert } from "#app/utils/failure.server";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/renewal";
import { readTab, tabListUrl } from "./clients-tabs";

// "Renovar ou aditar" (issue 36, docs/decisions/0071-renewals.md): a new end,
// a new rent from a day, or both, as a version of the lease with its Termo
// Aditivo; and the lease's history. A dialog over the client lists, a page
// without JavaScript.
export function meta() {
  return [{ title: "Renovar ou aditar contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const listOf = (url: URL) => tabListUrl(readTab(url), url.searchParams);

export async function loader({ params, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const client = id === null ? null : await getClient(getDb(), id);
  invariantResponse(client, M.notFound);
  return {
    client: {
      id: client.id,
      name: client.name,
      start: client.contract_start_date,
      end: client.contract_end_date,
      rent: client.monthly_rent_cents,
      endedOn: client.ended_on,
    },
    versions: await leaseVersions(getDb(), client.id),
    constraint: getZodConstraint(renewalSchema),
    onceKey: randomUUID(),
    list: listOf(url),
  };
}

const REFUSALS = {
  ended: ["new_end", M.ended],
  "end-before": ["new_end", M.endBefore],
  "before-start": ["effective_on", M.beforeStart],
  "same-rent": ["new_rent", M.sameRent],
  "rent-ahead": ["effective_on", M.rentAhead],
} as const;

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const id = parseId(params.id);
  invariantResponse(id !== null, M.notFound);
  const submission = parseWithZod(await readFormData(request), { schema: renewalSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  let done: Awaited<ReturnType<typeof renewLease>>;
  try {
    done = await renewLease(getDb(), id, submission.value, actor, pdfAgency(), localToday());
  } catch (error) {
    return failedWriteAlert("lease_version.create_failed", error, { result: submission.reply(), alert: M.failed });
  }
  if (!done.ok) {
    invariantResponse(done.reason !== "client", M.notFound);
    const [field, message] = REFUSALS[done.reason];
    return data({ result: submission.reply({ fieldErrors: { [field]: [message] } }), alert: null }, { status: 400 });
  }
  return redirectWithToast(`${url.pathname}${url.search}`, {
    type: "success",
    title: M.done,
    description: done.rebilled > 0 ? `${done.rebilled} cobrança(s) em aberto com o novo aluguel.` : undefined,
  });
}

export default function Renewal({ loaderData: d, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const [form, fields] = useForm<{ new_end: string; new_rent: string; effective_on: string; reason: string }>({
    lastResult: actionData?.result,
    constraint: d.constraint,
    defaultValue: { effective_on: localToday() },
    shouldRevalidate: "onSubmit",
  });
  const c = d.client;
  return (
    <RouteDialog title={`Renovar ou aditar contrato: ${c.name}`} closeTo={d.list} wide>
      <p className="text-sm text-slate-700">
        Hoje: de {formatDay(c.start) || "—"} a {formatDay(c.end) || "—"}, aluguel{" "}
        {c.rent != null ? formatBRL(c.rent) : "—"}. Um novo término renova o contrato (também o que está em prazo
        indeterminado); um novo aluguel vale para as cobranças em aberto a partir da vigência e para as próximas.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 md:grid-cols-2" key={d.onceKey}>
        {actionData?.alert ? <FormAlert title="Erro" description={actionData.alert} /> : null}
        <input type="hidden" name="chave" value={d.onceKey} />
        <Field meta={fields.new_end} label="Novo término" type="date" />
        <Field meta={fields.new_rent} label="Novo aluguel (R$)" type="text" inputMode="decimal" />
        <Field meta={fields.effective_on} label="Vigência *" type="date" hint="Desde quando vale o aditivo." />
        <Field meta={fields.reason} label="Motivo *" type="text" autoComplete="off" />
        <div className="md:col-span-2">
          <Button disabled={busy}>{busy ? "Salvando..." : "Salvar e gerar o Termo Aditivo"}</Button>
        </div>
      </Form>
      <section className="mt-6 border-t border-slate-200 pt-4">
        <h3 className="font-semibold text-slate-900">Histórico do contrato</h3>
        {d.versions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Nenhuma renovação ou aditivo.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="lease-versions">
            {d.versions.map((v) => (
              <li key={v.id} className="py-2">
                <span className="font-medium">{v.kind === "renovacao" ? "Renovação" : "Aditivo"}</span> em vigor desde{" "}
                {formatDay(v.effective_on)}: término {formatDay(v.before.end) || "—"} → {formatDay(v.after.end) || "—"},
                aluguel {v.before.rent_cents != null ? formatBRL(v.before.rent_cents) : "—"} →{" "}
                {v.after.rent_cents != null ? formatBRL(v.after.rent_cents) : "—"}
                <span className="block text-xs text-slate-600">
                  {v.reason} · por {v.created_by_name} ·{" "}
                  <a href={`/arquivos/aditivos/${v.id}?download=1`} className="text-brand-700 hover:underline">
                    Termo Aditivo (PDF)
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </RouteDialog>
  );
}
