import Database from "better-sqlite3";
import { sql } from "kysely";
import { createStaticHandler, isRouteErrorResponse } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DatabaseBusyError, openDatabase } from "#app/db/db.server";
import { tempDatabase } from "#tests/fixtures/temp-db";

// Another process (a CLI, a backup, a migration) holds the write lock: the
// app's reads keep flowing, its event loop stays free while a write waits, and
// a write that cannot get the lock in time fails with a typed error that
// React Router answers with 503, not 500.

let temp: Awaited<ReturnType<typeof tempDatabase>>;
let other: Database.Database | undefined;

beforeAll(async () => {
  temp = await tempDatabase("db-busy-it-");
  await temp.db.insertInto("login_attempts").values({ key: "seed", failures: 1, window_started_at: new Date().toISOString() }).execute();
});

afterEach(() => release());
afterAll(() => temp.cleanup());

// BEGIN IMMEDIATE on a second handle, with an uncommitted write: what
// `sqlite3 app.db`, a script or a migration does while it works.
function holdWriteLock() {
  other = new Database(temp.path);
  other.exec("begin immediate");
  other.prepare("insert or replace into login_attempts (key, failures, window_started_at) values ('other-process', 1, ?)").run(new Date().toISOString());
}

function release(commit = false) {
  if (!other) return;
  if (other.inTransaction) other.exec(commit ? "commit" : "rollback");
  other.close();
  other = undefined;
}

// How late a setTimeout(0) fires: the event loop's stall.
async function timerLag() {
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return performance.now() - started;
}

const insert = (key: string) => temp.db.insertInto("login_attempts").values({ key, failures: 1, window_started_at: new Date().toISOString() }).execute();

describe("while another process holds the write lock", () => {
  it("reads answer at once and the event loop stays free while a write waits; the write lands once the lock is free", async () => {
    holdWriteLock();
    const started = performance.now();
    const write = insert("waiting-write").then(
      () => performance.now() - started,
      (error: unknown) => error,
    );

    const lags: number[] = [];
    for (let i = 0; i < 10; i++) lags.push(await timerLag());
    expect(Math.max(...lags)).toBeLessThan(1000);

    const readStarted = performance.now();
    const rows = await temp.db.selectFrom("login_attempts").select("key").execute();
    expect(performance.now() - readStarted).toBeLessThan(1000);
    expect(rows.map((r) => r.key)).toEqual(["seed"]);

    // A script that opens its own connection meanwhile reads too.
    const script = openDatabase(temp.path);
    expect(await script.selectFrom("login_attempts").select("key").execute()).toEqual([{ key: "seed" }]);
    await script.destroy();

    setTimeout(() => release(true), 300);
    const waited = await write;
    expect(typeof waited).toBe("number");
    expect(waited).toBeGreaterThanOrEqual(250);
    const keys = (await temp.db.selectFrom("login_attempts").select("key").orderBy("key").execute()).map((r) => r.key);
    expect(keys).toEqual(["other-process", "seed", "waiting-write"]);
  }, 15_000);

  it("a read-modify-write transaction waits for the lock before it reads, so it never works on a stale count", async () => {
    holdWriteLock();
    // The other process raises the count and commits a little later.
    other!.prepare("update login_attempts set failures = failures + 10 where key = 'seed'").run();
    setTimeout(() => release(true), 200);
    await temp.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("login_attempts").select("failures").where("key", "=", "seed").executeTakeFirstOrThrow();
      await trx
        .updateTable("login_attempts")
        .set({ failures: row.failures + 1 })
        .where("key", "=", "seed")
        .execute();
    });
    const row = await temp.db.selectFrom("login_attempts").select("failures").where("key", "=", "seed").executeTakeFirstOrThrow();
    expect(row.failures).toBe(12);
  }, 15_000);

  it("a write that cannot get the lock within a few seconds throws DatabaseBusyError, and nothing is written", async () => {
    holdWriteLock();
    const started = performance.now();
    const ticks: number[] = [];
    const probe = setInterval(() => ticks.push(performance.now()), 10);
    const [error, trxError] = await Promise.all([
      insert("too-late").catch((e: unknown) => e),
      temp.db
        .transaction()
        .execute((trx) => trx.insertInto("login_attempts").values({ key: "too-late-trx", failures: 1, window_started_at: "x" }).execute())
        .catch((e: unknown) => e),
    ]);
    clearInterval(probe);
    const waited = performance.now() - started;
    expect(error).toBeInstanceOf(DatabaseBusyError);
    expect(trxError).toBeInstanceOf(DatabaseBusyError);
    expect(waited).toBeGreaterThan(1000);
    expect(waited).toBeLessThan(6000);
    // The 10 ms interval kept firing all along: nothing waited synchronously
    // (a busy_timeout wait would show as one gap as long as the wait, 3 s or
    // more; the bound leaves room for a loaded machine's scheduling).
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]);
    expect(ticks.length).toBeGreaterThan(waited / 200);
    expect(Math.max(...gaps)).toBeLessThan(1000);

    release();
    const keys = (await temp.db.selectFrom("login_attempts").select("key").where("key", "like", "too-late%").execute()).map((r) => r.key);
    expect(keys).toEqual([]);
    // The instance is usable again at once.
    await insert("after-release");
  }, 20_000);
});

describe("the app's connections", () => {
  it("keep a transaction begun by a raw BEGIN (db.connection()) to itself: other requests' statements wait outside it", async () => {
    await temp.db.connection().execute(async (conn) => {
      await sql`begin immediate`.execute(conn);
      await sql`insert into login_attempts (key, failures, window_started_at) values ('inside', 1, 'x')`.execute(conn);
      const outside = insert("outside");
      await new Promise((resolve) => setTimeout(resolve, 50));
      await sql`rollback`.execute(conn);
      await outside;
    });
    const keys = (await temp.db.selectFrom("login_attempts").select("key").where("key", "in", ["inside", "outside"]).execute()).map((r) => r.key);
    expect(keys).toEqual(["outside"]);
  });

  it("wait for SQLite's lock only briefly on the event loop", async () => {
    const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(temp.db);
    expect(rows[0].timeout).toBeLessThanOrEqual(20);
  });
});

describe("React Router's answer to DatabaseBusyError", () => {
  it("is a 503 error response that the error boundary renders, for loaders and actions", async () => {
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        hasErrorBoundary: true,
        loader: () => {
          throw new DatabaseBusyError(3000);
        },
        action: () => {
          throw new DatabaseBusyError(3000);
        },
      },
    ]);
    for (const method of ["GET", "POST"]) {
      const context = await handler.query(new Request("http://localhost/", { method, body: method === "POST" ? new URLSearchParams({ a: "1" }) : undefined }));
      if (context instanceof Response) throw new Error("expected a render context");
      expect(context.statusCode).toBe(503);
      const error = context.errors?.root;
      expect(isRouteErrorResponse(error) && error.status).toBe(503);
      expect(isRouteErrorResponse(error) && error.data).toBe("O sistema está ocupado. Tente novamente em instantes.");
    }
  });
});
