import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

// Login throttling: at most 5 failures per account and 20 per address in a
// 15-minute window; past that, logins are refused until the window ends.
export const WINDOW_MS = 15 * 60 * 1000;
const LIMITS = { account: 5, address: 20 } as const;

type DB = Kysely<Database>;

function keys(identifier: string, ip: string) {
  return [
    { key: `account:${identifier.trim().toLowerCase()}`, limit: LIMITS.account },
    { key: `address:${ip}`, limit: LIMITS.address },
  ];
}

export async function isThrottled(db: DB, identifier: string, ip: string) {
  const since = new Date(Date.now() - WINDOW_MS).toISOString();
  for (const { key, limit } of keys(identifier, ip)) {
    const row = await db.selectFrom("login_attempts").select(["failures", "window_started_at"]).where("key", "=", key).executeTakeFirst();
    if (row && row.window_started_at > since && row.failures >= limit) return true;
  }
  return false;
}

export async function recordFailure(db: DB, identifier: string, ip: string) {
  const now = new Date();
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    for (const { key } of keys(identifier, ip)) {
      const row = await trx.selectFrom("login_attempts").select(["failures", "window_started_at"]).where("key", "=", key).executeTakeFirst();
      if (!row || row.window_started_at <= since) {
        await trx
          .insertInto("login_attempts")
          .values({ key, failures: 1, window_started_at: now.toISOString() })
          .onConflict((oc) => oc.column("key").doUpdateSet({ failures: 1, window_started_at: now.toISOString() }))
          .execute();
      } else {
        await trx.updateTable("login_attempts").set({ failures: row.failures + 1 }).where("key", "=", key).execute();
      }
    }
  });
}

export async function clearFailures(db: DB, identifier: string) {
  await db.deleteFrom("login_attempts").where("key", "=", `account:${identifier.trim().toLowerCase()}`).execute();
}
