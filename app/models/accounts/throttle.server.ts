import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";

// Login throttling: at most 5 attempts per account and 20 per address in a
// 15-minute window; past that, logins are refused until the window ends. A
// successful login clears its account's count.
export const WINDOW_MS = 15 * 60 * 1000;
const LIMITS = { account: 5, address: 20 } as const;

type DB = Kysely<Database>;

// `account` is a stable key for the account tried: its id when it exists (so
// username and email share one allowance), else the normalised text typed.
export function accountKey(user: { id: number } | null, identifier: string) {
  return user ? `account:id:${user.id}` : `account:name:${identifier.trim().toLowerCase()}`;
}

// Counts this attempt first, in one transaction, and then says whether the
// account or the address is over its limit: parallel attempts cannot all slip
// past a check made before the slow password comparison.
export async function registerAttempt(db: DB, account: string, ip: string) {
  const now = new Date();
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    let over = false;
    for (const { key, limit } of [
      { key: account, limit: LIMITS.account },
      { key: `address:${ip}`, limit: LIMITS.address },
    ]) {
      const row = await trx.selectFrom("login_attempts").select(["failures", "window_started_at"]).where("key", "=", key).executeTakeFirst();
      const count = !row || row.window_started_at <= since ? 1 : row.failures + 1;
      await trx
        .insertInto("login_attempts")
        .values({ key, failures: count, window_started_at: count === 1 ? now.toISOString() : row!.window_started_at })
        .onConflict((oc) => oc.column("key").doUpdateSet({ failures: count, window_started_at: count === 1 ? now.toISOString() : row!.window_started_at }))
        .execute();
      if (count > limit) over = true;
    }
    return over;
  });
}

// A successful login: its account starts over, and its attempt no longer
// counts against the address (an office behind one address logs in often).
export async function clearAttempts(db: DB, account: string, ip: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("login_attempts").where("key", "=", account).execute();
    await trx
      .updateTable("login_attempts")
      .set((eb) => ({ failures: eb("failures", "-", 1) }))
      .where("key", "=", `address:${ip}`)
      .where("failures", ">", 0)
      .execute();
  });
}
