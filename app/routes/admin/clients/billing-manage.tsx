import { parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import {
  BillingDocuments,
  BillingStatusForm,
  PastDueNote,
  billingRowAnchor,
} from "#app/components/admin/billing-panel";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { BillingStatusBadge } from "#app/components/billing/billing-status-badge";
import { ErrorPage } from "#app/components/site/error-page";
import { getDb } from "#app/db/db.server";
import { BILLING_MESSAGES, billingStatusSchema } from "#app/models/billing/billing.schema";
import { getBilling, setBillingStatus } from "#app/models/billing/billing.server";
import { periodLabel } from "#app/models/billing/months";
import { PAST_DUE_NOTE, billingStatusLabel, isPastDue } from "#app/models/billing/status";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/utils/format";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { failedWriteToast } from "#app/utils/failure.server";
import { localToday } from "#app/utils/local-date";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/billing-manage";

// One billing (a row of Gestão de Cobranças, its Período links here): a dialog
// over the tab (decision 0010) with its details, its boletos and the status
// selector, which posts here from the list too. Any status from any other
// (docs/product.md §Cobranças); Pago stamps the agency's day as the payment
// date. Every outcome of the action is a redirect with a toast (a row button's
// way); Pendente saved on a billing past its due date says why it reads Em
// Atraso.
export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Cobrança de ${periodLabel(loaderData.billing.month_year)}` : "Cobrança";
  return [{ title: `${title} | Painel Administrativo` }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=cobrancas";

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const billing = id === null ? null : await getBilling(getDb(), id);
  invariantResponse(billing, "Cobrança não encontrada");
  return { billing, today: localToday() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const fail = () =>
    redirectWithToast(LIST, { type: "error", title: "Erro", description: BILLING_MESSAGES.statusFailed });
  const id = parseId(params.id);
  const submission = parseWithZod(await readFormData(request), { schema: billingStatusSchema });
  if (id === null || submission.status !== "success") return fail();
  const today = localToday();
  let updated: Awaited<ReturnType<typeof setBillingStatus>>;
  try {
    updated = await setBillingStatus(getDb(), id, submission.value.status, actor, today);
  } catch (error) {
    return failedWriteToast("billing.status_failed", error, LIST, {
      title: "Erro",
      description: BILLING_MESSAGES.statusFailed,
    });
  }
  if (!updated) return fail();
  const paid = updated.payment_date ? ` em ${formatDay(updated.payment_date)}` : "";
  const pastDue = updated.status === "pending" && isPastDue(updated.due_date, today) ? ` (${PAST_DUE_NOTE})` : "";
  return redirectWithToast(`${LIST}#${billingRowAnchor(id)}`, {
    type: "success",
    title: BILLING_MESSAGES.statusUpdated,
    description: `${updated.clientName}, ${periodLabel(updated.month_year)}: ${billingStatusLabel(updated.status)}${paid}${pastDue}.`,
  });
}

export default function ManageBilling({ loaderData }: Route.ComponentProps) {
  const { billing: b, today } = loaderData;
  const period = periodLabel(b.month_year);
  return (
    <RouteDialog title={`Cobrança de ${period}`} closeTo={`${LIST}#${billingRowAnchor(b.id)}`}>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Item label="Cliente">{b.client_name}</Item>
        <Item label="Status">
          <BillingStatusBadge status={b.status} />
        </Item>
        <Item label="Período">{period}</Item>
        <Item label="Valor">{formatBRL(b.amount_cents)}</Item>
        <Item label="Vencimento">{formatDay(b.due_date)}</Item>
        <Item label="Pago em">{b.payment_date ? formatDay(b.payment_date) : "—"}</Item>
        <Item label="ID do pagamento">{b.external_payment_id || "—"}</Item>
        <Item label="Boletos">
          <BillingDocuments documents={b.documents} />
        </Item>
      </dl>
      <div className="mt-5 space-y-2 border-t border-slate-200 pt-5 sm:max-w-xs">
        <BillingStatusForm id={b.id} status={b.status} label="Status desta cobrança" showLabel />
        <PastDueNote status={b.status} dueDate={b.due_date} today={today} />
        <p className="text-xs text-slate-600">
          Pago registra a data de hoje como data de pagamento. Uma cobrança pendente com o vencimento passado aparece
          como Em Atraso.
        </p>
      </div>
    </RouteDialog>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Cobrança não encontrada"
      notFoundText="Esta cobrança não existe ou foi excluída."
    />
  );
}
