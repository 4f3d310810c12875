import { sql, type Kysely } from "kysely";

// Documents anyone can check (issue 38, docs/decisions/0079-verifiable-documents.md):
// - issued_documents: each PDF the app issues (a receipt, an owner statement,
//   an informe, an inspection report, a Termo, a readjustment notice) under
//   an unguessable code printed on it, with what the public page may say of
//   it (kind, title, day, the parties' first names, the amount) and what
//   became of it: cancelled (a receipt voided) or replaced by another
//   document (a corrected inspection);
// - issued_document_files: the SHA-256 of each version of its bytes (as
//   issued; with the acceptance record appended), so an uploaded file is
//   confirmed byte for byte.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("issued_documents")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('receipt', 'owner_statement', 'owner_income', 'tenant_income', 'inspection_report', 'inspection_comparison', 'addendum', 'settlement', 'readjustment_notice')`,
        ),
    )
    // The row of its own table (billing_receipts.id, inspections.id, ...).
    .addColumn("ref_id", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("issued_on", "text", (c) => c.notNull())
    .addColumn("parties", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer")
    .addColumn("cancelled_at", "text")
    .addColumn("cancel_reason", "text")
    .addColumn("replaced_by_id", "integer", (c) => c.references("issued_documents.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`create index issued_documents_ref on issued_documents (kind, ref_id)`.execute(db);
  await sql`create index issued_documents_replaced_by on issued_documents (replaced_by_id)`.execute(db);
  await db.schema
    .createTable("issued_document_files")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("document_id", "integer", (c) => c.notNull().references("issued_documents.id").onDelete("cascade"))
    .addColumn("sha256", "text", (c) => c.notNull())
    // What this version is: 'issued', 'accepted' (the acceptance record appended).
    .addColumn("version", "text", (c) => c.notNull().check(sql`version in ('issued', 'accepted')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`create unique index issued_document_files_document on issued_document_files (document_id, sha256)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("issued_document_files").execute();
  await db.schema.dropTable("issued_documents").execute();
}
