import type { AuditActor } from "#app/models/audit/audit.server";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { localDayStartUtc, localToday, addDays, addMonths } from "#app/models/shared/days";
import { log } from "#app/utils/log.server";
import { insertBillingRow } from "./billing.server";
import { spendCreditsOf } from "#app/models/ledger/tenant-credit.server";
import { issueHorizon } from "./charges";
import { billedThrough, contractMonthsToBill } from "./months";
import { queueNotices, sendNotices } from "./notices.server";
import { markOverdue } from "./overdue.server";
import { getChargingSettings, type ChargingSettings } from "./settings.server";
import { ZERO_CENTS } from "#app/models/shared/money";
import { billingEnd } from "#app/models/clients/status";
import { recordBillingGaps } from "./gaps.server";

// The hourly charging job (docs/decisions/0034-billing-notices.md), run by the
// housekeeping (models/ops/housekeeping.server.ts: server.ts every hour and at
// start, `npm run jobs:run`):
// 1. creates the billings of active contracts whose issue day has come, and
//    counts the months due that it will not create (gaps.server.ts);
// 2. stores overdue on pending billings past due (markOverdue);
// 3. queues in the email outbox the notices each billing calls for
//    (models/billing/notices.ts), each kind once per billing, within
//    NOTICE_WINDOW_DAYS;
// 4. sends the queued ones through the outbox's sender
//    (models/email/outbox.server.ts), each claimed first so that two runs
//    never send the same one, its words rewritten on the day it goes (the
//    amount due that day). A failed send is counted, kept with its error and
//    retried with backoff, up to MAX_ATTEMPTS; it never fails the job.

type DB = Kysely<Database>;

// How far back the job still creates a month it missed (a server down for a
// few days). Older months are never back-filled by the job: a contract
// registered with years behind it would otherwise get years of overdue
// billings and their emails; staff create those on purpose ("Gerar Cobranças
// do Contrato").
export const CATCH_UP_DAYS = 10;

export type ChargingJobCounts = {
  created: number;
  markedOverdue: number;
  notices: { queued: number; sent: number; failed: number };
};

export type ChargingJobOptions = { today?: string; now?: Date; settings?: ChargingSettings };

// Each step runs even when an earlier one failed (sending does not wait for a
// creation that hit a locked database); a step that failed is thrown at the
// end, after the others ran, so the housekeeping logs it and `npm run
// jobs:run` exits 1. Failed sends are not step failures.
export async function runChargingJob(
  db: DB,
  { today = localToday(), now = new Date(), settings = getChargingSettings() }: ChargingJobOptions = {},
): Promise<ChargingJobCounts> {
  const counts: ChargingJobCounts = { created: 0, markedOverdue: 0, notices: { queued: 0, sent: 0, failed: 0 } };
  const failures: unknown[] = [];
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      log.error("billing.job_step_failed", { step: name, error });
      failures.push(error);
    }
  };
  await step("create", async () => {
    const created = await createDueBillings(db, today, settings.issueDays);
    counts.created = created.count;
    failures.push(...created.failures);
  });
  // What the creation could not reach (months before the catch-up window):
  // the dashboard's alert (gaps.server.ts).
  await step("gaps", async () => {
    await recordBillingGaps(db, today, settings.issueDays);
  });
  await step("overdue", async () => {
    counts.markedOverdue = await markOverdue(db, today);
  });
  await step("queue", async () => {
    counts.notices.queued = await queueNotices(db, today, settings, now);
  });
  await step("send", async () => {
    const { sent, failed } = await sendNotices(db, today, now, settings);
    counts.notices.sent = sent;
    counts.notices.failed = failed;
  });
  if (failures.length) throw new AggregateError(failures, `charging job: ${failures.length} step(s) failed`);
  return counts;
}

// The agency's day of an ISO instant (a client's registration); an unreadable
// value counts as today, which back-fills nothing.
function dayOf(instant: string, today: string) {
  const t = new Date(instant);
  return Number.isNaN(t.getTime()) ? today : localToday(t);
}

// The contract months due from max(registration day, today − CATCH_UP_DAYS)
// to the issue horizon that are not billed yet (a month billed in any status
// counts), up to the contract's end or the day staff ended it ("Encerrar
// contrato", billingEnd: no month after it) or, past its end date and not
// ended, on (an indefinite term, decision 0066), one transaction per client, audited as the system's (or as the
// staff member who pressed "Gerar Cobranças do Mês"). Running it again
// creates nothing.
export async function createDueBillings(db: DB, today: string, issueDays: number, actor: AuditActor = null) {
  const horizon = issueHorizon(today, issueDays);
  const catchUp = addDays(today, -CATCH_UP_DAYS);
  const clients = await db
    .selectFrom("clients")
    .select([
      "id",
      "created_at",
      "contract_start_date",
      "contract_end_date",
      "ended_on",
      "monthly_rent_cents",
      "payment_due_day",
      "first_month",
    ])
    .where("contract_start_date", "is not", null)
    .where("contract_end_date", "is not", null)
    // Running, or past its end and not ended (an indefinite term), or ended lately.
    .where((eb) => eb.or([eb("ended_on", "is", null), eb("ended_on", ">=", catchUp)]))
    .where("contract_start_date", "<=", horizon)
    .where("monthly_rent_cents", ">", ZERO_CENTS)
    .execute();
  // Only the months that may still be due: a contract month's due date falls
  // within it, so a month before the catch-up day's is never planned (`due`
  // below drops it whether billed or not). One seek a contract on
  // billing_client_month instead of every month of its history. A month
  // earlier: a first month may be due in the next one (contractMonthsToBill).
  const fromMonth = addMonths(catchUp.slice(0, 7), -1);
  const billedRows = clients.length
    ? await db
        .selectFrom("billing")
        .select(["client_id", "month_year", "period_end"])
        .where(
          "client_id",
          "in",
          clients.map((c) => c.id),
        )
        .where("month_year", ">=", fromMonth)
        .execute()
    : [];
  const rowsOf = new Map<number, typeof billedRows>();
  for (const r of billedRows) rowsOf.set(r.client_id, [...(rowsOf.get(r.client_id) ?? []), r]);

  // The day of a registration before the catch-up day, or on today, needs no
  // time-zone arithmetic (Intl, ~50 µs, for each of thousands of contracts
  // every hour): only the later of it and the catch-up day matters.
  const catchUpStart = Date.parse(localDayStartUtc(catchUp));
  const todayStart = Date.parse(localDayStartUtc(today));
  const tomorrowStart = Date.parse(localDayStartUtc(addDays(today, 1)));
  const registeredFrom = (createdAt: string) => {
    const t = Date.parse(createdAt);
    if (t < catchUpStart) return catchUp;
    if (t >= todayStart && t < tomorrowStart) return today;
    return [dayOf(createdAt, today), catchUp].sort().at(-1)!;
  };
  const due = (client: (typeof clients)[number], rows: { month_year: string; period_end: string | null }[]) => {
    const from = registeredFrom(client.created_at);
    const until = billingEnd(client.contract_end_date, client.ended_on)!;
    return contractMonthsToBill(
      {
        start: client.contract_start_date!,
        end: until.end,
        open: until.open,
        dueDay: client.payment_due_day,
        rent: client.monthly_rent_cents!,
        firstMonth: client.first_month,
      },
      billedThrough(rows),
      { from: fromMonth, to: horizon.slice(0, 7), continueUntil: horizon },
    ).filter((p) => p.due_date >= from && p.due_date <= horizon);
  };

  let count = 0;
  const failures: unknown[] = [];
  for (const client of clients) {
    if (due(client, rowsOf.get(client.id) ?? []).length === 0) continue;
    try {
      count += await db.transaction().execute(async (trx) => {
        // Again inside the transaction (it holds the write lock): staff may
        // have generated the months meanwhile.
        const months = await trx
          .selectFrom("billing")
          .select(["month_year", "period_end"])
          .where("client_id", "=", client.id)
          .where("month_year", ">=", fromMonth)
          .execute();
        const planned = due(client, months);
        for (const p of planned) await insertBillingRow(trx, { client_id: client.id, ...p }, actor);
        return planned.length;
      });
      await spendCreditsOf(db, [client.id], actor);
    } catch (error) {
      log.error("billing.job_create_failed", { clientId: client.id, error });
      failures.push(error);
    }
  }
  if (count > 0) log.info("billing.job_created", { count });
  return { count, failures };
}
