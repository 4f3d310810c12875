import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { BILLING_STATUS_VALUES } from "#app/models/billing/status";
import { chunks } from "#app/models/shared/chunks";
import { addDays } from "#app/models/shared/days";
import { PROBABLE_WINDOW_DAYS, type OpenBilling } from "./match";

// The open billings a statement's credits are matched against (match.ts):
// read for an import (imports.server.ts), the review's lookups
// (review-proposals.server.ts) and "Dividir crédito" (split.server.ts).

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// Keys looked up, billings read a query: each query a few milliseconds
// (500 billings with their tenants took 15-30 ms on the loaded machine).
export const LOOKUP = 200;

// The last due date a credit may pay: the issue horizon plus the probable
// window (a rent paid a few days early).
export function matchHorizon(today: string, issueDays: number) {
  return addDays(today, issueDays + PROBABLE_WINDOW_DAYS);
}

// The statuses of a billing not paid yet (billing.status is one of
// BILLING_STATUS_VALUES, a CHECK of the table): as a list, SQLite reads them
// from billing_status_due, where "!= 'paid'" scanned every billing.
const UNPAID = BILLING_STATUS_VALUES.filter((s) => s !== "paid");

// Unpaid billings a credit may pay: any unpaid one due up to matchHorizon,
// with the digitable lines of their boletos (a CNAB nosso número points into
// them), by tenant and due date.
//
// What the matcher reads of a billing and its tenant (OpenBilling, match.ts),
// here and on the review page (review-proposals.server.ts).
export const MATCHABLE_COLUMNS = [
  "billing.id",
  "billing.due_date",
  "billing.grace_until",
  "billing.amount_cents",
  "billing.month_year",
  "billing.open_cents",
  "billing.rent_open_cents",
  "billing.accrued_through",
  "clients.name as client_name",
  "clients.cpf_cnpj",
  "clients.late_fee_bp",
  "clients.monthly_interest_bp",
] as const;

// At 5,000 contracts that is about 9,000 billings: read as one query it held
// the event loop for 450 ms (issue 34). The ids come first (billing_status_due,
// covering), then the rows and their boletos LOOKUP ids a query with a `pause`
// between (statement import: a turn of the event loop every SLICE_MS), and the
// order is made here.
export async function openBillingsToMatch(
  db: DB | Trx,
  today: string,
  issueDays: number,
  pause: () => Promise<void> = async () => {},
): Promise<(OpenBilling & { month_year: string })[]> {
  const ids = await db
    .selectFrom("billing")
    .select("id")
    .where("status", "in", UNPAID)
    .where("due_date", "<=", matchHorizon(today, issueDays))
    .execute();
  const out: (OpenBilling & { month_year: string })[] = [];
  for (const part of chunks(
    ids.map((r) => r.id),
    LOOKUP,
  )) {
    await pause();
    const rows = await db
      .selectFrom("billing")
      .innerJoin("clients", "clients.id", "billing.client_id")
      .select(MATCHABLE_COLUMNS)
      .where("billing.id", "in", part)
      .execute();
    const docs = await db
      .selectFrom("billing_documents")
      .select(["billing_id", "digitable_line"])
      .where("billing_id", "in", part)
      .where("digitable_line", "is not", null)
      .execute();
    const lines = new Map<number, string[]>();
    for (const d of docs) lines.set(d.billing_id, [...(lines.get(d.billing_id) ?? []), d.digitable_line!]);
    for (const r of rows) out.push({ ...r, digitable_lines: lines.get(r.id) ?? [] });
  }
  await pause();
  // By tenant, due date, id (JavaScript compares UTF-16 code units: the order
  // of SQLite's BINARY for any name without characters beyond U+FFFF).
  return out.sort(
    (a, b) =>
      (a.client_name < b.client_name ? -1 : a.client_name > b.client_name ? 1 : 0) ||
      (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : 0) ||
      a.id - b.id,
  );
}
