import { owedOn } from "#app/models/ledger/owed";
import type { Kysely, Selectable } from "kysely";
import type { BillingNoticeKind, Database } from "#app/db/schema";
import { emailKindLabel, type EmailKind } from "#app/models/email/kinds";
import {
  dropQueuedEmail,
  enqueueEmails,
  SEND_BATCH,
  sendQueuedEmails,
  type OutboxEmail,
} from "#app/models/email/outbox.server";
import { emailTrace } from "#app/models/email/outbox-views.server";
import { absoluteUrl, getAgency } from "#app/utils/env.server";
import { log } from "#app/utils/log.server";
import { issueHorizon } from "./charges";
import { chargeNoticeEmail, receiptNoticeEmail } from "./notice-email";
import { NOTICE_WINDOW_DAYS, noticeApplies, noticeKindsFor } from "./notices";
import { billingTxid, pixPayload } from "./pix";
import type { ChargingSettings } from "./settings.server";
import { chunks } from "#app/models/shared/chunks";
import { queueGuarantorNotices } from "#app/models/guarantees/guarantor-notices.server";
import { addDays } from "#app/models/shared/days";
import type { Cents } from "#app/models/shared/money";

// The email notices of billings (docs/decisions/0034-billing-notices.md), the
// last two steps of the charging job (jobs.server.ts), through the one email
// outbox (docs/decisions/0051-email-outbox.md): queue what each billing calls
// for (notices.ts), each kind once per billing (the outbox's dedupe key
// "billing:<id>:<kind>"), its words written that day; then, before sending,
// rewrite the ones still queued (a retry says the amount due on the day it
// goes) and drop those no longer true. Only what happened within
// NOTICE_WINDOW_DAYS is announced: the first start of a database with years
// of open billings does not email years of notices.

type DB = Kysely<Database>;

// What an email about a billing says of it and its tenant (the notices here,
// the overdue reminders of bulk-reminders.server.ts).
export const NOTICE_COLUMNS = [
  "billing.id",
  "billing.month_year",
  "billing.amount_cents",
  "billing.due_date",
  "billing.grace_until",
  "billing.status",
  "billing.open_cents",
  "billing.rent_open_cents",
  "billing.accrued_through",
  "clients.name",
  "clients.email",
  "clients.late_fee_bp",
  "clients.monthly_interest_bp",
] as const;

export const NOTICE_EMAIL_KINDS = [
  "billing_issued",
  "billing_reminder",
  "billing_overdue",
  "billing_receipt",
] as const satisfies readonly EmailKind[];
const emailKind = (kind: BillingNoticeKind) => `billing_${kind}` as const;
const noticeKind = (kind: string) => kind.replace(/^billing_/, "") as BillingNoticeKind;
// A receipt's notice is once per receipt: a billing paid again (its receipt
// voided, a new one made) emails the new one too.
export const noticeKey = (billingId: number, kind: BillingNoticeKind, receiptId?: number) =>
  kind === "receipt" ? `receipt:${receiptId}` : `billing:${billingId}:${kind}`;
const billingRef = (billingId: number) => `billing:${billingId}`;
// The receipt a receipt notice's key names ("receipt:34"), for the others undefined.
const receiptOfKey = (key: string) => (/^receipt:(\d+)$/.exec(key) ? Number(key.slice("receipt:".length)) : undefined);

// Rows written per statement or transaction: a few milliseconds of holding
// the write lock, which the housekeeping thread shares with the server's requests.
const WRITE_CHUNK = 100;
// Ids per `in (...)` read.
const READ_CHUNK = 500;

// Queues the notices the billings call for today that were never queued
// (the unique dedupe key ignores the others). Returns how many. Every read is
// bounded by the window (the billings open and due within it, the receipts
// of payments within it: billing_status_due and billing_receipts_paid_on),
// and only the notices never queued are drawn, their billings read in bulk.
export async function queueNotices(db: DB, today: string, settings: ChargingSettings, now = new Date()) {
  const since = addDays(today, -NOTICE_WINDOW_DAYS);
  const open = await db
    .selectFrom("billing")
    .select(["id", "status", "due_date", "grace_until"])
    .where("status", "in", ["pending", "overdue"])
    .where("due_date", "<=", issueHorizon(today, settings.issueDays))
    .where("due_date", ">=", since)
    .execute();
  const receipts = await db
    .selectFrom("billing_receipts")
    .select(["billing_id as id", "id as receipt_id"])
    .where("voided_at", "is", null)
    .where("payment_date", ">=", since)
    .execute();

  const wanted: { billingId: number; kind: BillingNoticeKind; key: string; receiptId?: number }[] = [];
  for (const b of open)
    for (const kind of noticeKindsFor({ ...b, hasReceipt: false }, today, settings.issueDays))
      if (kind !== "receipt") wanted.push({ billingId: b.id, kind, key: noticeKey(b.id, kind) });
  for (const b of receipts)
    wanted.push({
      billingId: b.id,
      kind: "receipt",
      key: noticeKey(b.id, "receipt", b.receipt_id),
      receiptId: b.receipt_id,
    });

  // Only the ones never queued are written (and their words drawn).
  const known = new Set<string>();
  for (const keys of chunks(
    wanted.map((w) => w.key),
    READ_CHUNK,
  )) {
    const rows = await db.selectFrom("email_outbox").select("dedupe_key").where("dedupe_key", "in", keys).execute();
    for (const r of rows) known.add(r.dedupe_key);
  }
  const fresh = wanted.filter((w) => !known.has(w.key));
  const sources = await noticeSources(
    db,
    fresh.map((w) => w.billingId),
  );
  // Drawn and written a hundred at a time: thousands of messages (the first
  // run over an imported database) are never all in memory at once.
  let queued = 0;
  for (const part of chunks(fresh, WRITE_CHUNK))
    queued += await enqueueEmails(
      db,
      part.flatMap((w) => noticeEmail(sources.get(w.billingId), w.kind, today, settings, w.receiptId) ?? []),
      now,
    );
  // The fiador's own notice with the tenant's overdue one, when the lease says so.
  await queueGuarantorNotices(
    db,
    fresh.filter((w) => w.kind === "overdue").map((w) => w.billingId),
    today,
    now,
  );
  return queued;
}

// Rewrites the notices this run is about to send as of today, drops those no
// longer true (paid meanwhile, receipt voided, past their days: dropped, so
// that they may be queued again should they become true again), then sends
// them. Only the due ones, a batch at a time (the outbox's own order and
// size): a backlog of thousands queued (the first start of an imported
// database) is not rewritten whole every hour; the rest wait for the next run
// or go with the every-minute sender as they were written.
export async function sendNotices(db: DB, today: string, now: Date, settings: ChargingSettings) {
  const nowIso = now.toISOString();
  const due = await db
    .selectFrom("email_outbox")
    .select(["id", "kind", "dedupe_key", "ref"])
    .where("status", "=", "queued")
    .where("next_attempt_at", "<=", nowIso)
    .where("kind", "in", NOTICE_EMAIL_KINDS)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", nowIso)]))
    .orderBy("id")
    .limit(SEND_BATCH)
    .execute();
  if (due.length === 0) return { sent: 0, failed: 0 };
  const billingOf = (row: (typeof due)[number]) => Number(row.ref?.split(":")[1]);
  const sources = await noticeSources(db, due.map(billingOf));
  const keep: number[] = [];
  for (const part of chunks(due, WRITE_CHUNK))
    await db.transaction().execute(async (trx) => {
      for (const row of part) {
        const billingId = billingOf(row);
        const kind = noticeKind(row.kind);
        const email = noticeEmail(sources.get(billingId), kind, today, settings, receiptOfKey(row.dedupe_key));
        // Gone, or (a receipt) another receipt is in force now.
        if (!email || email.dedupeKey !== row.dedupe_key) {
          if (await dropQueuedEmail(trx, row.dedupe_key, now))
            log.info("billing.notice_dropped", { emailId: row.id, billingId, kind });
          continue;
        }
        await trx
          .updateTable("email_outbox")
          .set({ to_address: email.to, subject: email.subject, text: email.text, html: email.html ?? null })
          .where("id", "=", row.id)
          .where("status", "=", "queued")
          .where("claimed_by", "is", null)
          .execute();
        keep.push(row.id);
      }
    });
  return sendQueuedEmails(db, { now, kinds: NOTICE_EMAIL_KINDS, ids: keep });
}

type NoticeBilling = {
  id: number;
  month_year: string;
  amount_cents: Cents;
  due_date: string;
  grace_until: string;
  status: string;
  name: string;
  email: string;
  late_fee_bp: number;
  monthly_interest_bp: number;
  open_cents: number;
  rent_open_cents: number;
  accrued_through: string | null;
  ended_on: string | null;
  personal_data_erased_at: string | null;
};
// The billing and its receipts in force: several since the ledger (a
// partial payment, then the rest: decision 0061), each with its notice.
type NoticeSource = { billing: NoticeBilling; receipts: Map<number, Selectable<Database["billing_receipts"]>> };

// What the notices of these billings say: each billing with its tenant, and
// its receipt in force. A missing billing (deleted) is missing from the map.
async function noticeSources(db: DB, billingIds: readonly number[]): Promise<Map<number, NoticeSource>> {
  const facts = new Map<number, NoticeSource>();
  for (const ids of chunks([...new Set(billingIds)], READ_CHUNK)) {
    const billings = await db
      .selectFrom("billing")
      .innerJoin("clients", "clients.id", "billing.client_id")
      .select([...NOTICE_COLUMNS, "clients.ended_on", "clients.personal_data_erased_at"])
      .where("billing.id", "in", ids)
      .execute();
    for (const billing of billings) facts.set(billing.id, { billing, receipts: new Map() });
    const receipts = await db
      .selectFrom("billing_receipts")
      .selectAll()
      .where("billing_id", "in", ids)
      .where("voided_at", "is", null)
      .execute();
    for (const receipt of receipts) {
      facts.get(receipt.billing_id)?.receipts.set(receipt.id, receipt);
    }
  }
  return facts;
}

// The email of a notice as of today, or null when the notice no longer
// applies (or its billing is gone).
function noticeEmail(
  facts: NoticeSource | undefined,
  kind: BillingNoticeKind,
  today: string,
  settings: ChargingSettings,
  receiptId?: number,
): OutboxEmail | null {
  if (!facts) return null;
  const { billing } = facts;
  const receipt = receiptId === undefined ? undefined : facts.receipts.get(receiptId);
  if (!noticeApplies(kind, { ...billing, hasReceipt: !!receipt }, today, settings.issueDays)) return null;
  // The person's data erased (LGPD, privacy.server.ts): nobody to write to.
  if (billing.personal_data_erased_at) return null;
  // A contract ended ("Encerrar contrato", docs/decisions/0062-nothing-fiscal-deleted.md):
  // a billing of a month after the end's, issued ahead before it ended, is
  // not charged by email; the months up to the end are, and a receipt always goes.
  if (kind !== "receipt" && billing.ended_on && billing.month_year > billing.ended_on.slice(0, 7)) return null;
  const envelope = {
    kind: emailKind(kind),
    dedupeKey: noticeKey(billing.id, kind, receipt?.id),
    ref: billingRef(billing.id),
  };

  const agencyName = getAgency().name;
  const link = absoluteUrl("/client-area?tab=cobranca");
  const to = billing.email;
  if (kind === "receipt") {
    const r = receipt!;
    return {
      ...envelope,
      to,
      ...receiptNoticeEmail({ agencyName, clientName: billing.name, month_year: billing.month_year, link, receipt: r }),
      attachments: [{ file_key: r.file_key, filename: r.file_name, content_type: r.mime_type }],
    };
  }
  const charges = owedOn(billing, today);
  const pix = settings.pix ? pixPayload(settings.pix, charges.total, billingTxid(billing.id)) : null;
  return {
    ...envelope,
    to,
    ...chargeNoticeEmail(kind, {
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
  // The email's kind without "billing_": a BillingNoticeKind, or the staff's
  // "overdue_reminder".
  kind: string;
  label: string; // "Cobrança disponível", "Lembrete de vencimento", "Cobrança em atraso", "Recibo", "Lembrete de atraso"
  created_at: string;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string; // a queued one's next try (the outbox's backoff)
  gaveUp: boolean; // unsent after MAX_ATTEMPTS: not tried again (staff may "Reenviar" on Emails)
};

// The notices of a billing for the staff's billing page, in the order queued;
// the staff's overdue reminders (bulk-reminders.server.ts) among them, named
// by their email kind.
export async function listBillingNotices(db: DB, billingId: number): Promise<BillingNoticeItem[]> {
  return (await emailTrace(db, billingRef(billingId))).map((r) => ({
    id: r.id,
    kind: r.kind.replace(/^billing_/, ""),
    label: emailKindLabel(r.kind),
    created_at: r.created_at,
    sent_at: r.sent_at,
    attempts: r.attempts,
    last_error: r.last_error,
    next_attempt_at: r.next_attempt_at,
    gaveUp: r.status === "failed",
  }));
}
