import { sql, type Kysely } from "kysely";

// A tenant's leases over time (issue 36, docs/decisions/0073-tenant-leases.md):
// a clients row is one lease; tenant_group_id ties together the leases of one
// tenant, and is the id of that tenant's first lease. Every lease before this
// migration is its own tenant's first (nothing is merged by guess: two rows
// with the same CPF may be a typo, and merging would open one person's files
// to another). A new row takes its own id unless the writer names a group
// ("Novo contrato" of an ended lease).
export async function up(db: Kysely<any>): Promise<void> {
  // NOT NULL with 0 until the trigger writes the row's own id (as name_fold's
  // '' until its trigger), so every reader has a group.
  await db.schema
    .alterTable("clients")
    .addColumn("tenant_group_id", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update clients set tenant_group_id = id`.execute(db);
  await sql`create index clients_tenant_group on clients (tenant_group_id, id)`.execute(db);
  await sql`create trigger clients_tenant_group_insert after insert on clients
    when new.tenant_group_id = 0
    begin update clients set tenant_group_id = new.id where id = new.id; end`.execute(db);
}
