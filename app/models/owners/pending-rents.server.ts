import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { addDays, addMonths, daysInMonth } from "#app/models/shared/days";
import { ownedRents, type OwnedRent } from "./received-rents.server";

// Which rents an owner statement takes (docs/decisions/0040-owner-transfers.md),
// read for Repasses and its summary (transfers.server.ts) and frozen by
// markTransferDone (mark-transfer.server.ts).

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

export type PendingRent = OwnedRent;

// The rents not yet in a final statement, received up to the end of `month`,
// whose statement is `month`'s: a payment belongs to the statement of the
// month it was received in or, when that one is final already (a payment
// recorded late), to the owner's next month without a final statement.
// `ownerId`: one owner's.
//
// Read so that the cost is the month's, not the history's (issue 34): the
// month's own payments (the paid-on index), and the earlier untransferred
// ones only of owners whose previous month is final, the one case in which
// an earlier payment can move forward into `month`, and only since the first
// month of the unbroken run of final months that ends there (an earlier
// payment stops at the gap). An owner whose `month` is final has no pending
// rents in it.
export async function pendingRents(db: DB | Trx, month: string, ownerId?: number): Promise<PendingRent[]> {
  const from = `${month}-01`;
  const own: OwnedRent[] = [];
  for (const [paidFrom, paidBefore] of windowsOf(month, ownerId === undefined ? MONTH_PARTS : 1)) {
    // Every owner's month (Repasses' summary, outside any transaction) is
    // about 4,000 rents at 5,000 contracts, 110-150 ms of SQLite in one
    // query: read a few days at a time, the event loop given a turn between.
    if (paidFrom !== from) await new Promise((resolve) => setImmediate(resolve));
    own.push(...(await ownedRents(db, { paidFrom, paidBefore, ownerId, notTransferred: true })));
  }
  const runs = await finalRuns(db, addMonths(month, -1), ownerId);
  const late =
    runs.length === 0
      ? []
      : await ownedRents(db, {
          paidBefore: from,
          ownerId,
          notTransferred: true,
          ownersFrom: runs.map(([owner, first]) => [owner, `${first}-01`] as const),
        });
  const rows = [...own, ...late];
  if (rows.length === 0) return [];
  const owners = [...new Set(rows.map((r) => r.ownerId))];
  const since = late.reduce((first, r) => (r.paymentMonth < first ? r.paymentMonth : first), month);
  const finals = await db
    .selectFrom("owner_statements")
    .select(["owner_id", "month"])
    .where(sql<boolean>`owner_id in (select value from json_each(${JSON.stringify(owners)}))`)
    .where("month", ">=", since)
    .where("month", "<=", month)
    .execute();
  const closed = new Set(finals.map((s) => `${s.owner_id}:${s.month}`));
  // The first month from the payment's on whose statement is not final yet.
  const target = (owner: number, from: string) => {
    let m = from;
    while (closed.has(`${owner}:${m}`) && m < month) m = addMonths(m, 1);
    return closed.has(`${owner}:${m}`) ? null : m;
  };
  return rows
    .filter((r) => target(r.ownerId, r.paymentMonth) === month)
    .sort((a, b) =>
      a.paymentDate < b.paymentDate ? -1 : a.paymentDate > b.paymentDate ? 1 : a.billingId - b.billingId,
    );
}

// About three days each: most rents are paid around a few due days.
const MONTH_PARTS = 10;

// The month's days cut into `n` ranges [from, before) of "yyyy-MM-dd" (at
// most one a day).
function windowsOf(month: string, parts: number): [string, string][] {
  const [year, m] = month.split("-").map(Number);
  const days = daysInMonth(year, m);
  const n = Math.min(parts, days);
  const cuts = Array.from({ length: n + 1 }, (_, i) => Math.round((i * days) / n));
  const day = (d: number) => (d >= days ? `${addMonths(month, 1)}-01` : addDays(`${month}-01`, d));
  return cuts.slice(0, -1).map((c, i) => [day(c), day(cuts[i + 1])]);
}

// The owners whose statement of `month` is final, each with the first month
// of its unbroken run of final statements ending at `month` (both by the
// statements' indexes: owner_statements_month, then (owner_id, month)).
async function finalRuns(db: DB | Trx, month: string, ownerId?: number): Promise<[number, string][]> {
  let query = db
    .selectFrom("owner_statements")
    .select(["owner_id", "month"])
    .where("owner_id", "in", (eb) =>
      eb.selectFrom("owner_statements as closed").select("closed.owner_id").where("closed.month", "=", month),
    )
    .where("month", "<=", month);
  if (ownerId !== undefined) query = query.where("owner_id", "=", ownerId);
  const rows = await query.orderBy("owner_id").orderBy("month", "desc").execute();
  const runs = new Map<number, string>();
  for (const r of rows) {
    const first = runs.get(r.owner_id);
    if (first === undefined) runs.set(r.owner_id, r.month);
    else if (r.month === addMonths(first, -1)) runs.set(r.owner_id, r.month);
    // else: a gap; the run stopped and the owner's earlier months do not matter.
  }
  return [...runs];
}
