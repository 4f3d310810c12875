import { promises as fs } from "node:fs";
import path from "node:path";
import { FileMigrationProvider, Migrator, type Kysely } from "kysely";
import type { Database } from "./schema";

// Runs the append-only migrations of migrations/ (by file name order).
export async function migrateToLatest(db: Kysely<Database>, folder = path.resolve("migrations")) {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: folder }),
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") console.error(`migration ${r.migrationName} failed`);
    else if (r.status === "Success") console.log(`migration ${r.migrationName} applied`);
  }
  if (error) throw error;
}
