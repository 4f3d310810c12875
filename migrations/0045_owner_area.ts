import { sql, type Kysely } from "kysely";

// The owner's area (issue 37, docs/decisions/0077-owner-area.md):
// - owners.user_id: the login that opens an owner's area (a `client`-role
//   account: the same person may be a tenant too, one login for both);
// - owner_statements.destination: where a transfer went (the Pix key or the
//   bank account at the moment staff marked it done), frozen with the
//   statement so a later change of details never rewrites history;
// - owner_bank_requests: an owner's request to change their payout details,
//   applied only when staff confirm it (a changed destination is the classic
//   fraud), never edited: decided once;
// - owners.approval_limit_cents: above it, a maintenance cost waits for the
//   owner's approval (per owner, data staff edit; R$ 500,00 to start);
// - maintenance_costs: what a repair costs (a quote staff register on the
//   request), and maintenance_approvals: each owner's answer to a cost above
//   their limit, answered once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("owners")
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await sql`create unique index owners_user on owners (user_id) where user_id is not null`.execute(db);
  await db.schema
    .alterTable("owners")
    .addColumn("approval_limit_cents", "integer", (c) => c.notNull().defaultTo(50000))
    .execute();
  await db.schema.alterTable("owner_statements").addColumn("destination", "text").execute();
  await db.schema
    .createTable("owner_bank_requests")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("owner_id", "integer", (c) => c.notNull().references("owners.id").onDelete("cascade"))
    .addColumn("pix_key", "text")
    .addColumn("bank_account", "text")
    // 1: the Pix key goes (transfers prefer Pix: a new account alone would change nothing).
    .addColumn("remove_pix", "integer", (c) => c.notNull().defaultTo(0))
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
  await db.schema
    .createTable("maintenance_costs")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("request_id", "integer", (c) => c.notNull().references("maintenance_requests.id").onDelete("cascade"))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("created_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`create index maintenance_costs_request on maintenance_costs (request_id, id)`.execute(db);
  await sql`create index maintenance_costs_created_by on maintenance_costs (created_by_id)`.execute(db);
  await db.schema
    .createTable("maintenance_approvals")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("cost_id", "integer", (c) => c.notNull().references("maintenance_costs.id").onDelete("cascade"))
    .addColumn("owner_id", "integer", (c) => c.notNull().references("owners.id").onDelete("cascade"))
    .addColumn("asked_at", "text", (c) => c.notNull())
    // NULL while waiting; then the owner's answer.
    .addColumn("answer", "text", (c) => c.check(sql`answer in ('approved', 'refused')`))
    .addColumn("answer_note", "text")
    .addColumn("answered_at", "text")
    .addColumn("answered_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    // 1: staff recorded what the owner said (by phone: an owner without a login).
    .addColumn("by_staff", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index maintenance_approvals_cost_owner on maintenance_approvals (cost_id, owner_id)`.execute(
    db,
  );
  await sql`create index maintenance_approvals_owner on maintenance_approvals (owner_id, answer)`.execute(db);
  await sql`create index maintenance_approvals_waiting on maintenance_approvals (asked_at) where answer is null`.execute(
    db,
  );
  await sql`create index maintenance_approvals_answered_by on maintenance_approvals (answered_by_id)`.execute(db);
  // The owners' hourly notices read the readjustments applied lately.
  await sql`create index readjustments_applied on readjustments (anniversary) where applied_at is not null`.execute(db);
}
