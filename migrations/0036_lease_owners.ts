import { sql, type Kysely } from "kysely";

// A lease's owners and their shares (issue 36, docs/decisions/0067-co-owners.md).
//
// - lease_owners: who receives a contract's rents and in what share, in basis
//   points that sum to 10000 a contract (checked by the write,
//   app/models/owners/lease-owners.server.ts); position orders them (0: the
//   one clients.owner_id names, shown in the lists). Filled from
//   clients.owner_id at 100%.
// - Triggers keep a contract with one owner as before: a client row written
//   with owner_id (the contract form, the seeds) has that owner at 100%;
//   changing owner_id of a contract with at most one owner moves the 100%;
//   NULL removes it. A co-owned contract's owners change only through
//   lease_owners (its form), which then sets owner_id to the first.
// - billing_transfers: which owner's share of a paid billing which final
//   statement took, one row an owner. billing.owner_statement_id is now set
//   only once every owner's share is transferred (the last statement), so
//   the untransferred payments are still read by billing_client_statement.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("lease_owners")
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    // As clients.owner_id (set null): an owner removed leaves the contract.
    .addColumn("owner_id", "integer", (c) => c.notNull().references("owners.id").onDelete("cascade"))
    .addColumn("share_bp", "integer", (c) => c.notNull().check(sql`share_bp > 0 and share_bp <= 10000`))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("lease_owners_pk", ["client_id", "owner_id"])
    .execute();
  await db.schema.createIndex("lease_owners_owner").on("lease_owners").columns(["owner_id", "client_id"]).execute();
  await sql`insert into lease_owners (client_id, owner_id, share_bp, position)
    select id, owner_id, 10000, 0 from clients where owner_id is not null`.execute(db);
  await sql`create trigger clients_owner_insert after insert on clients when new.owner_id is not null
    begin insert into lease_owners (client_id, owner_id, share_bp, position) values (new.id, new.owner_id, 10000, 0); end`.execute(
    db,
  );
  await sql`create trigger clients_owner_update after update of owner_id on clients
    when new.owner_id is not old.owner_id and (select count(*) from lease_owners where client_id = new.id) <= 1
    begin
      delete from lease_owners where client_id = new.id;
      insert into lease_owners (client_id, owner_id, share_bp, position)
        select new.id, new.owner_id, 10000, 0 where new.owner_id is not null;
    end`.execute(db);

  await db.schema
    .createTable("billing_transfers")
    .addColumn("billing_id", "integer", (c) => c.notNull().references("billing.id"))
    .addColumn("owner_id", "integer", (c) => c.notNull().references("owners.id"))
    .addColumn("owner_statement_id", "integer", (c) => c.notNull().references("owner_statements.id"))
    .addPrimaryKeyConstraint("billing_transfers_pk", ["billing_id", "owner_id"])
    .execute();
  await db.schema
    .createIndex("billing_transfers_statement")
    .on("billing_transfers")
    .column("owner_statement_id")
    .execute();
  await sql`insert into billing_transfers (billing_id, owner_id, owner_statement_id)
    select billing.id, s.owner_id, s.id from billing join owner_statements s on s.id = billing.owner_statement_id`.execute(
    db,
  );
}
