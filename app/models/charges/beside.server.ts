import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { anyRow } from "#app/models/shared/exists.server";
import type { Cents } from "#app/models/shared/money";

// The charges beside the rent standing on billings (decision 0068), read by
// the billing's dialog, the client area and the receipt: no writes here, so
// the ledger may read it.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// The charges standing on these billings (the dialog, the client area).
export async function chargesOfBillings(db: DB | Trx, billingIds: readonly number[]) {
  if (billingIds.length === 0)
    return new Map<number, { description: string; amount_cents: Cents; receiver: string }[]>();
  const rows = await db
    .selectFrom("rent_charges as c")
    .innerJoin("ledger_entries as e", "e.id", "c.entry_id")
    .select(["c.billing_id", "c.description", "c.amount_cents", "c.receiver"])
    .where("c.billing_id", "in", [...new Set(billingIds)])
    .where((eb) =>
      eb.not(
        eb.exists(
          anyRow(eb.selectFrom("ledger_entries as r").select("r.id").whereRef("r.reverses_id", "=", "c.entry_id")),
        ),
      ),
    )
    .orderBy("c.id")
    .execute();
  const map = new Map<number, { description: string; amount_cents: Cents; receiver: string }[]>();
  for (const r of rows) {
    const list = map.get(r.billing_id);
    const item = { description: r.description, amount_cents: r.amount_cents, receiver: r.receiver };
    if (list) list.push(item);
    else map.set(r.billing_id, [item]);
  }
  return map;
}
