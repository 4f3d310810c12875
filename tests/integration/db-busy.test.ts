import Database from "better-sqlite3";
import { sql } from "kysely";
import {
  RouterContextProvider,
  createStaticHandler,
  data,
  isRouteErrorResponse,
  type MiddlewareFunction,
} from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DatabaseBusyError, isDatabaseBusy, openDatabase } from "#app/db/db.server";
import { BUSY_MESSAGE, isBusyResponse } from "#app/utils/database-busy";
import { failureIdOf } from "#app/utils/failure";
import { failedWriteAlert, reportFailure } from "#app/utils/failure.server";
import { runWithRequestContext } from "#app/utils/log.server";
import { captureLog } from "#tests/fixtures/log";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { failureAnswering, withFailureAnswers } from "../../server/failure-answer";

// Another process (a CLI, a backup, a migration) holds the write lock: the
// app's reads keep flowing, its event loop stays free while a write waits, and
// a write that cannot get the lock in time fails with a plain typed error,
// which the server answers with 503, not 500 (server/failure-answer.ts), and
// which a route's failure answer lets through (app/utils/failure.server.ts).

let temp: Awaited<ReturnType<typeof tempDatabase>>;
const captured = captureLog();
let other: Database.Database | undefined;

beforeAll(async () => {
  temp = await tempDatabase("db-busy-it-");
  await temp.db
    .insertInto("login_attempts")
    .values({ key: "seed", failures: 1, window_started_at: new Date().toISOString() })
    .execute();
});

afterEach(() => {
  release();
  captured.clear();
});
afterAll(() => {
  captured.restore();
  return temp.cleanup();
});

// BEGIN IMMEDIATE on a second handle, with an uncommitted write: what
// `sqlite3 app.db`, a script or a migration does while it works.
function holdWriteLock() {
  other = new Database(temp.path);
  other.exec("begin immediate");
  other
    .prepare("insert or replace into login_attempts (key, failures, window_started_at) values ('other-process', 1, ?)")
    .run(new Date().toISOString());
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

const insert = (key: string) =>
  temp.db
    .insertInto("login_attempts")
    .values({ key, failures: 1, window_started_at: new Date().toISOString() })
    .execute();

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
      const row = await trx
        .selectFrom("login_attempts")
        .select("failures")
        .where("key", "=", "seed")
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("login_attempts")
        .set({ failures: row.failures + 1 })
        .where("key", "=", "seed")
        .execute();
    });
    const row = await temp.db
      .selectFrom("login_attempts")
      .select("failures")
      .where("key", "=", "seed")
      .executeTakeFirstOrThrow();
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
        .execute((trx) =>
          trx
            .insertInto("login_attempts")
            .values({ key: "too-late-trx", failures: 1, window_started_at: "x" })
            .execute(),
        )
        .catch((e: unknown) => e),
    ]);
    clearInterval(probe);
    const waited = performance.now() - started;
    expect(error).toBeInstanceOf(DatabaseBusyError);
    expect(trxError).toBeInstanceOf(DatabaseBusyError);
    // One warn line each, with how long it waited.
    const lines = captured.events("db.busy");
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.level === "warn" && Number(l.waitedMs) >= 1000)).toBe(true);
    expect(waited).toBeGreaterThan(1000);
    expect(waited).toBeLessThan(6000);
    // The 10 ms interval kept firing all along: nothing waited synchronously
    // (a busy_timeout wait would show as one gap as long as the wait, 3 s or
    // more; the bound leaves room for a loaded machine's scheduling).
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]);
    expect(ticks.length).toBeGreaterThan(waited / 200);
    expect(Math.max(...gaps)).toBeLessThan(1000);

    release();
    const keys = (
      await temp.db.selectFrom("login_attempts").select("key").where("key", "like", "too-late%").execute()
    ).map((r) => r.key);
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
    const keys = (
      await temp.db.selectFrom("login_attempts").select("key").where("key", "in", ["inside", "outside"]).execute()
    ).map((r) => r.key);
    expect(keys).toEqual(["outside"]);
  });

  it("wait for SQLite's lock only briefly on the event loop", async () => {
    const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(temp.db);
    expect(rows[0].timeout).toBeLessThanOrEqual(20);
  });
});

// The one place where it becomes the 503 page (server/failure-answer.ts): every
// loader, action and middleware of the build, wrapped.
describe("a locked database as React Router answers it", () => {
  const busy = () => {
    throw new DatabaseBusyError(3000);
  };
  const routeModule = (fns: {
    loader?: () => unknown;
    action?: () => unknown;
    middleware?: MiddlewareFunction<Response>[];
  }) => failureAnswering({ default: () => null, ...fns } as never);

  function handlerFor(module: ReturnType<typeof routeModule>) {
    return createStaticHandler([
      {
        id: "root",
        path: "/",
        hasErrorBoundary: true,
        loader: module.loader,
        action: module.action,
        middleware: module.middleware as never,
      },
    ]);
  }
  const requestFor = (method: string) =>
    new Request("http://localhost/", { method, body: method === "POST" ? new URLSearchParams({ a: "1" }) : undefined });

  it("is a 503 error response with the busy message that the error boundary renders, for loaders and actions", async () => {
    const handler = handlerFor(routeModule({ loader: busy, action: busy }));
    for (const method of ["GET", "POST"]) {
      const context = await handler.query(requestFor(method));
      if (context instanceof Response) throw new Error("expected a render context");
      expect(context.statusCode).toBe(503);
      const error = context.errors?.root;
      expect(isBusyResponse(error)).toBe(true);
      expect(isRouteErrorResponse(error) && error.data).toBe(BUSY_MESSAGE);
    }
  });

  it("is the same answer from a middleware", async () => {
    const handler = handlerFor(routeModule({ loader: () => "ok", middleware: [async () => busy()] }));
    const response = await handler.query(requestFor("GET"), {
      requestContext: new RouterContextProvider(),
      generateMiddlewareResponse: async (query) => {
        const context = await query(requestFor("GET"));
        if (context instanceof Response) return context;
        return new Response(
          JSON.stringify({ status: context.statusCode, busy: isBusyResponse(context.errors?.root) }),
          { status: context.statusCode },
        );
      },
    });
    expect(response).toBeInstanceOf(Response);
    expect(await (response as Response).json()).toEqual({ status: 503, busy: true });
  });

  it("answers any other error with a 500 that carries the request's id, logged once with the route", async () => {
    const handler = handlerFor(
      routeModule({
        loader: () => {
          throw new Error("something else");
        },
        action: () => {
          throw new TypeError("a bug in an action");
        },
      }),
    );
    for (const [method, id, step] of [
      ["GET", "req-loader", "loader"],
      ["POST", "req-action", "action"],
    ] as const) {
      const context = await runWithRequestContext({ requestId: id, role: "admin" }, () =>
        handler.query(requestFor(method)),
      );
      if (context instanceof Response) throw new Error("expected a render context");
      expect(context.statusCode).toBe(500);
      const error = context.errors?.root;
      expect(failureIdOf(error)).toBe(id);
      expect(isRouteErrorResponse(error) && error.data).toEqual({ requestId: id, step });
    }
    expect(captured.events("request.failed")).toEqual([
      expect.objectContaining({
        requestId: "req-loader",
        route: "route",
        step: "loader",
        error: expect.objectContaining({ message: "something else" }),
      }),
      expect.objectContaining({
        requestId: "req-action",
        route: "route",
        step: "action",
        error: expect.objectContaining({ name: "TypeError" }),
      }),
    ]);
  });

  it("leaves answers chosen on purpose and plain values as they were", async () => {
    const handler = handlerFor(
      routeModule({
        loader: () => {
          throw data("Não encontrado", { status: 404 });
        },
        action: () => "done",
      }),
    );
    const loaded = await handler.query(requestFor("GET"));
    if (loaded instanceof Response) throw new Error("expected a render context");
    expect(loaded.statusCode).toBe(404);
    expect(failureIdOf(loaded.errors?.root)).toBeNull();
    const acted = await handler.query(requestFor("POST"));
    if (acted instanceof Response) throw new Error("expected a render context");
    expect(acted.actionData).toEqual({ root: "done" });
    expect(captured.events("request.failed")).toEqual([]);
  });

  it("wraps every route of a build and nothing else", () => {
    const loader = () => null;
    const build = {
      routes: {
        root: { id: "root", path: "", module: { default: loader } },
        page: { id: "page", module: { loader, ErrorBoundary: loader } },
      },
    };
    const wrapped = withFailureAnswers(build as never) as unknown as typeof build;
    expect(wrapped.routes.root.module).toEqual({
      default: loader,
      loader: undefined,
      action: undefined,
      middleware: undefined,
    });
    expect(wrapped.routes.page.module.ErrorBoundary).toBe(loader);
    expect(typeof (wrapped.routes.page.module as { loader?: unknown }).loader).toBe("function");
    expect((wrapped.routes.page.module as { loader?: unknown }).loader).not.toBe(loader);
  });

  it("is recognised in any copy of the module (server.js and React Router's build each bundle one)", () => {
    // Another copy's class: the same global mark, not the same constructor.
    const copy = Object.assign(new Error("database busy"), { [Symbol.for("imobiliaria.database-busy")]: true });
    expect(isDatabaseBusy(copy)).toBe(true);
    expect(isDatabaseBusy(new DatabaseBusyError(0))).toBe(true);
    expect(isDatabaseBusy(new Error("database busy"))).toBe(false);
    expect(isDatabaseBusy({ [Symbol.for("imobiliaria.database-busy")]: true })).toBe(false);
  });
});

// The answer of a route that catches a failed write (app/utils/failure.server.ts).
describe("a failed write's answer", () => {
  it("lets a locked database through to the 503 page, whatever the route answers otherwise", () => {
    const error = new DatabaseBusyError(3000);
    expect(() => failedWriteAlert("test.write_failed", error, { alert: "x" })).toThrow(error);
    expect(() => reportFailure("test.write_failed", error)).toThrow(error);
    expect(captured.events("test.write_failed")).toEqual([]);
  });

  it("logs any other failure with the route's event and answers with the alert beside the form", () => {
    const error = new Error("disk full");
    const alert = failedWriteAlert("test.write_failed", error, { alert: "Nada foi salvo." }, { list: "x" });
    expect(alert.init?.status).toBe(500);
    expect(alert.data).toEqual({ alert: "Nada foi salvo." });
    reportFailure("test.write_failed", error);
    expect(captured.events("test.write_failed")).toEqual([
      expect.objectContaining({ level: "error", list: "x", error: expect.objectContaining({ message: "disk full" }) }),
      expect.objectContaining({ level: "error", error: expect.objectContaining({ message: "disk full" }) }),
    ]);
  });
});
