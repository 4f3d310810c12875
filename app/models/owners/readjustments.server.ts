import { sql, type Kysely } from "kysely";
import type { Database, ReadjustmentIndex } from "#app/db/schema";
import { recordAudit } from "#app/models/audit/audit.server";
import { rerentOpenBillings } from "#app/models/billing/rerent.server";
import { abandonQueuedEmail, hasEmail, sendQueuedEmails } from "#app/models/email/outbox.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { addDays, addMonthsToDay, localToday } from "#app/models/shared/days";
import { log } from "#app/utils/log.server";
import { indexValues } from "./index-values.server";
import { accumulate, anniversary, newRent, type Accumulation } from "./readjustment";
import { issueNotice, queueReadjustmentEmail, readjustmentEmailKey } from "./readjustment-notices.server";

// Where other domains find it (contract-end.server.ts drops a notice not sent yet).
export { readjustmentEmailKey } from "./readjustment-notices.server";
import type { Cents } from "#app/models/shared/money";
import { billingEnd } from "#app/models/clients/status";

// The yearly readjustment job (docs/decisions/0041-readjustment.md), an hourly
// housekeeping task run before the charging job so that billings issued on the
// anniversary already use the new rent:
// 1. 30 days before a contract's anniversary, once its index has the 12
//    months, the readjustment row is made (history) and, in the same
//    transaction, its "Aviso de Reajuste" PDF drawn, kept and registered
//    (decisions 0079, 0080: the tenant reads and accepts it in the client
//    area) and the tenant's email queued in the email outbox (decision
//    0051: once, its dedupe key; sent and retried by the outbox's sender);
// 2. on the anniversary (or the first run after it) it is applied in one
//    transaction: clients.monthly_rent and every unpaid billing due on or
//    after the anniversary take the new rent; applied_at makes it happen once,
//    and an email still unsent is given up (the rent is in force: news no more).
// Without the months it waits (dueReadjustments names them for the dashboard).

type DB = Kysely<Database>;

export const NOTICE_DAYS = 30;
// An anniversary still pursued this long after it (an index published late);
// older ones are left to staff, who may have readjusted by hand.
export const LATE_DAYS = 90;

type Contract = {
  id: number;
  name: string;
  email: string;
  contract_start_date: string;
  contract_end_date: string | null;
  // "Encerrar contrato" (docs/decisions/0062-nothing-fiscal-deleted.md): no
  // readjustment after the day it ended.
  ended_on: string | null;
  monthly_rent_cents: Cents;
  readjustment_index: ReadjustmentIndex;
  readjustment_lowers: number;
  readjustment_lag_months: number; // the index months' lag (decision 0066)
};

// The anniversary a contract is at: the latest one up to `until`, at least 12
// months after the start and after the last readjustment (Lei 10.192/2001 art.
// 2 §1-2), not older than LATE_DAYS, not after the contract's end (or the day
// staff ended it).
export function currentAnniversary(c: Contract, lastAnniversary: string | null, today: string, until: string) {
  const floor = lastAnniversary ? addMonthsToDay(lastAnniversary, 12) : anniversary(c.contract_start_date, 1);
  let found: string | null = null;
  // The anniversaries before the year ahead of `until`'s are never the latest
  // one: a long contract starts there rather than at its first.
  const from = Math.max(1, Number(until.slice(0, 4)) - Number(c.contract_start_date.slice(0, 4)) - 1);
  for (let k = from; ; k++) {
    const a = anniversary(c.contract_start_date, k);
    if (a > until) break;
    if (a >= floor) found = a;
  }
  if (!found || found < addDays(today, -LATE_DAYS)) return null;
  // Past its end date and not ended, it is readjusted still (an indefinite term, decision 0066).
  const term = billingEnd(c.contract_end_date, c.ended_on);
  if (term && !term.open && found > term.end) return null;
  return found;
}

type ContractWithLast = Contract & {
  last_anniversary: string | null;
  last_applied_at: string | null;
  last_index: ReadjustmentIndex | null;
  last_old_rent_cents: Cents | null;
  last_new_rent_cents: Cents | null;
  last_accumulated_ppm: number | null;
};

// Every contract with an index, each with its latest readjustment: one
// statement, a seek on readjustments_once per contract inside SQLite (a
// query per contract cost ~0.3 ms each, 1.5 s an hour at 5,000 contracts).
async function contracts(db: DB): Promise<ContractWithLast[]> {
  return (await db
    .selectFrom("clients")
    .leftJoin("readjustments as last", (join) =>
      join.on(
        sql<boolean>`last.id = (select r.id from readjustments r where r.client_id = clients.id order by r.anniversary desc limit 1)`,
      ),
    )
    .select([
      "clients.id",
      "clients.name",
      "clients.email",
      "clients.contract_start_date",
      "clients.contract_end_date",
      "clients.ended_on",
      "clients.monthly_rent_cents",
      "clients.readjustment_index",
      "clients.readjustment_lowers",
      "clients.readjustment_lag_months",
      "last.anniversary as last_anniversary",
      "last.applied_at as last_applied_at",
      "last.index_code as last_index",
      "last.old_rent_cents as last_old_rent_cents",
      "last.new_rent_cents as last_new_rent_cents",
      "last.accumulated_ppm as last_accumulated_ppm",
    ])
    .where("clients.readjustment_index", "is not", null)
    .where("clients.contract_start_date", "is not", null)
    .where("clients.monthly_rent_cents", "is not", null)
    .orderBy("clients.id")
    .execute()) as ContractWithLast[];
}

export type DueReadjustment = {
  clientId: number;
  clientName: string;
  anniversary: string;
  index: ReadjustmentIndex;
  oldRent: Cents;
  newRent: Cents | null; // null: waiting for the months in `missing`
  accumulatedPpm: number | null;
  missing: string[];
  lag: number;
};

// The readjustments not yet applied whose anniversary is within `horizonDays`
// (or passed, up to LATE_DAYS), with the new rent or the index months missing.
export async function dueReadjustments(db: DB, today: string, horizonDays = 60): Promise<DueReadjustment[]> {
  const until = addDays(today, horizonDays);
  const values = new Map<ReadjustmentIndex, Awaited<ReturnType<typeof indexValues>>>();
  const out: DueReadjustment[] = [];
  for (const c of await contracts(db)) {
    if (c.last_anniversary !== null && !c.last_applied_at) {
      // Announced, then the contract ended before the anniversary: never applied.
      if (c.ended_on && c.last_anniversary > c.ended_on) continue;
      if (c.last_anniversary <= until)
        out.push({
          clientId: c.id,
          clientName: c.name,
          anniversary: c.last_anniversary,
          index: c.last_index!,
          oldRent: c.last_old_rent_cents!,
          newRent: c.last_new_rent_cents,
          accumulatedPpm: c.last_accumulated_ppm,
          missing: [],
          lag: c.readjustment_lag_months,
        });
      continue;
    }
    const a = currentAnniversary(c, c.last_anniversary, today, until);
    if (!a) continue;
    const index = c.readjustment_index;
    if (!values.has(index)) values.set(index, await indexValues(db, index));
    const acc = accumulate(a, values.get(index)!, c.readjustment_lag_months);
    out.push({
      clientId: c.id,
      clientName: c.name,
      anniversary: a,
      index,
      oldRent: c.monthly_rent_cents,
      newRent: acc.ok ? newRent(c.monthly_rent_cents, acc, c.readjustment_lowers === 1) : null,
      accumulatedPpm: acc.ok ? acc.accumulatedPpm : null,
      missing: acc.ok ? [] : acc.missing,
      lag: c.readjustment_lag_months,
    });
  }
  return out.sort((x, y) => x.anniversary.localeCompare(y.anniversary) || x.clientName.localeCompare(y.clientName));
}

export type ReadjustmentJobCounts = {
  created: number;
  notified: number;
  failed: number;
  applied: number;
  waiting: number;
};

export async function runReadjustments(db: DB, today = localToday(), now = new Date()): Promise<ReadjustmentJobCounts> {
  const counts: ReadjustmentJobCounts = { created: 0, notified: 0, failed: 0, applied: 0, waiting: 0 };
  const stamp = now.toISOString();
  for (const due of await dueReadjustments(db, today, NOTICE_DAYS)) {
    if (due.newRent === null) {
      counts.waiting += 1;
      continue;
    }
    if (await createRow(db, due, stamp)) counts.created += 1;
  }
  // The ones announced for an anniversary after the day their contract was
  // ended stay unapplied (history) while it is; reopened, they apply.
  const open = await db
    .selectFrom("readjustments")
    .innerJoin("clients", "clients.id", "readjustments.client_id")
    .select(["readjustments.id", "readjustments.anniversary"])
    .where("readjustments.applied_at", "is", null)
    .where((eb) =>
      eb.or([eb("clients.ended_on", "is", null), eb("clients.ended_on", ">=", eb.ref("readjustments.anniversary"))]),
    )
    .orderBy("readjustments.id")
    .execute();
  // An open one without its email (made before the outbox existed): queued now.
  for (const r of open)
    if (!(await hasEmail(db, readjustmentEmailKey(r.id)))) await queueReadjustmentEmail(db, r.id, now);
  const sent = await sendQueuedEmails(db, { now, kinds: ["readjustment"] });
  counts.notified = sent.sent;
  counts.failed = sent.failed;
  for (const r of open) if (r.anniversary <= today && (await apply(db, r.id, stamp))) counts.applied += 1;
  if (counts.created + counts.notified + counts.failed + counts.applied > 0) log.info("readjustment.job", counts);
  return counts;
}

async function createRow(db: DB, due: DueReadjustment, stamp: string) {
  const acc = accumulate(due.anniversary, await indexValues(db, due.index), due.lag);
  if (!acc.ok || due.newRent === null) return false;
  // The notice's file, kept before the commit: removed if the row is not.
  const created: string[] = [];
  try {
    return await insertRow(db, due, acc, stamp, created);
  } catch (error) {
    await removePrivateFiles(created);
    throw error;
  }
}

async function insertRow(
  db: DB,
  due: DueReadjustment,
  acc: Extract<Accumulation, { ok: true }>,
  stamp: string,
  created: string[],
) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("readjustments")
      .values({
        client_id: due.clientId,
        anniversary: due.anniversary,
        index_code: due.index,
        first_month: acc.firstMonth,
        last_month: acc.lastMonth,
        accumulated_ppm: acc.accumulatedPpm,
        old_rent_cents: due.oldRent,
        new_rent_cents: due.newRent!,
        created_at: stamp,
      })
      .onConflict((oc) => oc.columns(["client_id", "anniversary"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    await issueNotice(trx, row.id, stamp, created);
    await queueReadjustmentEmail(trx, row.id, new Date(stamp));
    await recordAudit(trx, {
      actor: null,
      action: "create",
      entity: "readjustment",
      entityId: row.id,
      after: {
        client_id: due.clientId,
        anniversary: due.anniversary,
        index_code: due.index,
        first_month: acc.firstMonth,
        last_month: acc.lastMonth,
        accumulated_ppm: acc.accumulatedPpm,
        old_rent_cents: due.oldRent,
        new_rent_cents: due.newRent,
      },
    });
    return true;
  });
}

// On the anniversary: the contract's rent and its unpaid billings due on or
// after it (never a paid one, nor one with part of it received) take the new rent.
async function apply(db: DB, id: number, stamp: string) {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .selectFrom("readjustments")
      .select(["id", "client_id", "anniversary", "new_rent_cents", "applied_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (r.applied_at) return false;
    await trx.updateTable("readjustments").set({ applied_at: stamp }).where("id", "=", id).execute();
    await abandonQueuedEmail(trx, readjustmentEmailKey(id), new Date(stamp));
    const client = await trx
      .selectFrom("clients")
      .select("monthly_rent_cents")
      .where("id", "=", r.client_id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("clients")
      .set({ monthly_rent_cents: r.new_rent_cents, updated_at: stamp })
      .where("id", "=", r.client_id)
      .execute();
    await recordAudit(trx, {
      actor: null,
      action: "update",
      entity: "client",
      entityId: r.client_id,
      before: { monthly_rent_cents: client.monthly_rent_cents },
      after: { monthly_rent_cents: r.new_rent_cents },
    });
    await rerentOpenBillings(trx, r.client_id, r.anniversary, r.new_rent_cents, null, stamp, "Reajuste");
    await recordAudit(trx, {
      actor: null,
      action: "update",
      entity: "readjustment",
      entityId: id,
      before: { applied_at: null },
      after: { applied_at: stamp },
    });
    return true;
  });
}
