import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { localToday } from "#app/models/shared/days";
import { openBillingsToMatch } from "./imports.server";

// What the review page of one import shows (routes/admin/statements/review.tsx):
// the import, its credits (debits are only counted) with the billing each was
// matched to or settled, and, while it waits for Confirmar, the open billings
// an unmatched credit may be assigned to.

type DB = Kysely<Database>;

export async function getStatementReview(db: DB, id: number, issueDays: number, today = localToday()) {
  const statement = await db.selectFrom("statement_imports").selectAll().where("id", "=", id).executeTakeFirst();
  if (!statement) return null;
  const lines = await db
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
    .where("l.import_id", "=", id)
    .where("l.credit", "=", 1)
    .orderBy("l.position")
    .execute();
  const receipts = await receiptNumbers(
    db,
    lines.flatMap((l) => (l.settled_billing_id ? [l.settled_billing_id] : [])),
  );
  const pending = statement.confirmed_at === null;
  const options = pending
    ? (await openBillingsToMatch(db, today, issueDays)).map((b) => ({
        id: b.id,
        client_name: b.client_name,
        month_year: b.month_year,
        due_date: b.due_date,
        amount_cents: b.amount_cents,
      }))
    : [];
  return {
    statement,
    lines: lines.map((l) => ({
      ...l,
      receipt: l.settled_billing_id ? (receipts.get(l.settled_billing_id) ?? null) : null,
    })),
    options,
  };
}
export type StatementReview = NonNullable<Awaited<ReturnType<typeof getStatementReview>>>;
export type StatementReviewLine = StatementReview["lines"][number];

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
