// npm run db:migrate: apply pending migrations to DATABASE_PATH.
import { openDatabase } from "#app/db/db.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { databasePath } from "#app/utils/env.server";

const db = openDatabase(databasePath());
try {
  await migrateToLatest(db);
  console.log(`Banco de dados atualizado: ${databasePath()}`);
} finally {
  await db.destroy();
}
