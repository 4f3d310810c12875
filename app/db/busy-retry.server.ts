import { setTimeout as sleep } from "node:timers/promises";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely";
import { log } from "#app/utils/log.server";

// Waiting for SQLite's write lock without freezing the server.
//
// SQLite has one writer at a time; in WAL mode readers never wait for it. But
// better-sqlite3 is synchronous: with a long `busy_timeout`, a write that meets
// another process's lock (a CLI, a backup, a migration) sleeps inside SQLite
// with the whole event loop, and every request, reads and /healthz included,
// stalls until the lock is free (3.7-4.8 s was measured with 5 s).
//
// So SQLite itself does not wait (BUSY_TIMEOUT_MS), and this driver retries a
// busy statement or BEGIN with `await sleep(backoff)` until BUSY_DEADLINE_MS,
// then throws DatabaseBusyError. Details that matter:
// - Kysely's own SqliteDriver holds its one connection from acquire to release,
//   so reads would queue behind a write that waits. Here the connection (the
//   inner driver's mutex) is held only while a statement runs or while a
//   transaction is open (Kysely's, or one begun by a raw BEGIN), never during
//   a sleep. So `db.connection()` no longer reserves it between statements
//   outside a transaction (migrations run on their own connection at start).
// - Transactions begin IMMEDIATE: the write lock is taken at BEGIN, where a
//   retry is safe because nothing is held yet. A deferred transaction that read
//   and then writes can neither wait (SQLite answers BUSY at once: another
//   writer may have changed what it read) nor retry that one statement.
//   `db.transaction().setAccessMode("read only")` begins DEFERRED and never waits.
// - Inside a transaction nothing but COMMIT is retried; BUSY there fails the
//   transaction, and Kysely rolls it back.

// SQLite's own wait per attempt, which would block the event loop: none. The
// first retry comes 5 ms later, without blocking anything.
export const BUSY_TIMEOUT_MS = 0;
// How long a write may wait for the lock in all.
export const BUSY_DEADLINE_MS = 3000;
const BACKOFF_FIRST_MS = 5;
const BACKOFF_MAX_MS = 100;

// A write that could not get the lock in time: a plain error. The server
// turns it into the 503 page "O sistema está ocupado" wherever a loader, an
// action or a middleware lets it through (server/failure-answer.ts); a route that
// catches a failed write answers through app/utils/failure.server.ts, which
// lets it through.
//
// Recognised by isDatabaseBusy, not instanceof: server.js and React Router's
// build each bundle a copy of this class, so the mark is a global symbol.
const DATABASE_BUSY: unique symbol = Symbol.for("imobiliaria.database-busy") as never;

export class DatabaseBusyError extends Error {
  readonly [DATABASE_BUSY] = true;

  constructor(
    readonly waitedMs: number,
    options?: ErrorOptions,
  ) {
    super(`database busy: no lock after ${Math.round(waitedMs)} ms`, options);
    this.name = "DatabaseBusyError";
  }
}

export function isDatabaseBusy(error: unknown): error is DatabaseBusyError {
  return error instanceof Error && (error as { [DATABASE_BUSY]?: unknown })[DATABASE_BUSY] === true;
}

function isBusy(error: unknown) {
  return error instanceof SQLite.SqliteError && error.code.startsWith("SQLITE_BUSY");
}

async function retryWhileBusy<T>(attempt: () => Promise<T>, deadlineMs: number): Promise<T> {
  const started = performance.now();
  for (let delay = BACKOFF_FIRST_MS; ; delay = Math.min(delay * 2, BACKOFF_MAX_MS)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      const waited = performance.now() - started;
      if (waited >= deadlineMs) {
        log.warn("db.busy", { waitedMs: Math.round(waited) });
        throw new DatabaseBusyError(waited, { cause: error });
      }
      await sleep(Math.min(delay, deadlineMs - waited));
    }
  }
}

// What Kysely calls a connection: a view of the one SQLite connection that
// takes it only for a statement, or from BEGIN to COMMIT/ROLLBACK.
class BusyRetryConnection implements DatabaseConnection {
  // The inner connection while a transaction is open on this one.
  #open: DatabaseConnection | undefined;
  #byStatement = false;

  constructor(
    private readonly inner: SqliteDriver,
    private readonly sqlite: SQLite.Database,
    private readonly deadlineMs: number,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const open = this.#open;
    if (open) {
      try {
        return await open.executeQuery<R>(query);
      } catch (error) {
        if (!isBusy(error)) throw error;
        log.warn("db.busy", { waitedMs: 0, inTransaction: true });
        throw new DatabaseBusyError(0, { cause: error });
      } finally {
        // A transaction begun by a statement (below) ends with the statement
        // that commits or rolls it back.
        if (this.#byStatement && !this.sqlite.inTransaction) await this.#close();
      }
    }
    return retryWhileBusy(async () => {
      const connection = await this.inner.acquireConnection();
      let began = false;
      try {
        const result = await connection.executeQuery<R>(query);
        // A raw BEGIN (through `db.connection()`) keeps the connection until
        // its transaction ends, as Kysely's own driver does: no other
        // request's statement may run inside it.
        began = this.sqlite.inTransaction;
        return result;
      } finally {
        if (began) {
          this.#open = connection;
          this.#byStatement = true;
        } else {
          await this.inner.releaseConnection();
        }
      }
    }, this.deadlineMs);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.#open) {
      yield* this.#open.streamQuery<R>(query, chunkSize);
      return;
    }
    const connection = await this.inner.acquireConnection();
    try {
      yield* connection.streamQuery<R>(query, chunkSize);
    } finally {
      await this.inner.releaseConnection();
    }
  }

  async begin(statement: "begin immediate" | "begin deferred") {
    await retryWhileBusy(async () => {
      const connection = await this.inner.acquireConnection();
      try {
        await connection.executeQuery(CompiledQuery.raw(statement));
      } catch (error) {
        await this.inner.releaseConnection();
        throw error;
      }
      this.#open = connection;
    }, this.deadlineMs);
  }

  // SQLite allows retrying a COMMIT that met BUSY; on failure Kysely rolls back.
  async commit() {
    const open = this.transaction();
    await retryWhileBusy(() => open.executeQuery(CompiledQuery.raw("commit")), this.deadlineMs);
    await this.#close();
  }

  async rollback() {
    if (!this.#open) return;
    try {
      // Some errors end the transaction inside SQLite already.
      if (this.sqlite.inTransaction) await this.#open.executeQuery(CompiledQuery.raw("rollback"));
    } finally {
      await this.#close();
    }
  }

  // The connection of the open transaction (for savepoints).
  transaction() {
    if (!this.#open) throw new Error("no transaction is open on this connection");
    return this.#open;
  }

  async #close() {
    const open = this.#open;
    this.#open = undefined;
    this.#byStatement = false;
    if (open) await this.inner.releaseConnection();
  }
}

class BusyRetryDriver implements Driver {
  readonly #inner: SqliteDriver;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly deadlineMs: number,
  ) {
    this.#inner = new SqliteDriver({ database: sqlite });
  }

  init() {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new BusyRetryConnection(this.#inner, this.sqlite, this.deadlineMs);
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return (connection as BusyRetryConnection).begin(
      settings.accessMode === "read only" ? "begin deferred" : "begin immediate",
    );
  }

  commitTransaction(connection: DatabaseConnection) {
    return (connection as BusyRetryConnection).commit();
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return (connection as BusyRetryConnection).rollback();
  }

  savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler["compileQuery"]) {
    return this.#inner.savepoint((connection as BusyRetryConnection).transaction(), name, compileQuery);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler["compileQuery"]) {
    return this.#inner.rollbackToSavepoint((connection as BusyRetryConnection).transaction(), name, compileQuery);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler["compileQuery"]) {
    return this.#inner.releaseSavepoint((connection as BusyRetryConnection).transaction(), name, compileQuery);
  }

  // Kysely commits or rolls back before it releases; a transaction left open
  // (a raw BEGIN never ended, an abandoned controlled transaction) is rolled
  // back here, so the shared connection never stays inside it.
  async releaseConnection(connection: DatabaseConnection) {
    await (connection as BusyRetryConnection).rollback();
  }

  destroy() {
    return this.#inner.destroy();
  }
}

// Kysely's SQLite dialect with the driver above.
export function busyRetryDialect(sqlite: SQLite.Database, deadlineMs = BUSY_DEADLINE_MS): Dialect {
  return {
    createDriver: () => new BusyRetryDriver(sqlite, deadlineMs),
    createAdapter: () => new SqliteAdapter(),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
}
