import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "#app/db/schema";
import { localToday } from "#app/models/shared/days";
import { LIST_PAGE_SIZE } from "#app/models/shared/list-query";
import type { Cents } from "#app/models/shared/money";
import { pageOf } from "#app/models/shared/paging.server";
import { openBillingsToMatch } from "./imports.server";
import { REVIEW_STATES, type ReviewState } from "./review-query";

// What the review page of one import shows (routes/admin/statements/review.tsx),
// as a list (issue 34: a statement of 36,000 credits was a 51 MB page):
// the import; a summary of ALL its credits by state (count and total) and
// of its debits; ONE page of its credits (debits are only counted), filtered
// by state, with the billing each was matched to or settled; and, while it
// waits for Confirmar, for each unmatched credit of the page the open
// billings closest to its amount it may be assigned to.

type DB = Kysely<Database>;

// Credits a page. The page's HTML grows with it (a pending review's row is
// about 2 KB with its select), so the list default keeps it near 60 KB.
export const REVIEW_PAGE_SIZE = LIST_PAGE_SIZE;
// The open billings offered for one unmatched credit: the closest in amount.
// Every open billing in every select was 2,000 options a row.
export const ASSIGN_OPTIONS = 20;

export type ReviewSummary = {
  credits: Record<ReviewState, { count: number; totalCents: Cents }>;
  debits: { count: number; totalCents: Cents };
};

// The state of a line, as SQL (see ReviewState).
const stateOf = sql<ReviewState>`case when l.settled_at is not null then 'settled' else l.match_kind end`;

export async function getStatementReview(
  db: DB,
  id: number,
  options: { issueDays: number; state?: ReviewState | null; page?: number; size?: number; today?: string },
) {
  const statement = await db.selectFrom("statement_imports").selectAll().where("id", "=", id).executeTakeFirst();
  if (!statement) return null;
  const state = options.state ?? null;
  const summary = await reviewSummary(db, id);
  // The page is counted and chosen on statement_lines alone (its index), then
  // only its rows are joined to their billing and tenant.
  const filtered = db
    .selectFrom("statement_lines as l")
    .where("l.import_id", "=", id)
    .where("l.credit", "=", 1)
    .$if(state !== null, (q) => q.where(sql<SqlBool>`${stateOf} = ${state}` as Expression<SqlBool>));
  const paged = await pageOf(
    filtered,
    options.page ?? 1,
    (q) => q.select("l.id").orderBy("l.position"),
    options.size ?? REVIEW_PAGE_SIZE,
  );
  const ids = paged.rows.map((r) => r.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .selectFrom("statement_lines as l")
          .leftJoin("billing as b", (j) =>
            j.onRef("b.id", "=", (eb) => eb.fn.coalesce("l.settled_billing_id", "l.billing_id")),
          )
          .leftJoin("clients as c", "c.id", "b.client_id")
          .select([
            "l.id",
            "l.position",
            "l.posted_date",
            "l.amount_cents",
            "l.memo",
            "l.payer_name",
            "l.reference",
            "l.match_kind",
            "l.match_reason",
            "l.billing_id",
            "l.due_cents",
            "l.difference_cents",
            "l.settled_billing_id",
            "l.settled_at",
            "b.month_year",
            "b.due_date",
            "b.status as billing_status",
            "b.payment_difference_cents",
            "c.name as client_name",
          ])
          .where("l.id", "in", ids)
          .orderBy("l.position")
          .execute();
  const receipts = await receiptNumbers(
    db,
    lines.flatMap((l) => (l.settled_billing_id ? [l.settled_billing_id] : [])),
  );
  const pending = statement.confirmed_at === null;
  const unmatched = pending ? lines.filter((l) => l.match_kind === "none") : [];
  const open =
    unmatched.length > 0 ? await openBillingsToMatch(db, options.today ?? localToday(), options.issueDays) : [];
  // For each unmatched credit, the ASSIGN_OPTIONS open billings whose amount
  // is closest to it; the page sends only those.
  const byAmount = [...open].sort((a, b) => a.amount_cents - b.amount_cents || a.id - b.id);
  const candidates = new Map(unmatched.map((l) => [l.id, closestInAmount(byAmount, l.amount_cents, ASSIGN_OPTIONS)]));
  const offered = new Set([...candidates.values()].flat());
  return {
    statement,
    summary,
    state,
    page: paged.page,
    pages: paged.pages,
    total: paged.total,
    lines: lines.map((l) => ({
      ...l,
      receipt: l.settled_billing_id ? (receipts.get(l.settled_billing_id) ?? null) : null,
      candidates: candidates.get(l.id) ?? [],
    })),
    options: open
      .filter((b) => offered.has(b.id))
      .map((b) => ({
        id: b.id,
        client_name: b.client_name,
        month_year: b.month_year,
        due_date: b.due_date,
        amount_cents: b.amount_cents,
      })),
  };
}
export type StatementReview = NonNullable<Awaited<ReturnType<typeof getStatementReview>>>;
export type StatementReviewLine = StatementReview["lines"][number];

// The ids of the `count` billings closest to `amount`, from a list sorted by
// amount: a binary search, then outwards (ties to the smaller amount).
export function closestInAmount(
  sorted: readonly { id: number; amount_cents: number }[],
  amount: number,
  count: number,
) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.amount_cents < amount) lo = mid + 1;
    else hi = mid;
  }
  const ids: number[] = [];
  let left = lo - 1;
  let right = lo;
  while (ids.length < count && (left >= 0 || right < sorted.length)) {
    const takeLeft =
      right >= sorted.length ||
      (left >= 0 && amount - sorted[left]!.amount_cents <= sorted[right]!.amount_cents - amount);
    ids.push(takeLeft ? sorted[left--]!.id : sorted[right++]!.id);
  }
  return ids;
}

// Every credit of the import by state, and its debits: one pass over its
// lines (the statement_lines_import index), whatever page is shown.
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
  const zero = () => ({ count: 0, totalCents: 0 as Cents });
  const summary: ReviewSummary = {
    credits: Object.fromEntries(REVIEW_STATES.map((s) => [s, zero()])) as ReviewSummary["credits"],
    debits: zero(),
  };
  for (const r of rows) {
    const into = r.credit === 1 ? summary.credits[r.state] : summary.debits;
    if (!into) continue;
    into.count += Number(r.count);
    into.totalCents = (into.totalCents + Number(r.total)) as Cents;
  }
  return summary;
}

async function receiptNumbers(db: DB, billingIds: number[]) {
  const map = new Map<number, number>();
  if (billingIds.length === 0) return map;
  const rows = await db
    .selectFrom("billing_receipts")
    .select(["id", "billing_id"])
    .where("billing_id", "in", billingIds)
    .where("voided_at", "is", null)
    .execute();
  for (const r of rows) map.set(r.billing_id, r.id);
  return map;
}
