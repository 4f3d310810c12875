import { sql, type Kysely } from "kysely";

// The owner's area (issue 37, docs/decisions/0077-owner-area.md):
// - owners.user_id: the login that opens an owner's area (a `client`-role
//   account: the same person may be a tenant too, one login for both);
// - owner_statements.destination: where a transfer went (the Pix key or the
//   bank account at the moment staff marked it done), frozen with the
//   statement so a later change of details never rewrites history;
// - owner_bank_requests: an owner's request to change their payout details,
//   applied only when staff confirm it (a changed destination is the classic
//   fraud), never edited: decided once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("owners")
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await sql`create unique index owners_user on owners (user_id) where user_id is not null`.execute(db);
  await db.schema.alterTable("owner_statements").addColumn("destination", "text").execute();
  await db.schema
    .createTable("owner_bank_requests")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("owner_id", "integer", (c) => c.notNull().references("owners.id").onDelete("cascade"))
    .addColumn("pix_key", "text")
    .addColumn("bank_account", "text")
    .addColumn("note", "text")
    .addColumn("requested_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("requested_at", "text", (c) => c.notNull())
    // NULL while waiting; then 'confirmed' (applied to the owner) or 'refused'.
    .addColumn("outcome", "text", (c) => c.check(sql`outcome in ('confirmed', 'refused')`))
    .addColumn("decided_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_by_name", "text")
    .addColumn("decided_at", "text")
    .addColumn("decision_note", "text")
    .execute();
  await sql`create index owner_bank_requests_owner on owner_bank_requests (owner_id, id)`.execute(db);
  // One waiting request an owner: a second replaces nothing, it is refused.
  await sql`create unique index owner_bank_requests_waiting on owner_bank_requests (owner_id) where outcome is null`.execute(
    db,
  );
  await sql`create index owner_bank_requests_requested_by on owner_bank_requests (requested_by_id)`.execute(db);
  await sql`create index owner_bank_requests_decided_by on owner_bank_requests (decided_by_id)`.execute(db);
}
