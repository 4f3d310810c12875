import { sql, type Kysely } from "kysely";

// Charges beside the rent (issue 36, docs/decisions/0068-charges-beside-the-rent.md):
// IPTU, condomínio, fire insurance, repairs, the termination fine, on the
// tenant's billing (Lei 8.245 arts. 22 VIII, 23 XII and 25), each for whom
// receives it.
//
// - recurring_charges: a contract's monthly charge (an IPTU in ten
//   installments, the condomínio), from a month to a month (NULL: open), put
//   on each billing of those months when it is made.
// - rent_charges: a charge on a billing, its ledger entry (kind charge, item
//   other) the money; the row says what it is and who receives it. Never
//   updated nor deleted: cancelled by the reversal of its entry.
// - owner_statements.reimbursed_cents: what the statement passed to the owner
//   of charges the owner receives (a reimbursement, no fee on it).
export async function up(db: Kysely<any>): Promise<void> {
  const kinds = sql`kind in ('iptu', 'condominio', 'seguro_incendio', 'reparo', 'multa_rescisoria', 'outro')`;
  const receivers = sql`receiver in ('owner', 'agency', 'third_party')`;
  await db.schema
    .createTable("recurring_charges")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(kinds))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("receiver", "text", (c) => c.notNull().check(receivers))
    .addColumn("first_month", "text", (c) => c.notNull())
    .addColumn("last_month", "text")
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("recurring_charges_client").on("recurring_charges").column("client_id").execute();

  await db.schema
    .createTable("rent_charges")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    .addColumn("billing_id", "integer", (c) => c.notNull().references("billing.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(kinds))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("receiver", "text", (c) => c.notNull().check(receivers))
    .addColumn("recurring_id", "integer", (c) => c.references("recurring_charges.id").onDelete("set null"))
    .addColumn("entry_id", "integer", (c) => c.notNull().unique().references("ledger_entries.id"))
    .addColumn("op_key", "text", (c) => c.unique())
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rent_charges_billing").on("rent_charges").column("billing_id").execute();
  await db.schema.createIndex("rent_charges_client").on("rent_charges").columns(["client_id", "id"]).execute();
  // A monthly charge once on a billing, whatever runs twice.
  await sql`create unique index rent_charges_recurring_once on rent_charges (recurring_id, billing_id) where recurring_id is not null`.execute(
    db,
  );
  await db.schema
    .alterTable("owner_statements")
    .addColumn("reimbursed_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
