import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { billingHref, billingRowHref } from "#app/models/billing/billing-query";
import { clientOfBilling } from "#app/models/billing/billing-queues.server";
import { getDb } from "#app/db/db.server";
import { BILLING_MESSAGES, billingManageSchema } from "#app/models/billing/billing.schema";
import { periodLabel } from "#app/models/billing/months";
import { registerPayment, setBillingStatus } from "#app/models/billing/payments.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { PAST_DUE_NOTE, billingStatusLabel, isPastDue } from "#app/models/billing/status";
import { formatDay } from "#app/models/clients/status";
import { resolveDifference } from "#app/models/reconciliation/differences.server";
import { STATEMENT_MESSAGES } from "#app/models/reconciliation/labels";
import { failedWriteAlert } from "#app/utils/failure.server";
import { formatBRL } from "#app/models/shared/money";
import { localToday } from "#app/models/shared/days";
import { redirectWithToast } from "#app/utils/toast.server";

// The posts of one billing's dialog (routes/admin/clients/billing-manage.tsx),
// one schema branch per intent: "payment" (Registrar pagamento, its field
// errors answered beside the form), "status" (the selector, here and on the
// list: redirects with a toast) and "difference" (Diferenças: resolved).

const LIST = "/admin/clients?aba=cobrancas";

function issuer(today: string) {
  return { agency: pdfAgency(), today };
}

const transferredMessage = (statementId: number) =>
  `Este pagamento já foi repassado ao proprietário (extrato nº ${statementId}) e não pode mais ser alterado.`;

export async function billingManageAction(form: FormData, id: number | null, actor: { id: number; name: string }) {
  const fail = () =>
    redirectWithToast(LIST, { type: "error", title: "Erro", description: BILLING_MESSAGES.statusFailed });
  const submission = parseWithZod(form, { schema: billingManageSchema });
  if (id === null) return fail();
  const today = localToday();
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    return intent === "payment" ? data({ result: submission.reply() }, { status: 400 }) : fail();
  }
  const value = submission.value;
  if (value.intent === "difference") {
    const resolved = await resolveDifference(getDb(), id, actor);
    if (!resolved) return fail();
    return redirectWithToast(billingHref({ queue: "diferencas" }), {
      type: "success",
      title: STATEMENT_MESSAGES.differenceResolved,
    });
  }
  const clientId = await clientOfBilling(getDb(), id);
  const row = clientId === null ? LIST : billingRowHref(clientId, id);
  if (value.intent === "payment") {
    let paid: Awaited<ReturnType<typeof registerPayment>>;
    try {
      paid = await registerPayment(getDb(), id, value, actor, issuer(today));
    } catch (error) {
      return failedWriteAlert("billing.payment_failed", error, {
        result: submission.reply({ formErrors: [BILLING_MESSAGES.paymentFailed] }),
      });
    }
    if (!paid.ok) {
      if (paid.reason === "billing") return fail();
      if (paid.reason === "transferred")
        return data(
          { result: submission.reply({ formErrors: [transferredMessage(paid.statementId)] }) },
          { status: 400 },
        );
      return data(
        { result: submission.reply({ fieldErrors: { payment_date: [BILLING_MESSAGES.futurePayment] } }) },
        { status: 400 },
      );
    }
    return redirectWithToast(row, {
      type: "success",
      title: BILLING_MESSAGES.paymentRegistered,
      description: `${paid.clientName}, ${periodLabel(paid.month_year)}: ${formatBRL(paid.amount_paid)} em ${formatDay(paid.payment_date)}. Recibo nº ${paid.receiptNumber}.`,
    });
  }
  const updated = await setBillingStatus(getDb(), id, value.status, actor, issuer(today));
  if (!updated) return fail();
  if (updated.transferred !== null)
    return redirectWithToast(row, {
      type: "error",
      title: "Erro",
      description: transferredMessage(updated.transferred),
    });
  const paidOn = updated.payment_date ? ` em ${formatDay(updated.payment_date)}` : "";
  const receipt = updated.receiptNumber ? `. Recibo nº ${updated.receiptNumber}` : "";
  const pastDue = updated.status === "pending" && isPastDue(updated.due_date, today) ? ` (${PAST_DUE_NOTE})` : "";
  return redirectWithToast(row, {
    type: "success",
    title: BILLING_MESSAGES.statusUpdated,
    description: `${updated.clientName}, ${periodLabel(updated.month_year)}: ${billingStatusLabel(updated.status)}${paidOn}${receipt}${pastDue}.`,
  });
}
