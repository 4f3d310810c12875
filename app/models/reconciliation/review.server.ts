import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "#app/db/schema";
import { localToday } from "#app/models/shared/days";
import { LIST_PAGE_SIZE } from "#app/models/shared/list-query";
import { clampPage } from "#app/models/shared/paging.server";
import { untilWrite } from "#app/models/shared/until-write.server";
import { matchHorizon } from "./open-billings.server";
import { pageProposals } from "./review-proposals.server";
import { importReturns } from "./returns.server";
import { keptSummary, stateOf } from "./review-summary.server";
import { REVIEW_STATES, isOtherLines, type ReviewList, type ReviewState } from "./review-query";

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

type ReviewOptions = { issueDays: number; state?: ReviewList | null; page?: number; size?: number; today?: string };

// The page, kept until the next write (untilWrite; issue 34: with 20 staff the
// review of a 36,000-credit statement missed its p99, its 25 unmatched
// credits' closest billings were read on every view). Confirmar, a payment,
// a new import: any write and the next view reads it all again.
export function getStatementReview(db: DB, id: number, options: ReviewOptions) {
  const today = options.today ?? localToday();
  const key = [id, options.state ?? "", options.page ?? 1, options.size ?? REVIEW_PAGE_SIZE, options.issueDays, today];
  return untilWrite(db, `statement-review:${key.join(":")}`, () => readStatementReview(db, id, { ...options, today }));
}

async function readStatementReview(db: DB, id: number, options: ReviewOptions) {
  const statement = await db.selectFrom("statement_imports").selectAll().where("id", "=", id).executeTakeFirst();
  if (!statement) return null;
  const state = options.state ?? null;
  const summary = await keptSummary(db, statement);
  // The summary already counts every state: the filtered list's size is one
  // of its figures (or their sum), not a second pass over the lines.
  const other = isOtherLines(state) ? state : null;
  const total = other
    ? summary[other === "debit" ? "debits" : "info"].count
    : state
      ? summary.credits[state as ReviewState].count
      : REVIEW_STATES.reduce((sum, s) => sum + summary.credits[s].count, 0);
  const size = options.size ?? REVIEW_PAGE_SIZE;
  const { page, pages } = clampPage(total, options.page ?? 1, size);
  // The page is chosen on statement_lines alone, then only its rows are
  // joined to their billing and tenant. A state's page reads
  // statement_lines_state (import, credit, state, position) in order; every
  // credit's page reads statement_lines_import (import, position).
  // The debits and the information lines: the import's other lines
  // (statement_lines_state's credit = 0), told apart by info.
  const paged = await db
    .selectFrom("statement_lines as l")
    .select("l.id")
    .where("l.import_id", "=", id)
    .where("l.credit", "=", other ? 0 : 1)
    .$if(other !== null, (q) => q.where("l.info", "=", other === "info" ? 1 : 0))
    .$if(state !== null && other === null, (q) => q.where(sql<SqlBool>`${stateOf} = ${state}` as Expression<SqlBool>))
    .orderBy("l.position")
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const ids = paged.map((r) => r.id);
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
            "l.line_key",
            "l.posted_date",
            "l.amount_cents",
            "l.credit",
            "l.info",
            "l.movement",
            "l.movement_name",
            "l.fees_cents",
            "l.interest_cents",
            "l.memo",
            "l.payer_name",
            "l.payer_doc",
            "l.document_number",
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
  const parts = await linePayments(
    db,
    lines.flatMap((l) => (l.settled_at !== null ? [l.id] : [])),
  );
  const pending = statement.confirmed_at === null;
  const horizon = matchHorizon(options.today ?? localToday(), options.issueDays);
  // While the import waits for Confirmar, the page's proposals are computed
  // now (review-proposals.server.ts): billings created or paid since the
  // import change them. The summary and the filter keep the import's.
  const open = pending
    ? lines.filter((l) => l.credit === 1 && l.settled_at === null && l.match_kind !== "already")
    : [];
  const now = await pageProposals(db, statement, open, horizon);
  const proposed = await proposedBillings(db, [
    ...new Set([...now.values()].flatMap((p) => (p.kind !== "already" && p.billingId !== null ? [p.billingId] : []))),
  ]);
  const current = lines.map((l) => {
    const p = now.get(l.id);
    const base = {
      ...l,
      stored_kind: l.match_kind,
      stored_billing_id: l.billing_id,
      // A second credit for a paid billing (or one another credit pays): the tenant's credit.
      second: null as { paid: boolean } | null,
    };
    if (!p) return base;
    if (p.kind === "already") return { ...base, match_kind: "already" as const };
    const b = p.billingId !== null ? proposed.get(p.billingId) : undefined;
    const second = p.kind === "second";
    return {
      ...base,
      match_kind: second ? ("none" as const) : p.kind,
      second: second ? { paid: p.paid } : null,
      match_reason: second ? "txid" : p.reason,
      billing_id: p.billingId,
      due_cents: second ? null : p.dueCents,
      difference_cents: second ? null : p.differenceCents,
      month_year: b?.month_year ?? null,
      due_date: b?.due_date ?? null,
      billing_status: b?.status ?? null,
      payment_difference_cents: b?.payment_difference_cents ?? null,
      client_name: b?.client_name ?? null,
    };
  });
  const unmatched = pending ? current.filter((l) => l.credit === 1 && l.match_kind === "none" && !l.second) : [];
  // For each unmatched credit, the ASSIGN_OPTIONS open billings whose amount
  // is closest to it; the page sends only those.
  const closest = await closestOpenBillings(
    db,
    unmatched.map((l) => l.amount_cents),
    horizon,
    ASSIGN_OPTIONS,
  );
  const candidates = new Map(unmatched.map((l, i) => [l.id, closest[i]!]));
  const offered = await offeredBillings(db, [...new Set([...candidates.values()].flat())]);
  return {
    statement,
    summary,
    state,
    page,
    pages,
    total,
    lines: current.map((l) => ({
      ...l,
      receipt: l.settled_billing_id ? (receipts.get(l.settled_billing_id) ?? null) : null,
      paid: parts.get(l.id) ?? [],
      candidates: candidates.get(l.id) ?? [],
    })),
    options: offered,
    // The debits that give a tenant's money back, with the credit each returns.
    returns: pending ? await importReturns(db, id) : [],
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

// For each amount, the ids of the `count` open billings closest to it, due by
// `horizon`: among the billings the import's matcher was offered
// (openBillingsToMatch), nearest first, ties to the smaller amount then the
// lower id. One query for a page's credits: for each amount, `count` rows of
// billing_open_amount from either side of it (a correlated LIMIT, in the
// index's order); the closest `count` of all are among those 2 × `count`, so
// closestInAmount on them gives what it gives on every open billing. Every
// billing has its client: no join needed to choose.
export async function closestOpenBillings(
  db: DB,
  amounts: readonly number[],
  horizon: string,
  count: number,
): Promise<number[][]> {
  if (amounts.length === 0) return [];
  // `o.status != 'paid'` is the partial index's WHERE to the letter (a
  // literal: a bound parameter implies nothing, 0057).
  const { rows } = await sql<{ line: number; id: number; amount_cents: number }>`
    with credit(line, amount) as (select key, value from json_each(${JSON.stringify(amounts)}))
    select credit.line, b.id, b.amount_cents from credit join billing b on b.id in (
      select o.id from billing o
      where o.status != 'paid' and o.amount_cents < credit.amount and o.due_date <= ${horizon}
      order by o.amount_cents desc, o.id desc limit ${count})
    union all
    select credit.line, b.id, b.amount_cents from credit join billing b on b.id in (
      select o.id from billing o
      where o.status != 'paid' and o.amount_cents >= credit.amount and o.due_date <= ${horizon}
      order by o.amount_cents, o.id limit ${count})`.execute(db);
  const near = amounts.map(() => [] as { id: number; amount_cents: number }[]);
  for (const r of rows) near[r.line]!.push(r);
  return amounts.map((amount, i) =>
    closestInAmount(
      near[i]!.sort((a, b) => a.amount_cents - b.amount_cents || a.id - b.id),
      amount,
      count,
    ),
  );
}

// What the page shows of the billings proposed now, by id.
async function proposedBillings(db: DB, ids: number[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("billing as b")
    .innerJoin("clients as c", "c.id", "b.client_id")
    .select(["b.id", "b.month_year", "b.due_date", "b.status", "b.payment_difference_cents", "c.name as client_name"])
    .where("b.id", "in", ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

// What the selects show of the billings offered, by tenant and due date.
async function offeredBillings(db: DB, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom("billing as b")
    .innerJoin("clients as c", "c.id", "b.client_id")
    .select(["b.id", "c.name as client_name", "b.month_year", "b.due_date", "b.amount_cents"])
    .where("b.id", "in", ids)
    .orderBy("c.name")
    .orderBy("b.due_date")
    .execute();
}

// What each settled line paid, by line: the billings its credits' receipts
// name (a split credit pays several; decision 0037 §Splitting a credit).
async function linePayments(db: DB, lineIds: number[]) {
  const map = new Map<number, { receipt: number; client_name: string; month_year: string }[]>();
  if (lineIds.length === 0) return map;
  const rows = await db
    .selectFrom("ledger_entries as e")
    .innerJoin("billing_receipts as r", "r.credit_id", "e.id")
    .innerJoin("billing as b", "b.id", "r.billing_id")
    .innerJoin("clients as c", "c.id", "b.client_id")
    .select(["e.statement_line_id", "r.id as receipt", "c.name as client_name", "b.month_year"])
    .where("e.statement_line_id", "in", lineIds)
    .where("e.kind", "=", "credit")
    .where("r.voided_at", "is", null)
    .orderBy("r.id")
    .execute();
  for (const r of rows) {
    const list = map.get(r.statement_line_id!) ?? [];
    list.push({ receipt: r.receipt, client_name: r.client_name, month_year: r.month_year });
    map.set(r.statement_line_id!, list);
  }
  return map;
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
