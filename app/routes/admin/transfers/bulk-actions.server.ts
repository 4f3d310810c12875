import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getDb } from "#app/db/db.server";
import { kickStatementPdfs } from "#app/models/owners/mark-transfer.server";
import { BULK_TRANSFER_MESSAGES, bulkTransferSchema } from "#app/models/owners/bulk-transfer.schema";
import { markTransfersDone, type BulkTransferOutcome } from "#app/models/owners/bulk-transfers.server";
import { localToday } from "#app/models/shared/days";
import { formatBRL, sumCents } from "#app/models/shared/money";
import { redirectWithToast } from "#app/utils/toast.server";

// "Marcar selecionados como repassados" (routes/admin/transfers/index.tsx).
// All marked: back to the same list (its page and search) with a toast. Any
// owner refused: the page again with the summary of what went and what did
// not and why, the date kept. A bad date or no owner ticked: the page with
// the message beside the form, the ticks kept.

export type BulkAnswer = {
  dateError: string | null;
  formError: string | null;
  transferredOn: string;
  picked: string[];
  outcomes: BulkTransferOutcome[] | null;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function markSelectedTransfers(
  form: FormData,
  month: string,
  back: string,
  actor: { id: number; name: string },
) {
  const typed = form.get("transferred_on");
  const answer = (values: Partial<BulkAnswer>): BulkAnswer => ({
    dateError: null,
    formError: null,
    transferredOn: typeof typed === "string" ? typed.trim() : "",
    picked: form.getAll("repasse").filter((v): v is string => typeof v === "string"),
    outcomes: null,
    ...values,
  });
  const submission = parseWithZod(form, { schema: bulkTransferSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    return data(answer({ dateError: errors.transferred_on?.[0] ?? null, formError: errors.repasse?.[0] ?? null }), {
      status: 400,
    });
  }
  const { transferred_on: transferredOn, repasse } = submission.value;
  const today = localToday();
  if (transferredOn > today || transferredOn < `${month}-01`)
    return data(answer({ dateError: BULK_TRANSFER_MESSAGES.date }), { status: 400 });
  const outcomes = await markTransfersDone(getDb(), month, repasse, transferredOn, actor, today);
  const done = outcomes.filter((o) => o.ok);
  // Their PDFs drawn and the owners' copies sent now, off this request.
  if (done.length > 0) kickStatementPdfs(getDb());
  if (done.length === outcomes.length)
    return redirectWithToast(back, {
      type: "success",
      title: "Repasses registrados",
      description: `${plural(done.length, "repasse registrado", "repasses registrados")}, ${formatBRL(sumCents(done.map((o) => o.netCents)))} no total; cada proprietário recebe seu extrato por email.`,
    });
  return data(answer({ outcomes, picked: [] }), { status: done.length > 0 ? 200 : 409 });
}
