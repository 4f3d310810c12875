import { sql, type Kysely } from "kysely";

// The Cobranças tab's "Diferenças" queue (docs/decisions/0057-lists-as-queries.md):
// paid billings with a difference not yet resolved, oldest payment first. The
// other queues ride billing_status_due (status, due_date); this one, filtered
// on the paid status alone, would read every paid billing (nearly the whole
// table after five years). A partial index holds only the open differences,
// in the queue's order (status first: SQLite prefers a search on an equality to a scan of a smaller index). 0019 is left to the clients' lists (issue 34).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index billing_open_differences on billing (status, payment_date, id)
    where payment_difference_cents is not null and difference_resolved_at is null and status = 'paid'`.execute(db);
}
