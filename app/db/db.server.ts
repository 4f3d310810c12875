import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { databasePath } from "#app/utils/env.server";
import type { Database } from "./schema";

// The one Kysely instance of the app, opened lazily so that importing a module
// never creates a database file (tests choose DATABASE_PATH before first use).
let instance: Kysely<Database> | undefined;

export function openDatabase(file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

export function getDb(): Kysely<Database> {
  if (!instance) instance = openDatabase(databasePath());
  return instance;
}
