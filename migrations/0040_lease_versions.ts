import { sql, type Kysely } from "kysely";

// A lease's history (issue 36, docs/decisions/0071-renewals.md): each renewal
// (a new end) or addendum (a new rent, or another change in writing) as a
// version with its day, its reason, what it changed and its Termo Aditivo
// PDF. Never updated nor deleted.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("lease_versions")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('renovacao', 'aditivo')`))
    .addColumn("effective_on", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("before", "text", (c) => c.notNull()) // JSON {start, end, rent_cents}
    .addColumn("after", "text", (c) => c.notNull()) // JSON {start, end, rent_cents}
    .addColumn("op_key", "text", (c) => c.unique())
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lease_versions_client").on("lease_versions").columns(["client_id", "id"]).execute();
}
