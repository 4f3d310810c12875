import type { Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import type { Cents } from "#app/models/shared/money";
import type { LedgerItem } from "./allocation";
import { creditOfKey, postAccrual, termsOf } from "./credits.server";
import { billingBooks, postEntry, refreshBillings } from "./ledger.server";

// "Conceder desconto" (docs/decisions/0061-rent-ledger.md): part of an item
// of a billing forgiven, in the caller's transaction, once per key.

type Trx = Transaction<Database>;

export type DiscountResult = { ok: true; duplicate: boolean } | { ok: false; reason: "billing" | "amount" };

// "Conceder desconto": part of one item of a billing forgiven, with its
// reason. The multa and juros due today are charged first, so they can be
// the item forgiven.
export async function grantDiscount(
  trx: Trx,
  billingId: number,
  item: LedgerItem,
  amount: Cents,
  reason: string,
  actor: AuditActor,
  today: string,
  opKey: string | null = null,
): Promise<DiscountResult> {
  if (opKey && (await creditOfKey(trx, opKey))) return { ok: true, duplicate: true };
  const book = (await billingBooks(trx, [billingId])).get(billingId);
  if (!book) return { ok: false, reason: "billing" };
  const now = new Date().toISOString();
  await postAccrual(trx, book, await termsOf(trx, book.client_id), today, null, actor, now);
  if (amount <= 0 || amount > book.open[item]) return { ok: false, reason: "amount" };
  const id = await postEntry(
    trx,
    {
      client_id: book.client_id,
      kind: "discount",
      item,
      billing_id: billingId,
      amount_cents: amount,
      on_date: today,
      memo: reason,
      op_key: opKey,
    },
    actor,
    now,
  );
  await recordAudit(trx, {
    actor,
    action: "create",
    entity: "ledger_discount",
    entityId: id,
    after: { billing_id: billingId, item, amount_cents: amount, reason },
  });
  await refreshBillings(trx, [billingId], actor, today);
  return { ok: true, duplicate: false };
}
