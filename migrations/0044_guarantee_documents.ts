import { sql, type Kysely } from "kysely";

// A guarantee's documents (issue 36, docs/decisions/0075-guarantee-documents.md):
// the apólice of a seguro-fiança, the fiador's carta de fiança and documents,
// the caução's deposit receipt. Private files of the contract (client_id:
// the guarantee is one per contract, migration 0035), kept when the guarantee
// itself is replaced, deleted with the contract or one by one by staff.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("guarantee_documents")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("uploaded_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("uploaded_by_name", "text", (c) => c.notNull())
    .addColumn("uploaded_at", "text", (c) => c.notNull())
    .execute();
  await sql`create index guarantee_documents_client on guarantee_documents (client_id, id)`.execute(db);
  // A user deleted sets the column NULL: found by index, not by a scan.
  await sql`create index guarantee_documents_uploaded_by on guarantee_documents (uploaded_by_id)`.execute(db);
}
