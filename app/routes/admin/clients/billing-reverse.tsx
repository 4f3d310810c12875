import { randomUUID } from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { ErrorPage } from "#app/components/site/error-page";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { BILLING_MESSAGES, reversalSchema } from "#app/models/billing/billing.schema";
import { billingRowHref } from "#app/models/billing/billing-query";
import { periodLabel } from "#app/models/billing/months";
import { reverseBillingPayments } from "#app/models/billing/payments.server";
import { formatDay } from "#app/models/clients/status";
import { paymentsToReverse } from "#app/models/ledger/reversal.server";
import { localToday } from "#app/models/shared/days";
import { formatBRL } from "#app/models/shared/money";
import { failedWriteAlert } from "#app/utils/failure.server";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/billing-reverse";

// "Estornar pagamento" (issue 35, docs/decisions/0061-rent-ledger.md): the
// confirmation page of a reversal, a dialog over the tab (a page without
// JavaScript). It lists every payment that goes back (a payment paid into
// other months goes back whole: the money came, or did not) and the receipts
// it cancels; the reason is required. The entries stay, reversed by new ones;
// the receipts stay, cancelled; their numbers are never given again.
export function meta() {
  return [{ title: "Estornar pagamento | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const found = id === null ? null : await paymentsToReverse(getDb(), id);
  invariantResponse(found, "Cobrança não encontrada");
  return { ...found, key: randomUUID(), constraint: getZodConstraint(reversalSchema) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const id = parseId(params.id);
  const found = id === null ? null : await paymentsToReverse(getDb(), id);
  invariantResponse(found, "Cobrança não encontrada");
  const submission = parseWithZod(await readFormData(request), { schema: reversalSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { reason, chave } = submission.value;
  let done: Awaited<ReturnType<typeof reverseBillingPayments>>;
  try {
    done = await reverseBillingPayments(getDb(), found.billing.id, reason, actor, localToday(), chave);
  } catch (error) {
    return failedWriteAlert("billing.reverse_failed", error, {
      result: submission.reply({ formErrors: [BILLING_MESSAGES.reverseFailed] }),
    });
  }
  const row = billingRowHref(found.billing.client_id, found.billing.id);
  if (!done.ok)
    return redirectWithToast(row, { type: "error", title: "Erro", description: BILLING_MESSAGES.nothingToReverse });
  const voided =
    done.voided.length === 0
      ? ""
      : ` ${done.voided.length === 1 ? "Recibo" : "Recibos"} nº ${done.voided.join(", ")} cancelado${done.voided.length === 1 ? "" : "s"}.`;
  const debit =
    done.ownerDebits.length === 0 ? "" : " O valor repassado será descontado do próximo repasse do proprietário.";
  return redirectWithToast(row, {
    type: "success",
    title: BILLING_MESSAGES.reversed,
    description: `${found.billing.client_name}, ${periodLabel(found.billing.month_year)}: ${reason}.${voided}${debit}`,
  });
}

export default function ReverseBilling({ loaderData, actionData }: Route.ComponentProps) {
  const { billing: b, payments, transferred } = loaderData;
  const closeTo = `/admin/clients/cobrancas/${b.id}`;
  const [form, fields] = useForm({
    id: `reverse-${b.id}`,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    shouldRevalidate: "onSubmit",
  });
  return (
    <RouteDialog title="Estornar pagamento" closeTo={closeTo}>
      {payments.length === 0 ? (
        <p>{BILLING_MESSAGES.nothingToReverse}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          {form.errors?.length ? <p className="text-sm font-medium text-red-700">{form.errors[0]}</p> : null}
          <p>
            Estornar {payments.length === 1 ? "o pagamento" : "os pagamentos"} da cobrança de{" "}
            <strong>{periodLabel(b.month_year)}</strong> de <strong>{b.client_name}</strong>?
          </p>
          <ul className="space-y-2 text-sm" data-testid="reverse-list">
            {payments.map((p) => (
              <li key={p.id} className="rounded border border-slate-200 p-3">
                <span className="font-medium text-slate-900">
                  {formatBRL(p.amount_cents)} recebidos em {formatDay(p.on_date)}
                </span>
                {p.months.length > 1 ? (
                  <span className="block text-slate-700">
                    Pagou {p.months.map(periodLabel).join(", ")}: volta inteiro.
                  </span>
                ) : null}
                {p.receipts.length > 0 ? (
                  <span className="block text-slate-700">
                    {p.receipts.length === 1 ? "Cancela o Recibo" : "Cancela os Recibos"} nº {p.receipts.join(", ")}.
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-700">
            A cobrança volta a ficar em aberto, com multa e juros desde o vencimento. Os recibos ficam no histórico como
            cancelados e seus números não são reutilizados.
          </p>
          {transferred.length > 0 ? (
            <div
              className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="reverse-transferred"
            >
              {transferred.map((t) => (
                <p key={`${t.statementId}-${t.monthYear}`}>
                  {periodLabel(t.monthYear)} já foi repassado a <strong>{t.ownerName}</strong> (extrato nº{" "}
                  {t.statementId}): {formatBRL(t.netCents)} serão descontados do próximo repasse, e a taxa de
                  administração desse aluguel é devolvida.
                </p>
              ))}
            </div>
          ) : null}
          <input type="hidden" name="chave" value={loaderData.key} />
          <Field meta={fields.reason} label="Motivo do estorno" as="textarea" rows={2} />
          <div className="flex flex-wrap gap-3">
            <Button variant="danger">Confirmar estorno</Button>
            <Link to={closeTo} preventScrollReset className={buttonClass("secondary")}>
              Cancelar
            </Link>
          </div>
        </Form>
      )}
    </RouteDialog>
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
