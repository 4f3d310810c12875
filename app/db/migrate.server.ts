import { Migrator, type Kysely } from "kysely";
import { migrations } from "#migrations";
import { log } from "#app/utils/log.server";
import type { Database } from "./schema";

// Runs the append-only migrations of migrations/ (listed in migrations/index.ts).
export async function migrateToLatest(db: Kysely<Database>) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") log.error("db.migration_failed", { migration: r.migrationName });
    else if (r.status === "Success") log.info("db.migration_applied", { migration: r.migrationName });
  }
  if (error) throw error;
}
