import { sql, type Kysely } from "kysely";

// The photo of each meter of an inspection (issue 23: "as leituras dos
// medidores de água e energia, com foto"; docs/decisions/0044-inspections.md):
// at most one per meter, replaced when sent again, a private WebP file like an
// item's photo, with the time the camera recorded.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("inspection_meter_photos")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("inspection_id", "integer", (c) => c.notNull().references("inspections.id").onDelete("cascade"))
    .addColumn("meter", "text", (c) => c.notNull().check(sql`meter in ('agua', 'energia')`))
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("taken_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("inspection_meter_photos_meter", ["inspection_id", "meter"])
    .execute();
}
