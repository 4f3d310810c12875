import { sql, type Kysely } from "kysely";

// The review of a bank statement at scale (issue 34,
// docs/decisions/0059-statement-import-off-the-event-loop.md, "Statement
// review and import at 5,000 contracts"):
// - billing_open_amount (amount_cents, id, due_date, status), unpaid billings only:
//   the open billings closest in amount to an unmatched credit, read from
//   either side of its amount, 20 rows each, instead of every open billing
//   (8,690 rows and a scan of the whole billing table at 5,000 contracts) on
//   every view. `id` is in the key so that "amount, then id" is the index's
//   order (the page's tie rule); due_date and status make it covering (those
//   due past the horizon are skipped in the index, not read from the table:
//   SQLite still tests the WHERE's status). The queries repeat the WHERE to the letter,
//   with 'paid' a literal: a bound parameter implies nothing (0057).
// - statement_lines_state (import_id, credit, state, position, amount_cents),
//   state being the review's CASE (settled, else the match's kind): the
//   summary of an import by state read from the index alone, and a page of
//   one state in position order without reading the other states' lines.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index billing_open_amount on billing (amount_cents, id, due_date, status) where status != 'paid'`.execute(
    db,
  );
  await sql`create index statement_lines_state on statement_lines (import_id, credit,
    (case when settled_at is not null then 'settled' else match_kind end), position, amount_cents)`.execute(db);
}
