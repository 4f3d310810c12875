import { sql, type Kysely } from "kysely";

// A lease's guarantee (issue 36; Lei 8.245 art. 37: caução, fiança,
// seguro-fiança or cessão fiduciária de quotas, and only one of them a
// contract, its sole paragraph). One row a contract (the client row is the
// contract until the lease has its own record): the kind, the amount (the
// caução deposited, or the coverage), who provides it (the fiador or the
// insurer) with their document and email, the policy or number, how long it
// is valid, whether the fiador is copied on arrears notices, and a note.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("guarantees")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().unique().references("clients.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('caucao', 'fianca', 'seguro_fianca', 'cessao_quotas')`),
    )
    .addColumn("amount_cents", "integer")
    .addColumn("provider_name", "text")
    .addColumn("provider_document", "text")
    .addColumn("provider_email", "text")
    .addColumn("reference", "text")
    .addColumn("valid_until", "text")
    .addColumn("copy_on_arrears", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notes", "text")
    .addColumn("updated_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // The dashboard's guarantees ending soon, on their validity alone.
  await sql`create index guarantees_valid_until on guarantees (valid_until) where valid_until is not null`.execute(db);
}
