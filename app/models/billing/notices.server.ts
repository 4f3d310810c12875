import fs from "node:fs/promises";
import { sql, type Kysely } from "kysely";
import type { BillingNoticeKind, Database } from "#app/db/schema";
import { privateFilePath } from "#app/models/files/private-store.server";
import { sendEmail, type EmailMessage } from "#app/utils/email.server";
import { absoluteUrl, getAgency } from "#app/utils/env.server";
import { log, reasonOf, scrub } from "#app/utils/log.server";
import { chargesOn, issueHorizon } from "./charges";
import { chargeNoticeEmail, receiptNoticeEmail } from "./notice-email";
import { noticeApplies, noticeKindsFor, noticeLabel } from "./notices";
import { billingTxid, pixPayload } from "./pix";
import type { ChargingSettings } from "./settings.server";

// The email notices of billings (docs/decisions/0034-billing-notices.md), the
// last two steps of the charging job (jobs.server.ts): queue what each billing
// calls for (notices.ts), each kind once per billing, then send the unsent
// ones, each claimed first so that two runs never send the same one, its words
// written on the day it goes. A failed send is kept with its error and tried
// again next hour, up to MAX_ATTEMPTS; it never fails the job.

type DB = Kysely<Database>;

// A notice is tried at most this many times (hourly: a day of SMTP trouble).
export const MAX_ATTEMPTS = 24;
// A claim older than this belongs to a run that died while sending.
export const CLAIM_TTL_MS = 10 * 60 * 1000;
const MAX_ERROR_LENGTH = 200;
const INSERT_CHUNK = 300;

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
