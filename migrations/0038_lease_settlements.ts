import { sql, type Kysely } from "kysely";

// "Acerto de saída" (issue 36, docs/decisions/0069-lease-settlement.md): once
// per contract, after "Encerrar contrato": the day the keys came back, the
// art. 4 fine as agreed and computed, the unused days' rent forgiven, the
// exit's repairs, the caução returned with its yield and what it paid, what
// the tenant still owed or gets back, and the "Termo de Encerramento" PDF.
// Never updated nor deleted (its money is in the ledger).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("lease_settlements")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().unique().references("clients.id").onDelete("cascade"))
    .addColumn("returned_on", "text", (c) => c.notNull())
    .addColumn("fine_rents", "integer", (c) => c.notNull())
    .addColumn("fine_exempt", "integer", (c) => c.notNull())
    .addColumn("fine_cents", "integer", (c) => c.notNull().check(sql`fine_cents >= 0`))
    .addColumn("unused_cents", "integer", (c) => c.notNull().check(sql`unused_cents >= 0`))
    .addColumn("repairs", "text", (c) => c.notNull()) // JSON [{description, amount_cents, receiver}]
    .addColumn("caution_cents", "integer", (c) => c.notNull().check(sql`caution_cents >= 0`))
    .addColumn("billing_id", "integer", (c) => c.references("billing.id"))
    .addColumn("credit_id", "integer", (c) => c.references("ledger_entries.id"))
    .addColumn("owed_after_cents", "integer", (c) => c.notNull())
    .addColumn("to_return_cents", "integer", (c) => c.notNull())
    .addColumn("lines", "text", (c) => c.notNull()) // JSON: the statement as drawn
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
