import { sql, type Kysely } from "kysely";

// Owners from the ledger (issue 35 step 5, docs/decisions/0064-owners-from-the-ledger.md).
//
// owner_entries: what staff or the ledger put on an owner's account besides
// the rents received, as never-edited rows. amount_cents is what the entry
// takes off the owner's transfer (a debit, above 0); a row cancelling another
// has the opposite amount and names it in reverses_id (unique). Kinds:
//   deduction  posted by staff with its description (a repair, a fee)
//   estorno    a payment reversed after its money was transferred: what the
//              owner had been paid for it (from_statement_id, the statement
//              that paid it; fee_refund_cents, the agency's fee given back)
//   carry      what a statement could not take (its deductions above its
//              rents), carried to the owner's next statement
// owner_statement_entries ties an entry to the final statement that took it
// (once: the entry is its key), so the rows themselves never change.
//
// clients.fee_base: what the administration fee is taken on, "all" (rent,
// multa and juros: what the statements did until now) or "rent" (the rent only).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("owner_entries")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("owner_id", "integer", (c) => c.notNull().references("owners.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('deduction', 'estorno', 'carry')`))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("on_date", "text", (c) => c.notNull())
    .addColumn("client_id", "integer", (c) => c.references("clients.id"))
    .addColumn("billing_id", "integer", (c) => c.references("billing.id"))
    .addColumn("credit_id", "integer", (c) => c.references("ledger_entries.id"))
    .addColumn("from_statement_id", "integer", (c) => c.references("owner_statements.id"))
    .addColumn("fee_refund_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("op_key", "text", (c) => c.unique())
    .addColumn("reverses_id", "integer", (c) => c.unique().references("owner_entries.id"))
    .addColumn("created_by_id", "integer")
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // An owner's entries by day: the statement reads the few not yet taken.
  await sql`create index owner_entries_owner on owner_entries (owner_id, on_date)`.execute(db);
  await db.schema
    .createTable("owner_statement_entries")
    .addColumn("entry_id", "integer", (c) => c.primaryKey().references("owner_entries.id"))
    .addColumn("statement_id", "integer", (c) => c.notNull().references("owner_statements.id"))
    .execute();
  await sql`create index owner_statement_entries_statement on owner_statement_entries (statement_id)`.execute(db);
  // The statement's deductions, frozen with it (JSON, as its items) and their sum.
  await db.schema
    .alterTable("owner_statements")
    .addColumn("deductions", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("owner_statements")
    .addColumn("deductions_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("clients")
    .addColumn("fee_base", "text", (c) =>
      c
        .notNull()
        .defaultTo("all")
        .check(sql`fee_base in ('all', 'rent')`),
    )
    .execute();
}
