import { sql, type Kysely } from "kysely";

// Indexes for the hourly housekeeping (issue 34, docs/decisions/0058-scale-data-set.md,
// "The hourly job at scale"), so that each run reads what changed, not five
// years of history:
// - billing_client_month (client_id, month_year): the months of each running
//   contract from the catch-up month on, which the job may have to create
//   (billing/jobs.server.ts), one seek a contract instead of its whole
//   history (the stored due date may lie outside its month: Nova Cobrança);
// - billing_receipts_paid_on (payment_date, billing_id), receipts in force:
//   the receipts of the last 90 days whose notice may be due
//   (billing/notices.server.ts), a range instead of every receipt;
// - readjustments_open (id, anniversary), readjustments not applied yet: the
//   ones the job may apply, in the job's order (owners/readjustments.server.ts),
//   instead of every contract's every year (id first: the partial index is
//   then read in order, covering, rather than the table scanned).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("billing_client_month").on("billing").columns(["client_id", "month_year"]).execute();
  await sql`create index billing_receipts_paid_on on billing_receipts (payment_date, billing_id)
    where voided_at is null`.execute(db);
  await sql`create index readjustments_open on readjustments (id, anniversary) where applied_at is null`.execute(db);
}
