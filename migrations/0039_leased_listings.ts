import { sql, type Kysely } from "kysely";

// A lease's listing (issue 36, docs/decisions/0070-leased-listings.md): the
// contract names the property it rents when the agency advertised it
// (clients.property_id); while that contract runs, the listing is leased
// (properties.leased_client_id) and leaves the public results. Triggers keep
// the mark in step with every write of a contract (the form, "Encerrar" and
// "Reabrir contrato", a deletion), so no writer can forget it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("clients")
    .addColumn("property_id", "integer", (c) => c.references("properties.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("properties")
    .addColumn("leased_client_id", "integer", (c) => c.references("clients.id").onDelete("set null"))
    .execute();
  await sql`create index clients_property on clients (property_id) where property_id is not null`.execute(db);
  await sql`create trigger clients_lease_listing_insert after insert on clients
    when new.property_id is not null and new.ended_on is null
    begin update properties set leased_client_id = new.id where id = new.property_id; end`.execute(db);
  await sql`create trigger clients_lease_listing_update after update of property_id, ended_on on clients
    begin
      update properties set leased_client_id = null where id = old.property_id and leased_client_id = old.id;
      update properties set leased_client_id = new.id
        where id = new.property_id and new.ended_on is null;
    end`.execute(db);
}
