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
export function openDatabase(file: string, { autocheckpointPages }: { autocheckpointPages?: number } = {}) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file, { timeout: BUSY_TIMEOUT_MS });
  sqlite.pragma("journal_mode = WAL");
  if (autocheckpointPages !== undefined) sqlite.pragma(`wal_autocheckpoint = ${autocheckpointPages}`);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // fold(text): accents and case folded, spaces collapsed, as the lists' search
  // folds what was typed (app/models/shared/list-query.ts), so "joao" finds
  // "João". Deterministic: SQLite may use it in an index expression.
  sqlite.function("fold", { deterministic: true }, (text: unknown) =>
    text === null || text === undefined ? null : folded(String(text)),
  );
  return new Kysely<Database>({ dialect: busyRetryDialect(sqlite) });
}

// fold() runs for every row a list sorts by name or searches: the Informes'
// 4,450 tenants of a year at 5,000 contracts on each view, at 20-40 µs each
// (NFD and a Unicode regex). The same names come back view after view, so
// the results are kept; a full memo starts over (at 20,000 texts of a few
// dozen characters: a few MB).
const FOLD_MEMO = 20_000;
const foldMemo = new Map<string, string>();

function folded(text: string) {
  let value = foldMemo.get(text);
  if (value === undefined) {
    value = normalizeText(text);
    if (foldMemo.size >= FOLD_MEMO) foldMemo.clear();
    foldMemo.set(text, value);
  }
  return value;
}

// SQLite copies the write-ahead log back into the database file (a
// checkpoint, with an fsync) inside whichever commit finds the log past
// `wal_autocheckpoint` pages, 1,000 by default: on this connection, that is a
// request's event loop held for the copy (30-40 ms for 1,000 pages on a quiet
// disk here, 910 ms seen on a busy one; decision 0060). The housekeeping
// thread checkpoints every minute on its own connection (CHECKPOINT_TASK),
// where a wait holds no request; this connection does it itself only past
// this many pages (~40 MB of log), a burst that minute's checkpoint could not
// keep up with.
export const SERVER_AUTOCHECKPOINT_PAGES = 10_000;

export function getDb(): Kysely<Database> {
  if (!instance) instance = openDatabase(databasePath(), { autocheckpointPages: SERVER_AUTOCHECKPOINT_PAGES });
  return instance;
}
