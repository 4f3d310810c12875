import type { Kysely } from "kysely";

// One spelling for amounts in centavos: `*_cents` (docs/decisions/0052-money-and-days.md).
// The columns added later already read so (`amount_cents`, `fee_cents`...);
// these seven, from the seed and the first rental migrations, did not, so a
// reader had to know that `price` or `monthly_rent` held centavos, not reais.
// SQLite renames a column in place (3.25+): its indexes, triggers and
// foreign keys follow, and no row is rewritten.
const RENAMED = [
  ["properties", "price", "price_cents"],
  ["property_listing_requests", "price", "price_cents"],
  ["clients", "monthly_rent", "monthly_rent_cents"],
  ["billing", "amount_paid", "amount_paid_cents"],
  ["billing", "payment_difference", "payment_difference_cents"],
  ["readjustments", "old_rent", "old_rent_cents"],
  ["readjustments", "new_rent", "new_rent_cents"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, from, to] of RENAMED) await db.schema.alterTable(table).renameColumn(from, to).execute();
}
