import type { Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { periodLabel } from "#app/models/billing/months";
import { postOwnerEntry, transferredLines } from "#app/models/owners/owner-entries.server";
import { cents } from "#app/models/shared/money";
import { creditOfKey } from "./credits.server";
import { notReversal, postEntry, refreshBillings } from "./ledger.server";
import { voidCreditReceipts } from "./receipts.server";

// "Estornar pagamento" (docs/decisions/0061-rent-ledger.md, 0064): a credit
// undone by reversing entries, its receipts voided, and the owners debited
// for what they were already paid of it. In the caller's transaction.

type Trx = Transaction<Database>;

export type ReversalResult =
  | { ok: true; billingIds: number[]; voided: number[]; duplicate: boolean; ownerDebits: number[] }
  | { ok: false; reason: "credit" | "reversed" };

// "Estornar pagamento": the credit, its allocations and the multa and juros
// its date made due (unless another payment paid into them) are reversed by
// new entries with the reason; its receipts are voided (numbers stay used);
// the billings open again. A billing whose money was already transferred to
// its owner (in a final statement) puts a debit on the owner's account for
// what the owner was paid for it, taken off the owner's next statement, and
// leaves that statement (decision 0064): paid again, it is transferred again.
export async function reverseCredit(
  trx: Trx,
  creditId: number,
  reason: string,
  actor: AuditActor,
  today: string,
  opKey: string | null = null,
): Promise<ReversalResult> {
  if (opKey) {
    const earlier = await creditOfKey(trx, opKey);
    if (earlier) return { ok: true, billingIds: [], voided: [], duplicate: true, ownerDebits: [] };
  }
  const credit = await trx
    .selectFrom("ledger_entries")
    .selectAll()
    .where("id", "=", creditId)
    .where("kind", "=", "credit")
    .where(notReversal())
    .executeTakeFirst();
  if (!credit) return { ok: false, reason: "credit" };
  const already = await trx
    .selectFrom("ledger_entries")
    .select("id")
    .where("reverses_id", "=", creditId)
    .executeTakeFirst();
  if (already) return { ok: false, reason: "reversed" };
  const tied = await trx
    .selectFrom("ledger_entries")
    .selectAll()
    .where("credit_id", "=", creditId)
    .where(notReversal())
    .orderBy("id")
    .execute();
  const billingIds = [...new Set(tied.map((e) => e.billing_id!))];
  const transferred = await transferredLines(trx, billingIds);
  const reversedIds = new Set(
    (
      await trx
        .selectFrom("ledger_entries")
        .select("reverses_id")
        .where("reverses_id", "in", [creditId, ...tied.map((e) => e.id)])
        .execute()
    ).map((r) => r.reverses_id),
  );
  // A multa or juros another payment paid into stays charged.
  const paidByOthers = billingIds.length
    ? await trx
        .selectFrom("ledger_entries")
        .select(["billing_id", "item"])
        .where("billing_id", "in", billingIds)
        .where("kind", "=", "allocation")
        .where("credit_id", "!=", creditId)
        .where(notReversal())
        .execute()
    : [];
  const keepCharge = new Set(paidByOthers.map((p) => `${p.billing_id}:${p.item}`));
  const now = new Date().toISOString();
  const undo = [credit, ...tied].filter(
    (e) => !reversedIds.has(e.id) && !(e.kind === "charge" && keepCharge.has(`${e.billing_id}:${e.item}`)),
  );
  for (const e of undo)
    await postEntry(
      trx,
      {
        client_id: e.client_id,
        kind: e.kind,
        item: e.item,
        billing_id: e.billing_id,
        credit_id: e.credit_id,
        amount_cents: cents(-e.amount_cents),
        on_date: today,
        method: e.method,
        memo: reason,
        reverses_id: e.id,
        op_key: e.id === creditId ? opKey : null,
      },
      actor,
      now,
    );
  await recordAudit(trx, {
    actor,
    action: "update",
    entity: "ledger_credit",
    entityId: creditId,
    before: { reversed: false },
    after: { reversed: true, reason },
  });
  await refreshBillings(trx, billingIds, actor, today);
  const voided = await voidCreditReceipts(trx, creditId, reason, actor, now);
  const ownerDebits = await debitOwners(trx, creditId, transferred, voided, actor, today);
  return { ok: true, billingIds, voided, duplicate: false, ownerDebits };
}

// The owner's side of an estorno of money already transferred: a debit of
// the net the owner was paid for the billing (the agency gives its fee back
// too: fee_refund_cents, decision 0064), and the billing out of that
// statement, so that paid again it is transferred again (whole: the debit
// took the whole line back, whatever part of it this credit was).
async function debitOwners(
  trx: Trx,
  creditId: number,
  lines: Awaited<ReturnType<typeof transferredLines>>,
  voided: readonly number[],
  actor: AuditActor,
  today: string,
) {
  if (lines.length === 0) return [];
  const receipts =
    voided.length === 0
      ? []
      : await trx.selectFrom("billing_receipts").select(["id", "billing_id"]).where("id", "in", voided).execute();
  const ids: number[] = [];
  for (const l of lines) {
    const numbers = receipts.filter((r) => r.billing_id === l.billingId).map((r) => r.id);
    const cancelled =
      numbers.length === 0
        ? ""
        : ` — ${numbers.length === 1 ? "recibo" : "recibos"} nº ${numbers.join(", ")} cancelado${numbers.length === 1 ? "" : "s"}`;
    ids.push(
      await postOwnerEntry(
        trx,
        l.ownerId,
        {
          kind: "estorno",
          amountCents: l.netCents,
          feeRefundCents: l.feeCents,
          description: `Estorno: ${l.tenantName} ${periodLabel(l.monthYear)}${cancelled}`,
          onDate: today,
          clientId: l.clientId,
          billingId: l.billingId,
          creditId,
          fromStatementId: l.statementId,
        },
        actor,
      ),
    );
    await trx.updateTable("billing").set({ owner_statement_id: null }).where("id", "=", l.billingId).execute();
    // The link to the statement goes (it still lists the line, frozen), so
    // that paid again the share is transferred again.
    await trx
      .deleteFrom("billing_transfers")
      .where("billing_id", "=", l.billingId)
      .where("owner_id", "=", l.ownerId)
      .execute();
  }
  return ids;
}
