import { type Kysely } from "kysely";

// A rent received belongs to exactly one owner statement
// (docs/decisions/0040-owner-transfers.md): billing.owner_statement_id is set
// when staff mark the transfer done, so that a payment recorded late for a
// month already transferred goes into the next statement instead of being
// lost, and a transferred payment can no longer be changed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("billing")
    .addColumn("owner_statement_id", "integer", (c) => c.references("owner_statements.id"))
    .execute();
  await db.schema.createIndex("billing_owner_statement").on("billing").column("owner_statement_id").execute();
}
