import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getDb } from "#app/db/db.server";
import { kickStatementPdfs, markTransferDone } from "#app/models/owners/mark-transfer.server";
import {
  DEDUCTION_MESSAGES,
  deductionSchema,
  TRANSFER_MESSAGES as MESSAGES,
  transferDoneSchema,
} from "#app/models/owners/transfer.schema";
import { postDeduction } from "#app/models/owners/owner-entries.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { formatBRL } from "#app/models/shared/money";
import { localToday } from "#app/models/shared/days";
import { redirectWithToast } from "#app/utils/toast.server";

// "Marcar repasse como feito" (routes/admin/transfers/statement.tsx). Every
// refusal answers the same shape beside the form, the typed date kept.

type Refusal = { dateError?: string; formError?: string };
const answer = (transferredOn: string, refusal: Refusal) => ({
  dateError: refusal.dateError ?? null,
  formError: refusal.formError ?? null,
  transferredOn,
});

export async function markTransferAction(
  form: FormData,
  asked: { ownerId: number; month: string },
  actor: { id: number; name: string },
) {
  const submission = parseWithZod(form, { schema: transferDoneSchema });
  if (submission.status !== "success") {
    const typed = submission.payload.transferred_on;
    return data(answer(typeof typed === "string" ? typed.trim() : "", { dateError: MESSAGES.date }), { status: 400 });
  }
  const { transferred_on: transferredOn, net_cents: expectedNetCents } = submission.value;
  let result: Awaited<ReturnType<typeof markTransferDone>>;
  try {
    result = await markTransferDone(
      getDb(),
      asked.ownerId,
      asked.month,
      { transferredOn, expectedNetCents },
      actor,
      localToday(),
    );
  } catch (error) {
    // Beside the form, so that the typed date survives.
    return failedWriteAlert(
      "owner_statement.create_failed",
      error,
      answer(transferredOn, { formError: MESSAGES.failed }),
    );
  }
  if (!result.ok) {
    if (result.reason === "owner") throw data("Proprietário não encontrado", { status: 404 });
    const refusal = result.reason === "date" ? { dateError: MESSAGES.date } : { formError: MESSAGES[result.reason] };
    return data(answer(transferredOn, refusal), { status: 400 });
  }
  // Its PDF drawn and the owner's copy sent now, off this request.
  kickStatementPdfs(getDb());
  return redirectWithToast(`/admin/repasses/${asked.ownerId}/${asked.month}`, {
    type: "success",
    title: "Repasse registrado",
    description: `${result.ownerName}: ${formatBRL(result.netCents)}. Extrato do Proprietário nº ${result.number}; o proprietário o recebe por email.`,
  });
}

// "Lançar desconto" (routes/admin/transfers/statement.tsx): a deduction on
// the owner's account, off the next transfer; the form's one-time key makes a
// second post answer the first. Errors beside the form, the typed values kept.
export async function deductionAction(
  form: FormData,
  asked: { ownerId: number; month: string },
  actor: { id: number; name: string },
) {
  const submission = parseWithZod(form, { schema: deductionSchema });
  if (submission.status !== "success") return data({ deduction: submission.reply() }, { status: 400 });
  const v = submission.value;
  let result: Awaited<ReturnType<typeof postDeduction>>;
  try {
    result = await postDeduction(
      getDb(),
      asked.ownerId,
      {
        amountCents: v.amount,
        description: v.description,
        onDate: v.on_date,
        clientId: v.client_id ?? null,
        opKey: v.chave,
      },
      actor,
      localToday(),
    );
  } catch (error) {
    return failedWriteAlert("owner_entry.create_failed", error, {
      deduction: submission.reply({ formErrors: [DEDUCTION_MESSAGES.failed] }),
    });
  }
  if (!result.ok) {
    if (result.reason === "owner") throw data("Proprietário não encontrado", { status: 404 });
    const field = { amount: "amount", date: "on_date", contract: "client_id" }[result.reason];
    return data(
      { deduction: submission.reply({ fieldErrors: { [field]: [DEDUCTION_MESSAGES[result.reason]] } }) },
      { status: 400 },
    );
  }
  return redirectWithToast(`/admin/repasses/${asked.ownerId}/${asked.month}`, {
    type: "success",
    title: DEDUCTION_MESSAGES.posted,
    description: `${result.ownerName}: ${formatBRL(v.amount)}, ${v.description}. Sai do próximo repasse.`,
  });
}
