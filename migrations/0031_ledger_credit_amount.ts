import { sql, type Kysely } from "kysely";

// Returns in a bank statement (issue 35; docs/decisions/0037-reconciliation.md,
// "Returns and second credits"): a "DEVOLUCAO PIX" debit is matched to the
// credit it gives back by its amount, among the tenants' credits standing of
// the weeks before it. At 5,000 contracts over five years there are about
// 300,000 credits: read by amount and date off this index, a handful of rows;
// without it, every credit. Partial: only credits not themselves reversals
// (a query names `kind = 'credit' and reverses_id is null` literally).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index ledger_credit_amount on ledger_entries (amount_cents, on_date)
    where kind = 'credit' and reverses_id is null`.execute(db);
}
