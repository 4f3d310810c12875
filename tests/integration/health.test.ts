import fs from "node:fs";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { checkDatabase } from "#app/models/health/database.server";
import { tempDatabase } from "#tests/fixtures/temp-db";

// /healthz must fail while the database cannot be written (issue 9), and
// checking must leave nothing behind.
let temp: Awaited<ReturnType<typeof tempDatabase>>;
beforeAll(async () => {
  temp = await tempDatabase("health-it-");
});
afterAll(() => temp.cleanup());

function connect(options: SQLite.Options = {}, busyMs = 100) {
  const sqlite = new SQLite(temp.path, options);
  sqlite.pragma(`busy_timeout = ${busyMs}`);
  return { sqlite, db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }) };
}

describe("checkDatabase", () => {
  it("passes on a healthy database and changes nothing", async () => {
    const watcher = new SQLite(temp.path, { readonly: true });
    const version = watcher.pragma("data_version", { simple: true });
    expect(await checkDatabase(temp.db)).toEqual({ ok: true });
    expect(watcher.pragma("data_version", { simple: true })).toBe(version);
    expect(watcher.prepare("select count(*) from sqlite_master where name = 'health_probe'").pluck().get()).toBe(0);
    watcher.close();
    // And the connection is usable afterwards (no transaction left open).
    await expect(temp.db.selectFrom("users").select("id").execute()).resolves.toEqual([]);
  });

  it("fails the write on a database it can only read", async () => {
    const { db } = connect({ readonly: true });
    const health = await checkDatabase(db);
    expect(health).toMatchObject({ ok: false, failed: "write" });
    expect(health.ok || health.message).toMatch(/readonly/);
    await db.destroy();
  });

  it("fails the write while another process holds the write lock", async () => {
    const holder = new SQLite(temp.path);
    holder.exec("begin immediate");
    const { db } = connect();
    expect(await checkDatabase(db)).toMatchObject({ ok: false, failed: "write" });
    holder.exec("rollback");
    expect(await checkDatabase(db)).toEqual({ ok: true });
    holder.close();
    await db.destroy();
  });

  it("fails the read when the file is not a database", async () => {
    const garbage = `${temp.path}.garbage`;
    fs.writeFileSync(garbage, "isto não é um banco SQLite".repeat(200));
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(garbage) }) });
    expect(await checkDatabase(db)).toMatchObject({ ok: false, failed: "read" });
    await db.destroy();
  });
});
