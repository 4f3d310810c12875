import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { Cents } from "#app/models/shared/money";
import { REVIEW_STATES, type ReviewState } from "./review-query";

// The summary at the top of an import's review (review.server.ts): ALL its
// credits by state (count and total), its debits and its information lines,
// whatever page is shown; kept per import until it is confirmed.

type DB = Kysely<Database>;

export type ReviewSummary = {
  credits: Record<ReviewState, { count: number; totalCents: Cents }>;
  debits: { count: number; totalCents: Cents };
  // CNAB movements that move no money (02 entrada confirmada, 09 baixa...).
  info: { count: number; totalCents: Cents };
};

// The state of a line, as SQL (see ReviewState).
export const stateOf = sql<ReviewState>`case when l.settled_at is not null then 'settled' else l.match_kind end`;

// Every credit of the import by state, its debits and its information
// lines: one pass over its entries in statement_lines_state (covering: the
// state and the amount are in the index), whatever page is shown, and the
// few information lines (statement_lines_info) taken out of the non-credits.
export async function reviewSummary(db: DB, id: number): Promise<ReviewSummary> {
  const rows = await db
    .selectFrom("statement_lines as l")
    .select([
      "l.credit",
      stateOf.as("state"),
      (eb) => eb.fn.countAll<number>().as("count"),
      (eb) => eb.fn.sum<number>("l.amount_cents").as("total"),
    ])
    .where("l.import_id", "=", id)
    .groupBy(["l.credit", "state"])
    .execute();
  const info = await db
    .selectFrom("statement_lines as l")
    .select([(eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.sum<number>("l.amount_cents").as("total")])
    .where("l.import_id", "=", id)
    .where("l.info", "=", 1)
    .executeTakeFirst();
  const zero = () => ({ count: 0, totalCents: 0 as Cents });
  const summary: ReviewSummary = {
    credits: Object.fromEntries(REVIEW_STATES.map((s) => [s, zero()])) as ReviewSummary["credits"],
    debits: zero(),
    info: { count: Number(info?.count ?? 0), totalCents: Number(info?.total ?? 0) as Cents },
  };
  for (const r of rows) {
    const into = r.credit === 1 ? summary.credits[r.state] : summary.debits;
    if (!into) continue;
    into.count += Number(r.count);
    into.totalCents = (into.totalCents + Number(r.total)) as Cents;
  }
  summary.debits.count -= summary.info.count;
  summary.debits.totalCents = (summary.debits.totalCents - summary.info.totalCents) as Cents;
  return summary;
}

// An import's summary changes only when it is confirmed: its lines are
// written once, in the import's transaction, and the only later change of a
// line's state is Confirmar's settled_at, in the transaction that sets the
// import's confirmed_at (confirm.server.ts). So the summary is kept under
// (id, file_key, confirmed_at), unlike untilWrite's values that any write
// empties: a 36,000-line import costs 10-15 ms to summarize, on every view of
// every page of its review otherwise. file_key is random per import: a
// restored backup whose import has the same id is another key. The statement
// row is read before the summary, so a summary read after a confirmation
// committed can only be kept under the unconfirmed key nobody asks again.
const SUMMARIES_KEPT = 50;
const summaries = new WeakMap<object, Map<string, ReviewSummary>>();

export async function keptSummary(
  db: DB,
  statement: { id: number; file_key: string; confirmed_at: string | null },
): Promise<ReviewSummary> {
  let kept = summaries.get(db);
  if (!kept) summaries.set(db, (kept = new Map()));
  const key = `${statement.id}:${statement.file_key}:${statement.confirmed_at ?? ""}`;
  const hit = kept.get(key);
  if (hit) return hit;
  const summary = await reviewSummary(db, statement.id);
  kept.set(key, summary);
  if (kept.size > SUMMARIES_KEPT) kept.delete(kept.keys().next().value!);
  return summary;
}

// A split (split.server.ts) settles a line before Confirmar: the import's
// kept summary is dropped for the next view to count it. The cache is this
// process's, like the app (one process, docs/architecture.md).
export function forgetReviewSummary(db: DB, importId: number) {
  const kept = summaries.get(db);
  if (!kept) return;
  for (const key of [...kept.keys()]) if (key.startsWith(`${importId}:`)) kept.delete(key);
}
