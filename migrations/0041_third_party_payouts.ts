import { sql, type Kysely } from "kysely";

// Charges beside the rent received for third parties (the building, the
// city, the insurer, a contractor: decision 0068) and paid on by the agency
// (issue 36, docs/decisions/0072-third-party-payouts.md): one row a charge,
// the day it was paid on and the reference. Never updated nor deleted.
// rent_charges.payout_id names it, set once when it is written (the charge's
// only change): the page reads the charges still to pay on by a partial index.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("third_party_payouts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    // Cascade: only a test's purge deletes a charge that was paid on.
    .addColumn("charge_id", "integer", (c) => c.notNull().unique().references("rent_charges.id").onDelete("cascade"))
    .addColumn("paid_on", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("rent_charges").addColumn("payout_id", "integer").execute();
  // The third parties' charges not paid on yet, newest first.
  await sql`create index rent_charges_to_pay_on on rent_charges (id) where receiver = 'third_party' and payout_id is null`.execute(
    db,
  );
}
