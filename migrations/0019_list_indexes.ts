import { type Kysely } from "kysely";

// Indexes for the money lists' queries (issue 34, docs/decisions/0060-list-queries.md),
// where EXPLAIN QUERY PLAN showed billing, the one big table, read whole:
// - billing_paid_on (status, payment_date): the rents paid in a year
//   (Informes, DIMOB) or a month (Repasses' rents without an owner), a range
//   instead of every paid billing;
// - billing_client_statement (client_id, owner_statement_id): whether any of
//   a contract's payments was transferred (the first-rent rule of each rent
//   received, received-rents.server.ts), one seek instead of the contract's
//   whole history once per rent.
// The clients' and owners' lists need none: at a few thousand rows their
// scan costs less than a page's render.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("billing_paid_on").on("billing").columns(["status", "payment_date"]).execute();
  await db.schema
    .createIndex("billing_client_statement")
    .on("billing")
    .columns(["client_id", "owner_statement_id"])
    .execute();
}
