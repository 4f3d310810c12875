import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { subtractCents, type Cents } from "#app/models/shared/money";
import { interestLabel, lateFeeLabel, type Charges } from "./charges";

// The rent receipt's rows (docs/decisions/0031-charging-the-rent.md): what it
// lists, its number, voiding it, and reading a billing's receipts. Paying a
// billing (payments.server.ts) writes one in the payment's transaction; a
// number given is never given again.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

export type ReceiptItem = { label: string; cents: number };

// What the receipt lists: the rent, the late fee and interest owed on the
// payment day, and the difference to what was received (a discount when
// less, an addition when more), so the items always add up to the total. A
// difference left to settle (reconciliation, decision 0037) is named as such:
// "Pago a menor" is not a discount the agency gave.
export function receiptItems(
  charges: Charges,
  amountPaid: Cents,
  differencePending = false,
): { items: ReceiptItem[]; adjustment: Cents } {
  const items: ReceiptItem[] = [{ label: "Aluguel", cents: charges.rent }];
  if (charges.lateFee > 0) items.push({ label: lateFeeLabel(charges.lateFeeBp), cents: charges.lateFee });
  if (charges.interest > 0) items.push({ label: interestLabel(charges.days), cents: charges.interest });
  const adjustment = subtractCents(amountPaid, charges.total);
  if (adjustment < 0) items.push({ label: differencePending ? "Pago a menor" : "Desconto", cents: adjustment });
  if (adjustment > 0) items.push({ label: differencePending ? "Pago a maior" : "Acréscimo", cents: adjustment });
  return { items, adjustment };
}

// Receipt numbers follow the table's AUTOINCREMENT sequence: never reused,
// even after a client (and their receipts) is deleted.
export async function nextReceiptNumber(trx: Trx) {
  const row = await sql<{
    seq: number;
  }>`select seq from sqlite_sequence where name = 'billing_receipts'`.execute(trx);
  return (row.rows[0]?.seq ?? 0) + 1;
}

export type ReceiptListItem = {
  id: number;
  payment_date: string;
  total_cents: number;
  created_at: string;
  voided_at: string | null;
  void_reason: string | null;
};

// The receipts of these billings, newest first (voided ones included: staff
// see them; the client area keeps only the one in force).
export async function receiptsOf(db: DB, billingIds: number[]) {
  const byBilling = new Map<number, ReceiptListItem[]>();
  if (billingIds.length === 0) return byBilling;
  const rows = await db
    .selectFrom("billing_receipts")
    .select(["id", "billing_id", "payment_date", "total_cents", "created_at", "voided_at", "void_reason"])
    .where("billing_id", "in", billingIds)
    .orderBy("id", "desc")
    .execute();
  for (const { billing_id, ...r } of rows) {
    const list = byBilling.get(billing_id) ?? [];
    list.push(r);
    byBilling.set(billing_id, list);
  }
  return byBilling;
}
