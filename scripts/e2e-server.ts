// Starts the production server for the end-to-end tests on a fresh database
// with the demo content (the environment comes from playwright.config.ts).
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "#app/db/db.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { databasePath, uploadsDir } from "#app/utils/env.server";
import { seedDemo } from "./seed-demo-data";

fs.rmSync(databasePath(), { force: true });
fs.rmSync(uploadsDir(), { recursive: true, force: true });
const db = openDatabase(databasePath());
await migrateToLatest(db);
await seedDemo(db);
await db.destroy();
// The built server (npm run build), as `npm start` runs it.
await import(path.resolve("build/runtime/server.js"));
