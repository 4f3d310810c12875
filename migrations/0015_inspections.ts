import { sql, type Kysely } from "kysely";

// Inspections (vistorias, docs/decisions/0044-inspections.md): an entry or
// exit inspection of a contract (the client record), its rooms in order, each
// room's items with a condition and a note, and each item's photos (private
// WebP files). Keys and meter readings are on the inspection. "Finalizar"
// locks it (finalized_at) and keeps its PDF report (the report_* columns); a
// correction is a new inspection that `replaces_id` the locked one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("inspections")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('entrada', 'saida')`))
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("inspector_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("inspector_name", "text", (c) => c.notNull())
    .addColumn("keys_count", "integer")
    .addColumn("water_reading", "text")
    .addColumn("power_reading", "text")
    .addColumn("replaces_id", "integer", (c) => c.references("inspections.id").onDelete("set null"))
    // An exit inspection: the entry it is compared with.
    .addColumn("entry_id", "integer", (c) => c.references("inspections.id").onDelete("set null"))
    .addColumn("finalized_at", "text")
    .addColumn("report_key", "text", (c) => c.unique())
    .addColumn("report_size", "integer")
    // The tenant's copy of the report, sent once by the hourly job, retried on failure.
    .addColumn("report_sent_at", "text")
    .addColumn("report_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("report_last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("inspections_client").on("inspections").column("client_id").execute();

  await db.schema
    .createTable("inspection_rooms")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("inspection_id", "integer", (c) => c.notNull().references("inspections.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("inspection_rooms_inspection").on("inspection_rooms").column("inspection_id").execute();

  await db.schema
    .createTable("inspection_items")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("room_id", "integer", (c) => c.notNull().references("inspection_rooms.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("condition", "text", (c) =>
      c.check(sql`condition is null or condition in ('novo', 'bom', 'regular', 'ruim', 'danificado')`),
    )
    .addColumn("note", "text")
    .addColumn("position", "integer", (c) => c.notNull())
    // An exit inspection's item: the entry's item it continues, and the repair
    // cost staff put on a worsened one (centavos).
    .addColumn("entry_item_id", "integer", (c) => c.references("inspection_items.id").onDelete("set null"))
    .addColumn("repair_cost_cents", "integer", (c) => c.check(sql`repair_cost_cents is null or repair_cost_cents >= 0`))
    .execute();
  await db.schema.createIndex("inspection_items_room").on("inspection_items").column("room_id").execute();

  await db.schema
    .createTable("inspection_photos")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("item_id", "integer", (c) => c.notNull().references("inspection_items.id").onDelete("cascade"))
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("taken_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("inspection_photos_item").on("inspection_photos").column("item_id").execute();

  // The tenant's contest of an item of a finalized entry inspection, within
  // INSPECTION_CONTEST_DAYS, with photos; staff answer each.
  await db.schema
    .createTable("inspection_contests")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("item_id", "integer", (c) => c.notNull().references("inspection_items.id").onDelete("cascade"))
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("answer", "text")
    .addColumn("answered_at", "text")
    .addColumn("answered_by_name", "text")
    .execute();
  await db.schema.createIndex("inspection_contests_item").on("inspection_contests").column("item_id").execute();
  await db.schema
    .createTable("inspection_contest_photos")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("contest_id", "integer", (c) => c.notNull().references("inspection_contests.id").onDelete("cascade"))
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
