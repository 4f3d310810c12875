import type { Kysely } from "kysely";

// The audit trail (issue 9): one row per staff write, written in the same
// transaction as the change it describes. The actor's name is copied so a row
// still says who acted once the account is gone (actor_id then goes NULL);
// a NULL actor with the name "Sistema" is a script (demo seed, CLI).
// `changes` is JSON {field: [before, after]}; secrets never reach it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("changes", "text", (c) => c.notNull())
    .execute();
  // The page lists newest first, filtered by person, entity and dates; the
  // actor index also serves ON DELETE SET NULL when an account is removed.
  await db.schema.createIndex("audit_log_created_at").on("audit_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actor_id", "created_at"]).execute();
  await db.schema.createIndex("audit_log_entity").on("audit_log").columns(["entity", "created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
