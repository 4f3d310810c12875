import { sql, type Kysely } from "kysely";

// Reconciling the bank statement (issue 20; docs/decisions/0037-reconciliation.md).
// - statement_imports: each file imported (OFX or CNAB 240 retorno), kept
//   privately, with who imported it, its counts and, once staff confirm the
//   review, who confirmed and how many billings it settled.
// - statement_lines: every line of the file with what the matcher proposed
//   (exact, probable, none; "already" when the same bank line was settled by
//   an earlier import). settled_at marks the one line that paid a billing;
//   the partial unique index on line_key makes a bank line settle at most
//   once, whatever file or period it arrives in again.
// - billing.payment_difference: credit minus the amount due when staff
//   confirmed a credit that differs by more than R$ 0,05 ("pago a menor");
//   listed under Diferenças until difference_resolved_at.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("statement_imports")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('ofx', 'cnab240')`))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("account", "text")
    .addColumn("period_start", "text")
    .addColumn("period_end", "text")
    .addColumn("lines_count", "integer", (c) => c.notNull())
    .addColumn("credits_count", "integer", (c) => c.notNull())
    .addColumn("exact_count", "integer", (c) => c.notNull())
    .addColumn("probable_count", "integer", (c) => c.notNull())
    .addColumn("already_count", "integer", (c) => c.notNull())
    .addColumn("settled_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("confirmed_by_name", "text")
    .addColumn("confirmed_at", "text")
    .execute();

  await db.schema
    .createTable("statement_lines")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("import_id", "integer", (c) => c.notNull().references("statement_imports.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("line_key", "text", (c) => c.notNull())
    .addColumn("posted_date", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("credit", "integer", (c) => c.notNull().check(sql`credit in (0, 1)`))
    .addColumn("memo", "text", (c) => c.notNull())
    .addColumn("payer_name", "text")
    .addColumn("payer_doc", "text")
    .addColumn("reference", "text")
    .addColumn("document_number", "text")
    .addColumn("fees_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("match_kind", "text", (c) =>
      c.notNull().check(sql`match_kind in ('exact', 'probable', 'none', 'already')`),
    )
    .addColumn("match_reason", "text")
    // The proposed billing; a deleted billing leaves the line unmatched.
    .addColumn("billing_id", "integer", (c) => c.references("billing.id").onDelete("set null"))
    .addColumn("due_cents", "integer")
    .addColumn("difference_cents", "integer")
    .addColumn("settled_billing_id", "integer", (c) => c.references("billing.id").onDelete("set null"))
    .addColumn("settled_at", "text")
    .execute();
  await db.schema
    .createIndex("statement_lines_import")
    .on("statement_lines")
    .columns(["import_id", "position"])
    .execute();
  await db.schema.createIndex("statement_lines_key").on("statement_lines").column("line_key").execute();
  await sql`create unique index statement_lines_settled_once on statement_lines (line_key) where settled_at is not null`.execute(
    db,
  );

  await db.schema.alterTable("billing").addColumn("payment_difference", "integer").execute();
  await db.schema.alterTable("billing").addColumn("difference_resolved_at", "text").execute();
}
