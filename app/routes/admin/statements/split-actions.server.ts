import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getDb } from "#app/db/db.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { STATEMENT_MESSAGES } from "#app/models/reconciliation/labels";
import { SPLIT_MESSAGES, SPLIT_ROW_NUMBERS, splitSchema } from "#app/models/reconciliation/split.schema";
import { billingOptions, splitStatementCredit } from "#app/models/reconciliation/split.server";
import { localToday } from "#app/models/shared/days";
import { formatBRL } from "#app/models/shared/money";
import { failedWriteAlert } from "#app/utils/failure.server";
import { invariantResponse, parseId } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";

// "Dividir crédito" posted (routes/admin/statements/split.tsx): the parts
// through splitSchema, written in one transaction; done, back to the review
// with a toast; refused, the same page with the errors and what was typed.

export async function splitCreditAction(
  form: FormData,
  importId: number,
  lineId: number,
  actor: { id: number; name: string },
) {
  const review = `/admin/extratos/${importId}`;
  const submission = parseWithZod(form, { schema: splitSchema });
  // The billings posted, offered again with the errors (one found by a search may not be).
  const chosen = async () =>
    billingOptions(
      getDb(),
      SPLIT_ROW_NUMBERS.flatMap((n) => {
        const id = parseId(form.get(`cobranca${n}`));
        return id === null ? [] : [id];
      }),
    );
  if (submission.status !== "success")
    return data({ result: submission.reply(), chosen: await chosen() }, { status: 400 });
  let outcome: Awaited<ReturnType<typeof splitStatementCredit>>;
  try {
    outcome = await splitStatementCredit(getDb(), importId, lineId, submission.value, actor, {
      agency: pdfAgency(),
      today: localToday(),
    });
  } catch (error) {
    return failedWriteAlert("statement.split_failed", error, {
      result: submission.reply({ formErrors: [SPLIT_MESSAGES.failed] }),
      chosen: await chosen(),
    });
  }
  if (!outcome.ok) {
    invariantResponse(outcome.reason !== "line", "Crédito não encontrado");
    if (outcome.reason === "invalid")
      return data(
        {
          result: submission.reply({ formErrors: outcome.formErrors, fieldErrors: outcome.fieldErrors }),
          chosen: await chosen(),
        },
        { status: 400 },
      );
    return redirectWithToast(review, {
      type: "error",
      title: "Erro",
      description: outcome.reason === "confirmed" ? STATEMENT_MESSAGES.alreadyConfirmed : SPLIT_MESSAGES.settled,
    });
  }
  const receipts = outcome.receipts.length;
  return redirectWithToast(review, {
    type: "success",
    title: "Crédito dividido",
    description: `Crédito de ${formatBRL(outcome.amount)} dividido entre ${outcome.parts} cobranças. ${receipts} ${receipts === 1 ? "recibo emitido" : "recibos emitidos"}.`,
  });
}
