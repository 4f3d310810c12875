import { sql, type Kysely } from "kysely";

// The Repasses month at scale (issue 34, docs/decisions/0060-list-queries.md,
// "Repasses at 5,000 contracts"):
// - owner_statements_month (month, owner_id): the month's final statements
//   (Realizados) and the owners whose previous month is final were a scan of
//   every statement with its frozen lines (a year of monthly transfers for
//   2,000 owners is 24,000 wide rows), now a range of the month;
// - billing_client_statement gains payment_date (client_id,
//   owner_statement_id, payment_date): an owner's payments not yet
//   transferred since a day are one range a contract, where the two columns
//   read every untransferred payment of the contract's history (all of it in
//   a database imported without transfers). Its earlier use, "was any of the
//   contract's payments transferred", reads the same first two columns.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("owner_statements_month").on("owner_statements").columns(["month", "owner_id"]).execute();
  await sql`drop index billing_client_statement`.execute(db);
  await db.schema
    .createIndex("billing_client_statement")
    .on("billing")
    .columns(["client_id", "owner_statement_id", "payment_date"])
    .execute();
}
