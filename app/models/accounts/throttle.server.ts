import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";

// Login throttling, in 15-minute windows (docs/decisions/0008-login-lockout.md).
// Past a limit, that bucket's attempts are refused until its window ends.
// - A browser without a device cookie for the account shares the account's
//   "untrusted" bucket (5 attempts) with every such browser, and its address's
//   bucket (20 attempts, whatever the accounts).
// - A browser with one (it logged in to this account before) has a bucket of
//   its own (5 attempts) and nothing else applies to it: strangers' failures,
//   on the account or from its address, can never lock it out.
export const WINDOW_MS = 15 * 60 * 1000;
// `devices`: all the device cookies of one account together, so that many
// cookies (one per past login) never add up to more guesses.
const LIMITS = { account: 5, device: 5, devices: 20, address: 20 } as const;

type DB = Kysely<Database>;

// `account` is a stable key for the account tried: its id when it exists (so
// username and email share one allowance), else the normalised text typed.
export function accountKey(user: { id: number } | null, identifier: string) {
  return user ? `account:id:${user.id}` : `account:name:${identifier.trim().toLowerCase()}`;
}

function buckets(account: string, ip: string, device: string | null) {
  if (device)
    return [
      { key: `device:${device}`, limit: LIMITS.device },
      { key: `devices:${account}`, limit: LIMITS.devices },
    ];
  return [
    { key: account, limit: LIMITS.account },
    { key: `address:${ip}`, limit: LIMITS.address },
  ];
}

// Counts this attempt first, in one transaction, and then says whether one of
// its buckets is over its limit: parallel attempts cannot all slip past a
// check made before the slow password comparison. `device` is the id of the
// browser's valid device cookie for this account, if it has one.
export async function registerAttempt(db: DB, account: string, ip: string, device: string | null = null) {
  return db.transaction().execute(async (trx) => {
    let over = false;
    for (const { key, limit } of buckets(account, ip, device)) if (await countIn(trx, key, limit)) over = true;
    return over;
  });
}

// One more use of a bucket in its 15-minute window; whether it is now over
// `limit`. Also what rate-limits the public document check (decision 0079).
async function countIn(trx: Transaction<Database>, key: string, limit: number) {
  const now = new Date();
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const row = await trx
    .selectFrom("login_attempts")
    .select(["failures", "window_started_at"])
    .where("key", "=", key)
    .executeTakeFirst();
  const count = !row || row.window_started_at <= since ? 1 : row.failures + 1;
  const started = count === 1 ? now.toISOString() : row!.window_started_at;
  await trx
    .insertInto("login_attempts")
    .values({ key, failures: count, window_started_at: started })
    .onConflict((oc) => oc.column("key").doUpdateSet({ failures: count, window_started_at: started }))
    .execute();
  return count > limit;
}

export async function overRateLimit(db: DB, key: string, limit: number) {
  return db.transaction().execute((trx) => countIn(trx, key, limit));
}

// A successful login. From a device cookie: that device starts over, and the
// untrusted bucket keeps its count (logging in must not hand strangers a fresh
// allowance). Otherwise: the account starts over, and the attempt no longer
// counts against the address (an office behind one address logs in often).
export async function clearAttempts(db: DB, account: string, ip: string, device: string | null = null) {
  if (device) {
    await db.deleteFrom("login_attempts").where("key", "=", `device:${device}`).execute();
    return;
  }
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
