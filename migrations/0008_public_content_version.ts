import { sql, type Kysely } from "kysely";

// The page cache (server/page-cache.ts) empties itself when what the public
// pages show has changed, and only then: a visitor's form, a login or a
// failed-login counter is a commit too, and used to throw away every cached
// page. The public pages read three tables; a trigger on each counts their
// writes in one row, in the same transaction as the write, whoever makes it
// (the app, a script, a restore). See docs/decisions/0016-rendering-speed.md.
export const PUBLIC_TABLES = ["properties", "property_images", "banners"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("public_content_version")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("public_content_version").values({ id: 1, version: 0 }).execute();
  for (const table of PUBLIC_TABLES) {
    for (const event of ["insert", "update", "delete"]) {
      await sql
        .raw(
          `create trigger ${table}_${event}_public_version after ${event} on ${table} ` +
            `begin update public_content_version set version = version + 1 where id = 1; end`,
        )
        .execute(db);
    }
  }
}

// Migrations only move forward (docs/decisions/0020-database.md).
