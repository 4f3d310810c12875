import { normalizeText } from "#app/models/shared/text";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely } from "kysely";
import { databasePath } from "#app/utils/env.server";
import { BUSY_TIMEOUT_MS, busyRetryDialect } from "./busy-retry.server";
import type { Database } from "./schema";

export { DatabaseBusyError, isDatabaseBusy } from "./busy-retry.server";

// The one Kysely instance of the app, opened lazily so that importing a module
// never creates a database file (tests choose DATABASE_PATH before first use).
let instance: Kysely<Database> | undefined;

// Every connection of the app, its scripts and its tests opens here, with the
// same pragmas. SQLite's own busy wait would block the event loop, so it is
// off (BUSY_TIMEOUT_MS, set before the first statement through `timeout`); the
// driver waits for a lock asynchronously and gives up with DatabaseBusyError
// (busy-retry.server.ts).
export function openDatabase(file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file, { timeout: BUSY_TIMEOUT_MS });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // fold(text): accents and case folded, spaces collapsed, as the lists' search
  // folds what was typed (app/models/shared/list-query.ts), so "joao" finds
  // "João". Deterministic: SQLite may use it in an index expression.
  sqlite.function("fold", { deterministic: true }, (text: unknown) =>
    text === null || text === undefined ? null : normalizeText(String(text)),
  );
  return new Kysely<Database>({ dialect: busyRetryDialect(sqlite) });
}

export function getDb(): Kysely<Database> {
  if (!instance) instance = openDatabase(databasePath());
  return instance;
}
