import fs from "node:fs/promises";
import { sql, type Kysely } from "kysely";
import type { BillingNoticeKind, Database } from "#app/db/schema";
import { privateFilePath } from "#app/models/files/private-store.server";
import { sendEmail, type EmailMessage } from "#app/utils/email.server";
import { absoluteUrl, getAgency } from "#app/utils/env.server";
import { localToday } from "#app/utils/local-date";
import { log, reasonOf, scrub } from "#app/utils/log.server";
import { insertBillingRow } from "./billing.server";
import { addDays, chargesOn, issueHorizon } from "./charges";
import { contractMonthsToBill } from "./months";
import { chargeNoticeEmail, receiptNoticeEmail } from "./notice-email";
import { noticeApplies, noticeKindsFor, noticeLabel } from "./notices";
import { markOverdue } from "./overdue.server";
import { billingTxid, pixPayload } from "./pix";
import { getChargingSettings, type ChargingSettings } from "./settings.server";

// The hourly charging job (docs/decisions/0034-billing-notices.md), run by the
// housekeeping (models/ops/housekeeping.server.ts: server.ts every hour and at
// start, `npm run jobs:run`):
// 1. creates the billings of active contracts whose issue day has come;
// 2. stores overdue on pending billings past due (markOverdue);
// 3. queues the email notices each billing calls for (models/billing/notices.ts),
//    each kind once per billing;
// 4. sends the unsent ones, each claimed first so that two runs never send
//    the same one, its words written on the day it goes (the amount due that
//    day). A failed send is counted, kept with its error and tried again
//    next hour, up to MAX_ATTEMPTS; it never fails the job.

type DB = Kysely<Database>;

// How far back the job still creates a month it missed (a server down for a
// few days). Older months are never back-filled by the job: a contract
// registered with years behind it would otherwise get years of overdue
// billings and their emails; staff create those on purpose ("Gerar Cobranças
// do Contrato").
export const CATCH_UP_DAYS = 10;
// A notice is tried at most this many times (hourly: a day of SMTP trouble).
export const MAX_ATTEMPTS = 24;
// A claim older than this belongs to a run that died while sending.
export const CLAIM_TTL_MS = 10 * 60 * 1000;
const MAX_ERROR_LENGTH = 200;
const INSERT_CHUNK = 300;

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
  await step("overdue", async () => {
    counts.markedOverdue = await markOverdue(db, today);
  });
  await step("queue", async () => {
    counts.notices.queued = await queueNotices(db, today, settings.issueDays, now);
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
// counts), one transaction per client, audited as the system's. Running it
// again creates nothing.
export async function createDueBillings(db: DB, today: string, issueDays: number) {
  const horizon = issueHorizon(today, issueDays);
  const catchUp = addDays(today, -CATCH_UP_DAYS);
  const clients = await db
    .selectFrom("clients")
    .select(["id", "created_at", "contract_start_date", "contract_end_date", "monthly_rent", "payment_due_day"])
    .where("contract_start_date", "is not", null)
    .where("contract_end_date", ">=", catchUp)
    .where("contract_start_date", "<=", horizon)
    .where("monthly_rent", ">", 0)
    .execute();
  const billedRows = clients.length
    ? await db
        .selectFrom("billing")
        .select(["client_id", "month_year"])
        .where(
          "client_id",
          "in",
          clients.map((c) => c.id),
        )
        .execute()
    : [];
  const billed = new Map<number, string[]>();
  for (const r of billedRows) billed.set(r.client_id, [...(billed.get(r.client_id) ?? []), r.month_year]);

  const due = (client: (typeof clients)[number], months: string[]) => {
    const from = [dayOf(client.created_at, today), catchUp].sort().at(-1)!;
    return contractMonthsToBill(
      {
        start: client.contract_start_date!,
        end: client.contract_end_date!,
        dueDay: client.payment_due_day,
        rent: client.monthly_rent!,
      },
      months,
    ).filter((p) => p.due_date >= from && p.due_date <= horizon);
  };

  let count = 0;
  const failures: unknown[] = [];
  for (const client of clients) {
    if (due(client, billed.get(client.id) ?? []).length === 0) continue;
    try {
      count += await db.transaction().execute(async (trx) => {
        // Again inside the transaction (it holds the write lock): staff may
        // have generated the months meanwhile.
        const months = await trx
          .selectFrom("billing")
          .select("month_year")
          .where("client_id", "=", client.id)
          .execute();
        const planned = due(
          client,
          months.map((m) => m.month_year),
        );
        for (const p of planned) await insertBillingRow(trx, { client_id: client.id, ...p }, null);
        return planned.length;
      });
    } catch (error) {
      log.error("billing.job_create_failed", { clientId: client.id, error });
      failures.push(error);
    }
  }
  if (count > 0) log.info("billing.job_created", { count });
  return { count, failures };
}

// Inserts the notices the billings call for today that were never queued
// (the unique billing and kind ignores the others). Returns how many.
export async function queueNotices(db: DB, today: string, issueDays: number, now = new Date()) {
  const open = await db
    .selectFrom("billing")
    .select(["id", "status", "due_date"])
    .where("status", "in", ["pending", "overdue"])
    .where("due_date", "<=", issueHorizon(today, issueDays))
    .execute();
  const receipts = await db
    .selectFrom("billing_receipts")
    .innerJoin("billing", "billing.id", "billing_receipts.billing_id")
    .leftJoin("billing_notices", (join) =>
      join.onRef("billing_notices.billing_id", "=", "billing.id").on("billing_notices.kind", "=", "receipt"),
    )
    .select(["billing.id", "billing.status", "billing.due_date"])
    .where("billing_receipts.voided_at", "is", null)
    .where("billing_notices.id", "is", null)
    .execute();

  const created_at = now.toISOString();
  const rows: { billing_id: number; kind: BillingNoticeKind; created_at: string }[] = [];
  for (const b of open)
    for (const kind of noticeKindsFor({ ...b, hasReceipt: false }, today, issueDays))
      if (kind !== "receipt") rows.push({ billing_id: b.id, kind, created_at });
  for (const b of receipts) rows.push({ billing_id: b.id, kind: "receipt", created_at });

  let queued = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const inserted = await db
      .insertInto("billing_notices")
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflict((oc) => oc.columns(["billing_id", "kind"]).doNothing())
      .returning("id")
      .execute();
    queued += inserted.length;
  }
  return queued;
}

type ClaimedNotice = { id: number; billing_id: number; kind: BillingNoticeKind; attempts: number };

const stillUnsent = (staleBefore: string) =>
  sql<boolean>`sent_at is null and attempts < ${MAX_ATTEMPTS} and (claimed_at is null or claimed_at < ${staleBefore})`;

// Sends every unsent notice that is not given up on and not being sent by
// another run. Returns how many went and how many failed.
export async function sendNotices(db: DB, today: string, now: Date, settings: ChargingSettings) {
  const stamp = now.toISOString();
  const staleBefore = new Date(now.getTime() - CLAIM_TTL_MS).toISOString();
  const waiting = await db
    .selectFrom("billing_notices")
    .select("id")
    .where(stillUnsent(staleBefore))
    .orderBy("id")
    .execute();
  let sent = 0;
  let failed = 0;
  for (const { id } of waiting) {
    // The claim: one statement, so of two runs at most one gets the row.
    const notice = (await db
      .updateTable("billing_notices")
      .set({ claimed_at: stamp })
      .where("id", "=", id)
      .where(stillUnsent(staleBefore))
      .returning(["id", "billing_id", "kind", "attempts"])
      .executeTakeFirst()) as ClaimedNotice | undefined;
    if (!notice) continue;

    let message: EmailMessage | null;
    try {
      message = await noticeMessage(db, notice, today, settings);
      if (message) await sendEmail(message);
    } catch (error) {
      failed += 1;
      await recordFailure(db, notice, error);
      continue;
    }
    try {
      if (message) {
        await db
          .updateTable("billing_notices")
          .set({ sent_at: stamp, last_error: null })
          .where("id", "=", id)
          .execute();
        sent += 1;
      } else {
        // No longer true (paid meanwhile, receipt voided, past its days):
        // dropped, so it may be queued again should it become true again.
        await db.deleteFrom("billing_notices").where("id", "=", id).execute();
        log.info("billing.notice_dropped", { noticeId: id, billingId: notice.billing_id, kind: notice.kind });
      }
    } catch (error) {
      // Sent, but not marked: the claim stays, so it is not sent again before
      // CLAIM_TTL_MS; after that it is (at least once, never silently lost).
      log.error("billing.notice_mark_failed", { noticeId: id, billingId: notice.billing_id, kind: notice.kind, error });
    }
  }
  if (sent > 0 || failed > 0) log.info("billing.notices_sent", { sent, failed });
  return { sent, failed };
}

async function recordFailure(db: DB, notice: ClaimedNotice, error: unknown) {
  const attempts = notice.attempts + 1;
  const fields = { noticeId: notice.id, billingId: notice.billing_id, kind: notice.kind, attempts };
  log.warn("billing.notice_failed", { ...fields, error: reasonOf(error) });
  if (attempts >= MAX_ATTEMPTS) log.error("billing.notice_gave_up", fields);
  try {
    await db
      .updateTable("billing_notices")
      .set({
        attempts: sql`attempts + 1`,
        last_error: scrub(reasonOf(error)).slice(0, MAX_ERROR_LENGTH),
        claimed_at: null,
      })
      .where("id", "=", notice.id)
      .execute();
  } catch (updateError) {
    // The claim expires by itself; the notice is tried again after it.
    log.error("billing.notice_mark_failed", { ...fields, error: updateError });
  }
}

// The email of a notice as of today, or null when the notice no longer
// applies (or its billing is gone).
async function noticeMessage(
  db: DB,
  notice: ClaimedNotice,
  today: string,
  settings: ChargingSettings,
): Promise<EmailMessage | null> {
  const billing = await db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select([
      "billing.id",
      "billing.month_year",
      "billing.amount_cents",
      "billing.due_date",
      "billing.status",
      "clients.name",
      "clients.email",
      "clients.late_fee_bp",
      "clients.monthly_interest_bp",
    ])
    .where("billing.id", "=", notice.billing_id)
    .executeTakeFirst();
  if (!billing) return null;
  const receipt = await db
    .selectFrom("billing_receipts")
    .selectAll()
    .where("billing_id", "=", billing.id)
    .where("voided_at", "is", null)
    .executeTakeFirst();
  if (!noticeApplies(notice.kind, { ...billing, hasReceipt: !!receipt }, today, settings.issueDays)) return null;

  const agencyName = getAgency().name;
  const link = absoluteUrl("/client-area?tab=cobranca");
  const to = billing.email;
  if (notice.kind === "receipt") {
    const r = receipt!;
    const content = await fs.readFile(privateFilePath(r.file_key));
    return {
      to,
      ...receiptNoticeEmail({ agencyName, clientName: billing.name, month_year: billing.month_year, link, receipt: r }),
      attachments: [{ filename: r.file_name, content, contentType: r.mime_type }],
    };
  }
  const charges = chargesOn(billing, today);
  const pix = settings.pix ? pixPayload(settings.pix, charges.total, billingTxid(billing.id)) : null;
  return {
    to,
    ...chargeNoticeEmail(notice.kind, {
      agencyName,
      clientName: billing.name,
      month_year: billing.month_year,
      due_date: billing.due_date,
      today,
      charges,
      pix,
      link,
    }),
  };
}

export type BillingNoticeItem = {
  id: number;
  kind: BillingNoticeKind;
  label: string; // "Cobrança disponível", "Lembrete de vencimento", "Cobrança em atraso", "Recibo"
  created_at: string;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
  gaveUp: boolean; // unsent after MAX_ATTEMPTS: not tried again
};

// The notices of a billing for the staff's billing page, in the order queued.
export async function listBillingNotices(db: DB, billingId: number): Promise<BillingNoticeItem[]> {
  const rows = await db
    .selectFrom("billing_notices")
    .select(["id", "kind", "created_at", "sent_at", "attempts", "last_error"])
    .where("billing_id", "=", billingId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    ...r,
    label: noticeLabel(r.kind),
    gaveUp: r.sent_at === null && r.attempts >= MAX_ATTEMPTS,
  }));
}
