import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { billingEnd } from "#app/models/clients/status";
import { ZERO_CENTS } from "#app/models/shared/money";
import { issueHorizon } from "./charges";
import { billedThrough, contractMonthsToBill } from "./months";

// Months nobody will bill (issue 36; docs/decisions/0066-lease-dates.md). The
// hourly job creates a month from its issue day, and back-fills only
// CATCH_UP_DAYS (jobs.server.ts): a contract registered with months already
// behind it, or a server down for weeks, leaves months unbilled that it will
// never create. Each contract's count of them is written on
// clients.billing_gap_months, and the dashboard's "Atenção" names them until
// staff bill them ("Gerar Cobranças do Contrato", which counts again).

type DB = Kysely<Database>;

const monthsBetween = (from: string, to: string) => {
  const [fy, fm] = from.split("-").map(Number);
  const [ty, tm] = to.split("-").map(Number);
  return (ty - fy) * 12 + (tm - fm);
};

// Counts again for every contract (the hourly job, after it created what it
// could) or for `only` these clients. Returns how many counts changed.
export async function recordBillingGaps(db: DB, today: string, issueDays: number, only?: readonly number[]) {
  if (only && only.length === 0) return 0;
  const horizon = issueHorizon(today, issueDays);
  const horizonMonth = horizon.slice(0, 7);
  let contracts = db
    .selectFrom("clients")
    .select([
      "id",
      "contract_start_date",
      "contract_end_date",
      "ended_on",
      "monthly_rent_cents",
      "payment_due_day",
      "first_month",
      "billing_gap_months",
    ]);
  if (only) contracts = contracts.where("id", "in", [...only]);
  const rows = await contracts.execute();
  // Months billed per contract, from billing_client_month alone.
  let countQuery = db
    .selectFrom("billing")
    .select((eb) => ["client_id", eb.fn.count<number>("month_year").distinct().as("n")])
    .groupBy("client_id");
  if (only) countQuery = countQuery.where("client_id", "in", [...only]);
  const billedCount = new Map((await countQuery.execute()).map((r) => [r.client_id, Number(r.n)]));

  let changed = 0;
  for (const c of rows) {
    const until = billingEnd(c.contract_end_date, c.ended_on);
    let gaps = 0;
    if (c.contract_start_date && until && c.monthly_rent_cents !== null && c.monthly_rent_cents > ZERO_CENTS) {
      const endMonth = until.end.slice(0, 7);
      const last = !until.open && endMonth < horizonMonth ? endMonth : horizonMonth;
      // At most one contract month per calendar month from the start's (and
      // the rest of a term's last month): a contract with more months billed
      // has none missing, and is not planned (thousands every hour).
      const most = monthsBetween(c.contract_start_date.slice(0, 7), last) + 1;
      // A term that ended by the horizon and runs on may bill its last month twice (the term's days, then the rest).
      const extra = until.open && until.end < horizon ? 1 : 0;
      if (most > 0 && (billedCount.get(c.id) ?? 0) < most + extra) {
        const billed = await db
          .selectFrom("billing")
          .select(["month_year", "period_end"])
          .where("client_id", "=", c.id)
          .execute();
        gaps = contractMonthsToBill(
          {
            start: c.contract_start_date,
            end: until.end,
            open: until.open,
            dueDay: c.payment_due_day,
            rent: c.monthly_rent_cents,
            firstMonth: c.first_month,
          },
          billedThrough(billed),
          { to: horizonMonth, continueUntil: horizon },
        ).filter((p) => p.due_date <= horizon).length;
      }
    }
    if (gaps !== c.billing_gap_months) {
      await db.updateTable("clients").set({ billing_gap_months: gaps }).where("id", "=", c.id).execute();
      changed += 1;
    }
  }
  return changed;
}
