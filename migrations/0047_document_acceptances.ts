import { sql, type Kysely } from "kysely";

// The tenant's acceptance of a document (issue 38, docs/decisions/0080-document-acceptance.md):
// one per registered document (an inspection report, a Termo Aditivo, a Termo
// de Encerramento), express ("Aceito" in the client area: who, when, from
// which address and browser) or tacit (an entry inspection's contest window
// closed without a contest); the SHA-256 of the exact PDF accepted, and the
// new version of it with the "Registro de aceite" page appended (file_key).
// Never edited: an acceptance is a fact.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("document_acceptances")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("document_id", "integer", (c) =>
      c.notNull().unique().references("issued_documents.id").onDelete("cascade"),
    )
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('express', 'tacit')`))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("accepter_name", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("accepted_sha256", "text", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .execute();
  await sql`create index document_acceptances_user on document_acceptances (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("document_acceptances").execute();
}
