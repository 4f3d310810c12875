import type { Kysely } from "kysely";

// "Tenho interesse" on a property page (issue 11) lands in the ideal-property
// inbox with the property it was sent from. NULL: a request from the home
// page's form, or a property deleted since (the request stays; the message
// still names the property's code). Numbered 0007: 0005 and 0006 belong to
// work landing beside this one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("ideal_property_requests")
    .addColumn("property_id", "integer", (c) => c.references("properties.id").onDelete("set null"))
    .execute();
  // Deleting a property looks up its requests (ON DELETE SET NULL).
  await db.schema
    .createIndex("ideal_property_requests_property_id")
    .on("ideal_property_requests")
    .column("property_id")
    .execute();
}

// No down(): SQLite cannot drop a column that a foreign key uses, and
// migrations only move forward (docs/decisions/0020-database.md).
