// npm run demo: after `npm run build`, migrate, seed the demo content when the
// database is empty, and serve the production build at http://localhost:3000
// (or the PORT and HOST given).
import crypto from "node:crypto";
import path from "node:path";
import { servedUrl } from "../server/served-url";

// The demo runs the production server; a throwaway session secret is fine for
// a local demo (set SESSION_SECRET to keep sessions across restarts).
process.env.NODE_ENV ??= "production";
process.env.SESSION_SECRET ??= crypto.randomBytes(32).toString("hex");
// The links printed below (the admin's and the client's logins) and the
// site's absolute links follow the address the demo serves: APP_URL defaults
// to it (PORT=4222 npm run demo prints http://localhost:4222/admin), unless
// it is set.
process.env.APP_URL ||= servedUrl({ HOST: process.env.HOST, PORT: process.env.PORT });

const { openDatabase } = await import("#app/db/db.server");
const { migrateToLatest } = await import("#app/db/migrate.server");
const { databasePath } = await import("#app/utils/env.server");
const { seedDemo } = await import("./seed-demo-data");
const { seedDemoMaster } = await import("./seed-demo-master");
const { seedDemoClients } = await import("./seed-demo-clients");

const db = openDatabase(databasePath());
await migrateToLatest(db);
const { created, properties } = await seedDemo(db);
console.log(
  created ? `Demonstração: ${properties} imóveis criados.` : "Demonstração: banco já tinha dados, nada foi alterado.",
);
await seedDemoMaster(db);
await seedDemoClients(db);
await db.destroy();
// The built server (npm run build), as `npm start` runs it.
await import(path.resolve("build/runtime/server.js"));
