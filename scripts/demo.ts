// npm run demo: after `npm run build`, migrate, seed the demo content when the
// database is empty, and serve the production build at http://localhost:3000
// (or the PORT and HOST given).
import cluster from "node:cluster";
import crypto from "node:crypto";
import { once } from "node:events";
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
const { databasePath, getEnv } = await import("#app/utils/env.server");
const { seedDemo } = await import("./seed-demo-data");
const { seedDemoMaster } = await import("./seed-demo-master");
const { seedDemoClients } = await import("./seed-demo-clients");
const { CHARGING_TASK, EMAILS_TASK, runHousekeeping } = await import("#app/models/ops/housekeeping.server");

const db = openDatabase(databasePath());
await migrateToLatest(db);
const { created, properties } = await seedDemo(db);
console.log(
  created ? `Demonstração: ${properties} imóveis criados.` : "Demonstração: banco já tinha dados, nada foi alterado.",
);
// The logins the seeds print are kept for the end, where the server's lines
// cannot bury them.
const logins: string[] = [];
const print = console.log;
console.log = (...args: unknown[]) => logins.push(args.join(" "));
try {
  await seedDemoMaster(db);
  await seedDemoClients(db);
} finally {
  console.log = print;
}
// The startup emails (the demo's notices and receipts), here rather than in
// the server's first run: one line for all of them instead of one per email.
const write = process.stdout.write.bind(process.stdout);
let saved = 0;
process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  if (String(chunk).includes('"event":"mail.saved_to_outbox"')) {
    saved += 1;
    return true;
  }
  return write(chunk, ...rest);
}) as typeof process.stdout.write;
try {
  await runHousekeeping(db, [CHARGING_TASK, EMAILS_TASK]);
} finally {
  process.stdout.write = write;
}
const outbox = path.resolve(getEnv().OUTBOX_DIR);
console.log(`Demonstração: ${saved} emails de início (avisos de cobrança e recibos) gravados em ${outbox}.`);
await db.destroy();
// The built server (npm run build), as `npm start` runs it; the logins once
// it answers.
await import(path.resolve("build/runtime/server.js"));
if (cluster.isPrimary && Object.keys(cluster.workers ?? {}).length > 0) await once(cluster, "listening");
for (const line of logins) console.log(line);
