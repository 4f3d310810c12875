import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { billingHref, billingRowHref } from "#app/models/billing/billing-query";
import { clientOfBilling } from "#app/models/billing/billing-queues.server";
import { getDb } from "#app/db/db.server";
import { BILLING_MESSAGES, billingManageSchema } from "#app/models/billing/billing.schema";
import { periodLabel } from "#app/models/billing/months";
import { registerPayment, type PaymentResult } from "#app/models/billing/payments.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { formatDay } from "#app/models/clients/status";
import { grantDiscount } from "#app/models/ledger/discount.server";
import { setOpenStatus } from "#app/models/ledger/ledger.server";
import { PAST_DUE_NOTE, billingStatusLabel, isPastDue } from "#app/models/billing/status";
import { resolveDifference } from "#app/models/reconciliation/differences.server";
import { STATEMENT_MESSAGES } from "#app/models/reconciliation/labels";
import { failedWriteAlert } from "#app/utils/failure.server";
import { formatBRL } from "#app/models/shared/money";
import { localToday } from "#app/models/shared/days";
import { redirectWithToast } from "#app/utils/toast.server";

// The posts of one billing's dialog (routes/admin/clients/billing-manage.tsx),
// one schema branch per intent. Each that moves money is a ledger action
// (docs/decisions/0061-rent-ledger.md) with the form's one-time key:
// "payment" (Registrar pagamento), "discount" (Conceder desconto), their
// field errors answered beside the form. "status" (the selector, here and
// on the list) writes nothing by itself: to Pago it asks the payment's date
// and amount, from Pago it opens the estorno's page. "difference": a
// difference of the flat shape marked resolved.

const LIST = "/admin/clients?aba=cobrancas";

export const transferredMessage = (statementId: number) =>
  `Este pagamento já foi repassado ao proprietário (extrato nº ${statementId}) e não pode mais ser alterado.`;

// What the toast says of a payment: the amount, its receipts, what stays
// open, what became the tenant's credit.
export function paymentToast(paid: Extract<PaymentResult, { ok: true }>) {
  const numbers = paid.receipts.map((r) => r.id);
  const receipts =
    numbers.length === 0
      ? ""
      : numbers.length === 1
        ? ` Recibo nº ${numbers[0]}.`
        : ` Recibos nº ${numbers.join(", ")}.`;
  const open = paid.openAfter > 0 ? ` Saldo devedor: ${formatBRL(paid.openAfter)}.` : "";
  const credit = paid.creditLeft > 0 ? ` Crédito do inquilino: ${formatBRL(paid.creditLeft)}.` : "";
  return `${paid.clientName}, ${periodLabel(paid.month_year)}: ${formatBRL(paid.amount_paid)} em ${formatDay(paid.payment_date)}.${receipts}${open}${credit}`;
}

export async function billingManageAction(form: FormData, id: number | null, actor: { id: number; name: string }) {
  const fail = () =>
    redirectWithToast(LIST, { type: "error", title: "Erro", description: BILLING_MESSAGES.statusFailed });
  const submission = parseWithZod(form, { schema: billingManageSchema });
  if (id === null) return fail();
  const today = localToday();
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    return intent === "payment" || intent === "discount"
      ? data({ intent, result: submission.reply() }, { status: 400 })
      : fail();
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
  if (clientId === null) return fail();
  const row = billingRowHref(clientId, id);
  const dialog = `/admin/clients/cobrancas/${id}`;
  if (value.intent === "payment") {
    let paid: PaymentResult;
    try {
      paid = await registerPayment(
        getDb(),
        id,
        { payment_date: value.payment_date, amount_paid: value.amount_paid, op_key: value.chave },
        actor,
        { agency: pdfAgency(), today },
      );
    } catch (error) {
      return failedWriteAlert("billing.payment_failed", error, {
        intent: value.intent,
        result: submission.reply({ formErrors: [BILLING_MESSAGES.paymentFailed] }),
      });
    }
    if (!paid.ok) {
      if (paid.reason === "billing") return fail();
      const errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } =
        paid.reason === "transferred"
          ? { formErrors: [transferredMessage(paid.statementId)] }
          : paid.reason === "amount"
            ? { fieldErrors: { amount_paid: [BILLING_MESSAGES.amountPaid] } }
            : { fieldErrors: { payment_date: [BILLING_MESSAGES.futurePayment] } };
      return data({ intent: value.intent, result: submission.reply(errors) }, { status: 400 });
    }
    return redirectWithToast(row, {
      type: "success",
      title: BILLING_MESSAGES.paymentRegistered,
      description: paymentToast(paid),
    });
  }
  if (value.intent === "discount") {
    const done = await getDb()
      .transaction()
      .execute((trx) => grantDiscount(trx, id, value.item, value.amount, value.reason, actor, today, value.chave));
    if (!done.ok) {
      if (done.reason === "billing") return fail();
      return data(
        {
          intent: value.intent,
          result: submission.reply({ fieldErrors: { amount: [BILLING_MESSAGES.discountAmount] } }),
        },
        { status: 400 },
      );
    }
    return redirectWithToast(dialog, {
      type: "success",
      title: BILLING_MESSAGES.discountGranted,
      description: `${formatBRL(value.amount)}: ${value.reason}`,
    });
  }
  // The selector: nothing is written on its change alone.
  const current = await getDb()
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select(["billing.status", "billing.grace_until", "billing.month_year", "clients.name"])
    .where("billing.id", "=", id)
    .executeTakeFirst();
  if (!current) return fail();
  if (value.status === "paid" && current.status !== "paid")
    return redirectWithToast(`${dialog}#registrar-pagamento`, {
      type: "info",
      title: "Registrar pagamento",
      description: BILLING_MESSAGES.askPayment,
    });
  if (value.status !== "paid" && current.status === "paid") return redirect(`${dialog}/estorno`);
  if (value.status !== "paid" && !(await setOpenStatus(getDb(), id, value.status, actor))) return fail();
  const pastDue = value.status === "pending" && isPastDue(current.grace_until, today) ? ` (${PAST_DUE_NOTE})` : "";
  return redirectWithToast(row, {
    type: "success",
    title: BILLING_MESSAGES.statusUpdated,
    description: `${current.name}, ${periodLabel(current.month_year)}: ${billingStatusLabel(value.status)}${pastDue}.`,
  });
}
