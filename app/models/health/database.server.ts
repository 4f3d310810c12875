import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";

export type DatabaseHealth = { ok: true } | { ok: false; failed: "read" | "write"; message: string };

// Whether the database answers a read and a write, for /healthz (the
// container's health check). The write is real but never committed: inside
// BEGIN IMMEDIATE (which takes SQLite's write lock, so a lock held by another
// process or a stuck backup fails here after busy_timeout) it creates a
// table, which SQLite refuses on a read-only file, directory or mount
// ("attempt to write a readonly database"); then ROLLBACK. Nothing reaches
// the file, so the check neither grows the WAL nor empties the page cache
// (data_version does not change), however often it runs. What it cannot see:
// a full disk (only a commit that needs a new page would).
export async function checkDatabase(db: Kysely<Database>): Promise<DatabaseHealth> {
  try {
    await sql`select count(*) from sqlite_master`.execute(db);
  } catch (error) {
    return { ok: false, failed: "read", message: messageOf(error) };
  }
  // One connection for the three statements: no other query may run inside
  // this transaction (and be rolled back with it).
  return db.connection().execute(async (conn) => {
    try {
      await sql`begin immediate`.execute(conn);
      await sql`create table health_probe (x)`.execute(conn);
      return { ok: true } as const;
    } catch (error) {
      return { ok: false, failed: "write", message: messageOf(error) } as const;
    } finally {
      await sql`rollback`.execute(conn).catch(() => {});
    }
  });
}

function messageOf(error: unknown) {
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}
