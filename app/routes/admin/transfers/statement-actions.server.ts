import { randomUUID } from "node:crypto";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getDb } from "#app/db/db.server";
import { kickStatementPdfs, markTransferDone } from "#app/models/owners/mark-transfer.server";
import {
  cancelDeductionSchema,
  DEDUCTION_MESSAGES,
  deductionSchema,
  TRANSFER_MESSAGES as MESSAGES,
  transferDoneSchema,
} from "#app/models/owners/transfer.schema";
import { cancelDeduction, cancellableDeductions } from "#app/models/owners/cancel-deduction.server";
import { ownerContracts, postDeduction } from "#app/models/owners/owner-entries.server";
import type { StatementDeduction } from "#app/models/owners/statement";
import { failedWriteAlert, reportFailure } from "#app/utils/failure.server";
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

// "Cancelar" beside a deduction (models/owners/cancel-deduction.server.ts):
// its reversing entry, once. The form is one field beside each deduction; a
// refusal comes back as the page's toast.
export async function cancelDeductionAction(
  form: FormData,
  asked: { ownerId: number; month: string },
  actor: { id: number; name: string },
) {
  const page = `/admin/repasses/${asked.ownerId}/${asked.month}`;
  const refuse = (description: string) => redirectWithToast(page, { type: "error", title: "Erro", description });
  const submission = parseWithZod(form, { schema: cancelDeductionSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    return refuse(errors.reason?.[0] ?? errors.entry?.[0] ?? DEDUCTION_MESSAGES.notCancellable);
  }
  const { entry, reason } = submission.value;
  let result: Awaited<ReturnType<typeof cancelDeduction>>;
  try {
    result = await cancelDeduction(getDb(), asked.ownerId, entry, reason, actor);
  } catch (error) {
    reportFailure("owner_entry.cancel_failed", error);
    return refuse(DEDUCTION_MESSAGES.cancelFailed);
  }
  if (!result.ok) return refuse(DEDUCTION_MESSAGES.notCancellable);
  return redirectWithToast(page, {
    type: "success",
    title: DEDUCTION_MESSAGES.cancelled,
    description: `${result.description}: ${formatBRL(result.amountCents)} deixa de sair do próximo repasse.`,
  });
}

// What the page's deduction forms need: "Lançar desconto"'s contracts, its
// one-time key and constraints, and which deductions listed "Cancelar" may reverse.
export async function deductionForms(ownerId: number, deductions: readonly StatementDeduction[]) {
  return {
    contracts: await ownerContracts(getDb(), ownerId),
    deductionKey: randomUUID(),
    deductionConstraint: getZodConstraint(deductionSchema),
    cancellable: await cancellableDeductions(
      getDb(),
      deductions.map((d) => d.entryId),
    ),
  };
}
