import { getZodConstraint } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BillingDocuments, BillingStatusForm, PastDueNote } from "#app/components/admin/billing-rows";
import { GraceNote, ProRata } from "#app/components/billing/period-notes";
import { PaymentForm } from "#app/components/admin/billing-payment-form";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { BillingStatusBadge, OpenBalance } from "#app/components/billing/billing-status-badge";
import { isPartiallyPaid } from "#app/models/billing/status";
import { ChargesList } from "#app/components/billing/charges-list";
import { FileCheck2 } from "#app/components/ui/private-icons";
import { ErrorPage } from "#app/components/site/error-page";
import { getDb } from "#app/db/db.server";
import { getBilling } from "#app/models/billing/billing.server";
import { chargesOfBillings } from "#app/models/charges/beside.server";
import { withheldOfBillings } from "#app/models/withholding/irrf.server";
import { billingRowHref } from "#app/models/billing/billing-query";
import { periodLabel } from "#app/models/billing/months";
import { formatDay, rentInputValue } from "#app/models/clients/status";
import { formatBRL, parseBRL } from "#app/models/shared/money";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { randomUUID } from "node:crypto";
import { discountSchema, paymentSchema } from "#app/models/billing/billing.schema";
import { DiscountForm } from "#app/components/admin/billing-discount-form";
import { billingManageAction } from "./billing-manage-actions.server";
import { formatDateTime } from "#app/utils/format-date";
import { localToday, parseLocalDay } from "#app/models/shared/days";
import { listBillingNotices } from "#app/models/billing/notices.server";
import { differenceLabel } from "#app/models/reconciliation/labels";
import type { Route } from "./+types/billing-manage";

// One billing (a row of Gestão de Cobranças, its Período links here): a dialog
// over the tab (decision 0010) with its details, what it costs today
// (itemized), its boletos, receipts and notices, the payment form and the
// status selector, which posts here from the list too. Any status from any
// other (docs/product.md §Cobranças). "Registrar pagamento" records the day
// and the amount received and makes the numbered receipt; Pago from the
// selector does the same with today and the amount due today. The selector's
// outcomes are redirects with a toast (a row button's way); the payment form
// answers its field errors on the same page, typed values kept.
export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Cobrança de ${periodLabel(loaderData.billing.month_year)}` : "Cobrança";
  return [{ title: `${title} | Painel Administrativo` }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const today = localToday();
  const db = getDb();
  const billing = id === null ? null : await getBilling(db, id, today);
  invariantResponse(billing, "Cobrança não encontrada");
  return {
    billing,
    notices: await listBillingNotices(db, billing.id),
    beside: (await chargesOfBillings(db, [billing.id])).get(billing.id) ?? [],
    withheld: (await withheldOfBillings(db, [billing.id])).get(billing.id) ?? 0,
    today,
    // Today and what it owes today (the rest, for one paid in part); from
    // "Comprovantes a conferir", the day and amount the tenant said (decision 0063).
    paymentDefaults: proposedPayment(url.searchParams, today, billing.charges.total),
    constraint: getZodConstraint(paymentSchema),
    discountConstraint: getZodConstraint(discountSchema),
    // The forms' one-time keys (decision 0061): a second post of the same
    // form writes nothing and answers the first result.
    keys: { payment: randomUUID(), discount: randomUUID() },
  };
}

function proposedPayment(params: URLSearchParams, today: string, owed: number) {
  const day = parseLocalDay(params.get("data") ?? "");
  const amount = parseBRL(params.get("valor") ?? "");
  return {
    payment_date: day && day <= today ? day : today,
    amount_paid: rentInputValue(amount != null && amount > 0 ? amount : owed),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  return billingManageAction(await readFormData(request), parseId(params.id), actor);
}

export default function ManageBilling({ loaderData, actionData }: Route.ComponentProps) {
  const { billing: b, today, notices } = loaderData;
  const period = periodLabel(b.month_year);
  const open = b.status !== "paid";
  const partial = isPartiallyPaid(b);
  const intent = actionData && "intent" in actionData ? actionData.intent : null;
  return (
    <RouteDialog title={`Cobrança de ${period}`} closeTo={billingRowHref(b.client_id, b.id)}>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Item label="Cliente">{b.client_name}</Item>
        <Item label="Status">
          <BillingStatusBadge status={b.status} partial={partial} />
          {partial ? <OpenBalance cents={b.open_cents} className="mt-1" /> : null}
        </Item>
        <Item label="Período">{period}</Item>
        <Item label="Valor">
          {formatBRL(b.amount_cents)}
          <ProRata billing={b} />
        </Item>
        <Item label="Vencimento">
          {formatDay(b.due_date)}
          <GraceNote billing={b} />
        </Item>
        <Item label="Pago em">{b.payment_date ? formatDay(b.payment_date) : "—"}</Item>
        <Item label="Valor recebido">
          {b.amount_paid_cents !== null ? formatBRL(b.amount_paid_cents) : "—"}
          {b.payment_difference_cents !== null ? (
            <span className="block text-amber-800">
              {differenceLabel(b.payment_difference_cents)}
              {b.difference_resolved_at ? ` (resolvida em ${formatDateTime(b.difference_resolved_at)})` : ""}
            </span>
          ) : null}
        </Item>
        <Item label="ID do pagamento">{b.external_payment_id || "—"}</Item>
        <Item label="Boletos">
          <BillingDocuments documents={b.documents} />
        </Item>
        <Item label="Recibos">
          {b.receipts.length === 0 ? (
            "—"
          ) : (
            <ul className="space-y-1">
              {b.receipts.map((r) => (
                <li key={r.id}>
                  <a
                    href={`/arquivos/recibos/${r.id}?download=1`}
                    download
                    className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                  >
                    <FileCheck2 aria-hidden className="size-4 shrink-0" />
                    Recibo nº {r.id}
                  </a>{" "}
                  <span className="text-slate-600">
                    {formatBRL(r.total_cents)}, pago em {formatDay(r.payment_date)}
                    {r.voided_at
                      ? ` · cancelado em ${formatDateTime(r.voided_at)}${r.void_reason ? ` (${r.void_reason})` : ""}`
                      : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Item>
      </dl>
      {open ? (
        <section aria-labelledby="a-pagar-hoje" className="mt-5 border-t border-slate-200 pt-5 sm:max-w-sm">
          <h3 id="a-pagar-hoje" className="mb-1 font-semibold text-slate-900">
            Valor para pagamento hoje ({formatDay(today)})
          </h3>
          <ChargesList
            charges={b.charges}
            partial={isPartiallyPaid(b)}
            beside={loaderData.beside}
            withheld={loaderData.withheld}
          />
          <Link to={`/admin/clients/${b.client_id}/encargos`} className="text-sm text-brand-700 hover:underline">
            Encargos do contrato (IPTU, condomínio, reparos)
          </Link>
        </section>
      ) : null}
      {open ? (
        <>
          <PaymentForm
            id={b.id}
            partial={partial}
            onceKey={loaderData.keys.payment}
            defaults={loaderData.paymentDefaults}
            constraint={loaderData.constraint}
            result={intent === "payment" ? actionData?.result : undefined}
          />
          <DiscountForm
            id={b.id}
            onceKey={loaderData.keys.discount}
            constraint={loaderData.discountConstraint}
            result={intent === "discount" ? actionData?.result : undefined}
          />
        </>
      ) : null}
      {b.amount_paid_cents !== null ? (
        <p className="mt-5 border-t border-slate-200 pt-5 text-sm text-slate-700">
          Pagamento registrado por engano ou devolvido pelo banco?{" "}
          <Link to={`/admin/clients/cobrancas/${b.id}/estorno`} className="font-medium text-red-800 underline">
            Estornar pagamento
          </Link>
          . O recibo é cancelado e a cobrança volta a ficar em aberto; para corrigir a data ou o valor, estorne e
          registre de novo.
        </p>
      ) : null}
      <div className="mt-5 space-y-2 border-t border-slate-200 pt-5 sm:max-w-xs">
        <BillingStatusForm id={b.id} status={b.status} label="Status desta cobrança" showLabel />
        <PastDueNote status={b.status} graceUntil={b.grace_until} today={today} />
        <p className="text-xs text-slate-600">
          Pago pelo seletor pede a data e o valor recebido. Tirar uma cobrança de Pago abre o estorno, que pede o
          motivo. Uma cobrança pendente com o vencimento passado aparece como Em Atraso.
        </p>
      </div>
      <section aria-labelledby="avisos" className="mt-5 border-t border-slate-200 pt-5">
        <h3 id="avisos" className="mb-2 font-semibold text-slate-900">
          Avisos por email
        </h3>
        {notices.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum aviso enviado ainda.</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="billing-notices">
            {notices.map((n) => (
              <li key={n.id}>
                <span className="font-medium text-slate-900">{n.label}</span>
                {": "}
                <span className="text-slate-600">
                  {n.sent_at
                    ? `enviado em ${formatDateTime(n.sent_at)}`
                    : n.gaveUp
                      ? `não enviado: desistimos após ${n.attempts} tentativas (${n.last_error ?? "erro"})`
                      : `na fila${n.attempts > 0 ? ` (${n.attempts} ${n.attempts === 1 ? "tentativa falhou" : "tentativas falharam"}; nova tentativa em ${formatDateTime(n.next_attempt_at)})` : ""}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
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
