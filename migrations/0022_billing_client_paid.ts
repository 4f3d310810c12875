import { type Kysely } from "kysely";

// A contract's rents paid in a range (issue 34, docs/decisions/0060-list-queries.md,
// "Informes and DIMOB at scale"): billing_client_paid (client_id, status,
// payment_date). The informes and the DIMOB read a year's rents owner by owner
// and contract by contract (the page's 25 owners, a tenant's informe, the
// year in batches that let the event loop breathe); with only
// billing_paid_on (status, payment_date) and billing_client_due (client_id,
// due_date), SQLite read the whole year's paid billings for each contract.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("billing_client_paid")
    .on("billing")
    .columns(["client_id", "status", "payment_date"])
    .execute();
}
