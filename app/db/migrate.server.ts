import { Migrator, type Kysely } from "kysely";
import { migrations } from "../../migrations";
import type { Database } from "./schema";

// Runs the append-only migrations of migrations/ (listed in migrations/index.ts).
export async function migrateToLatest(db: Kysely<Database>) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === "Error") console.error(`migration ${r.migrationName} failed`);
    else if (r.status === "Success") console.log(`migration ${r.migrationName} applied`);
  }
  if (error) throw error;
}
