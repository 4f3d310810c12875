// Fills an empty database with the demo listings of Três Lagoas and their
// photos: `npm run seed:demo`. Safe to re-run: it does nothing once any
// property exists. Honours DATABASE_PATH and UPLOADS_DIR (app/utils/env.server.ts).
import { openDatabase } from "#app/db/db.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { databasePath } from "#app/utils/env.server";
import { seedDemo } from "./seed-demo-data";
import { seedDemoClients } from "./seed-demo-clients";
import { seedDemoMaster } from "./seed-demo-master";

const started = performance.now();
let db: ReturnType<typeof openDatabase>;
try {
  db = openDatabase(databasePath());
} catch (error) {
  // An invalid environment (e.g. production without SESSION_SECRET) is the
  // operator's to fix: report it and stop.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
try {
  await migrateToLatest(db);
  const result = await seedDemo(db);
  await seedDemoMaster(db);
  await seedDemoClients(db);
  if (!result.created) {
    console.log("Dados de demonstração já existem: nada a fazer.");
  } else {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Dados de demonstração criados: ${result.properties} imóveis e ${result.images} imagens em ${seconds} s.`,
    );
  }
} catch (error) {
  console.error("Falha ao criar os dados de demonstração:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
