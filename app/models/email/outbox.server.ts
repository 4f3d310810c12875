import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, EmailStatus } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { kicker } from "#app/models/shared/kicker.server";
import { keysetBatches } from "#app/models/shared/paging.server";
import { sendEmail } from "#app/utils/email.server";
import { log, reasonOf, scrub } from "#app/utils/log.server";
import type { EmailKind } from "./kinds";

// The one email outbox (docs/decisions/0051-email-outbox.md). A domain puts
// its email here with enqueueEmail, inside the transaction of the write that
// causes it; the unique dedupe_key makes "once per billing and kind" a
// database rule. sendQueuedEmails is the one sender: it claims a row (one
// UPDATE whose WHERE says "still queued and not claimed", so of two senders
// at once only one gets it), sends it, marks it sent; a failure waits with
// backoff (RETRY_DELAYS) and is given up ("failed") after MAX_ATTEMPTS.
// It runs from the hourly housekeeping, every minute in the server's primary
// process (retries), and right after a request enqueues (kickOutbox).

type DB = Kysely<Database>;

// About a day of SMTP trouble: 5, 10, 20, 40 minutes, then hourly.
export const MAX_ATTEMPTS = 24;
export const retryDelayMs = (attempts: number) => Math.min(5 * 60_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60_000);
// A claim lasts this long: a sender that died while sending leaves it to expire.
export const CLAIM_TTL_MS = 10 * 60 * 1000;
const MAX_ERROR_LENGTH = 200;
// One run sends at most this many (the next run takes the rest).
export const SEND_BATCH = 500;

export type OutboxAttachment = { file_key: string; filename: string; content_type: string };

export type OutboxEmail = {
  kind: EmailKind;
  dedupeKey: string;
  ref?: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: OutboxAttachment[];
};

const outboxRow = (email: OutboxEmail, stamp: string) => ({
  kind: email.kind,
  dedupe_key: email.dedupeKey,
  ref: email.ref ?? null,
  to_address: email.to,
  subject: email.subject,
  text: email.text,
  html: email.html ?? null,
  attachments: JSON.stringify(email.attachments ?? []),
  status: "queued" as const,
  next_attempt_at: stamp,
  created_at: stamp,
});

// An address in the reserved ".invalid" domain (RFC 2606) can never be
// delivered: it is what a record whose person was erased holds
// (privacy/anonymized.ts; the record stays for its fiscal data). Never queued,
// whichever domain writes to that record's email.
export const undeliverable = (to: string) => /\.invalid$/i.test(to.trim());

// Queues an email unless one with its dedupe key exists (sent, queued or
// given up) or its address is undeliverable. Returns whether it was queued.
export async function enqueueEmail(db: DB | Transaction<Database>, email: OutboxEmail, now = new Date()) {
  if (undeliverable(email.to)) return false;
  const row = await db
    .insertInto("email_outbox")
    .values(outboxRow(email, now.toISOString()))
    .onConflict((oc) => oc.column("dedupe_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  return !!row;
}

// Queues many emails, one statement for each ENQUEUE_ROWS (the first run of
// the charging job over an imported database queues thousands of notices: a
// statement each cost ~0.5 ms more). Those whose dedupe key exists, or whose
// address is undeliverable, are skipped. Returns how many were queued.
const ENQUEUE_ROWS = 100;
export async function enqueueEmails(db: DB | Transaction<Database>, all: readonly OutboxEmail[], now = new Date()) {
  const stamp = now.toISOString();
  const emails = all.filter((e) => !undeliverable(e.to));
  let queued = 0;
  for (let i = 0; i < emails.length; i += ENQUEUE_ROWS) {
    const rows = await db
      .insertInto("email_outbox")
      .values(emails.slice(i, i + ENQUEUE_ROWS).map((e) => outboxRow(e, stamp)))
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .returning("id")
      .execute();
    queued += rows.length;
  }
  return queued;
}

// Whether an email with this key exists (any status).
export async function hasEmail(db: DB | Transaction<Database>, dedupeKey: string) {
  return !!(await db.selectFrom("email_outbox").select("id").where("dedupe_key", "=", dedupeKey).executeTakeFirst());
}

// Removes a queued email that no longer applies (never one sent, given up or
// being sent right now), so that it may be queued again should it apply again.
export async function dropQueuedEmail(db: DB | Transaction<Database>, dedupeKey: string, now = new Date()) {
  const done = await db
    .deleteFrom("email_outbox")
    .where("dedupe_key", "=", dedupeKey)
    .where(unclaimedQueued(now.toISOString()))
    .executeTakeFirst();
  return Number(done.numDeletedRows) > 0;
}

// Gives up a queued email that no longer makes sense but whose tries should
// stay visible (a readjustment's news once the rent is in force).
export async function abandonQueuedEmail(db: DB | Transaction<Database>, dedupeKey: string, now = new Date()) {
  const done = await db
    .updateTable("email_outbox")
    .set({ status: "failed" })
    .where("dedupe_key", "=", dedupeKey)
    .where(unclaimedQueued(now.toISOString()))
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

// The "still unsent" guard: queued, and no live claim of another sender.
const unclaimedQueued = (nowIso: string) =>
  sql<boolean>`status = 'queued' and (claimed_until is null or claimed_until < ${nowIso})`;

export type SendCounts = { sent: number; failed: number };

// Sends the queued emails that are due (of the given kinds, or all; of the
// given ids, or any). Returns how many went and how many failed this time.
export async function sendQueuedEmails(
  db: DB,
  {
    now = new Date(),
    kinds,
    sender = randomUUID(),
    ids,
  }: { now?: Date; kinds?: readonly EmailKind[]; sender?: string; ids?: readonly number[] } = {},
): Promise<SendCounts> {
  const nowIso = now.toISOString();
  const counts: SendCounts = { sent: 0, failed: 0 };
  if ((kinds && kinds.length === 0) || (ids && ids.length === 0)) return counts;
  let query = db
    .selectFrom("email_outbox")
    .select("id")
    .where(unclaimedQueued(nowIso))
    .where("next_attempt_at", "<=", nowIso);
  if (kinds) query = query.where("kind", "in", kinds);
  if (ids) query = query.where("id", "in", ids);
  const due = await query.orderBy("id").limit(SEND_BATCH).execute();
  for (const { id } of due) {
    // The claim: one statement, so of two senders at most one gets the row.
    const row = await db
      .updateTable("email_outbox")
      .set({ claimed_by: sender, claimed_until: new Date(now.getTime() + CLAIM_TTL_MS).toISOString() })
      .where("id", "=", id)
      .where(unclaimedQueued(nowIso))
      .returningAll()
      .executeTakeFirst();
    if (!row) continue;
    let attachments: { filename: string; contentType: string; content: Buffer }[];
    try {
      attachments = await readAttachments(JSON.parse(row.attachments) as OutboxAttachment[]);
    } catch (error) {
      // Its file is gone (the row that named it deleted meanwhile): no retry
      // brings it back, so the email fails now, saying which file.
      counts.failed += 1;
      await recordFailure(db, row, sender, now, error, { final: error instanceof MissingAttachment });
      continue;
    }
    try {
      await sendEmail({
        to: row.to_address,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
    } catch (error) {
      counts.failed += 1;
      await recordFailure(db, row, sender, now, error);
      continue;
    }
    try {
      await db
        .updateTable("email_outbox")
        .set({ status: "sent", sent_at: nowIso, last_error: null, claimed_by: null, claimed_until: null })
        .where("id", "=", id)
        .where("claimed_by", "=", sender)
        .execute();
      counts.sent += 1;
    } catch (error) {
      // Sent, but not marked: the claim stays, so it is not sent again before
      // CLAIM_TTL_MS; after that it is (at least once, never silently lost).
      log.error("email.mark_failed", { emailId: id, kind: row.kind, error });
    }
  }
  if (counts.sent > 0 || counts.failed > 0) log.info("email.sent", counts);
  return counts;
}

class MissingAttachment extends Error {}

async function readAttachments(list: readonly OutboxAttachment[]) {
  return Promise.all(
    list.map(async (a) => {
      try {
        return {
          filename: a.filename,
          contentType: a.content_type,
          content: await fs.readFile(privateFilePath(a.file_key)),
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT")
          throw new MissingAttachment(`Anexo não encontrado: ${a.filename}`);
        throw error;
      }
    }),
  );
}

async function recordFailure(
  db: DB,
  row: { id: number; kind: string; attempts: number },
  sender: string,
  now: Date,
  error: unknown,
  { final = false }: { final?: boolean } = {},
) {
  const attempts = row.attempts + 1;
  const gaveUp = final || attempts >= MAX_ATTEMPTS;
  const fields = { emailId: row.id, kind: row.kind, attempts };
  log.warn("email.failed", { ...fields, error: reasonOf(error) });
  if (gaveUp) log.error("email.gave_up", fields);
  try {
    await db
      .updateTable("email_outbox")
      .set({
        status: gaveUp ? "failed" : "queued",
        attempts,
        last_error: scrub(reasonOf(error)).slice(0, MAX_ERROR_LENGTH),
        next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
        claimed_by: null,
        claimed_until: null,
      })
      .where("id", "=", row.id)
      .where("claimed_by", "=", sender)
      .execute();
  } catch (updateError) {
    // The claim expires by itself; the email is tried again after it.
    log.error("email.mark_failed", { ...fields, error: updateError });
  }
}

// Sends what is queued soon after the current request, off its path.
export const kickOutbox = kicker("email.kick_failed", (db: DB) => sendQueuedEmails(db));

export type EmailTraceItem = {
  id: number;
  kind: EmailKind;
  status: EmailStatus;
  created_at: string;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string;
};

const TRACE_COLUMNS = [
  "id",
  "kind",
  "status",
  "created_at",
  "sent_at",
  "attempts",
  "last_error",
  "next_attempt_at",
] as const;

// The emails about one record ("billing:12"), in the order queued.
export async function emailTrace(db: DB, ref: string): Promise<EmailTraceItem[]> {
  return db
    .selectFrom("email_outbox")
    .select(TRACE_COLUMNS)
    .where("ref", "=", ref)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

// Where each of these emails stands, by dedupe key (absent: never queued).
export async function emailStates(db: DB, dedupeKeys: string[]) {
  const states = new Map<string, EmailTraceItem>();
  for (let i = 0; i < dedupeKeys.length; i += 500) {
    const rows = await db
      .selectFrom("email_outbox")
      .select([...TRACE_COLUMNS, "dedupe_key"])
      .where("dedupe_key", "in", dedupeKeys.slice(i, i + 500))
      .execute();
    for (const { dedupe_key, ...r } of rows) states.set(dedupe_key, r);
  }
  return states;
}

export const EMAILS_PAGE_SIZE = 50;

export type EmailFilters = { kind: EmailKind | null; to: string; status: EmailStatus | null; page: number };

// The "Emails" page's filter: a kind, a status, a part of the address.
function emailsFiltered(db: DB, f: Omit<EmailFilters, "page">) {
  let query = db.selectFrom("email_outbox");
  if (f.kind) query = query.where("kind", "=", f.kind);
  if (f.status) query = query.where("status", "=", f.status);
  // The recipient typed: a part of the address, its % and _ taken literally.
  if (f.to) query = query.where(sql<boolean>`to_address like ${`%${f.to.replace(/[\\%_]/g, "\\$&")}%`} escape '\\'`);
  return query;
}

// The staff's "Emails" page: newest first, filtered, a page at a time.
export async function listEmails(db: DB, f: EmailFilters) {
  const query = emailsFiltered(db, f);
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(total) / EMAILS_PAGE_SIZE));
  const page = Math.min(Math.max(1, f.page), pages);
  const rows = await query
    .select([...TRACE_COLUMNS, "to_address", "subject"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(EMAILS_PAGE_SIZE)
    .offset((page - 1) * EMAILS_PAGE_SIZE)
    .execute();
  return { rows, total: Number(total), page, pages };
}

// Every email of the filter, newest first as the page, a batch at a time by
// key (Exportar CSV): the outbox grows by every notice, reminder and
// statement, so each batch starts after the last row of the one before
// (created_at, then id), never an OFFSET. The bodies are not read.
export function emailsExportBatches(db: DB, f: Omit<EmailFilters, "page">, size = 1000) {
  return keysetBatches(
    async (after: { at: string; id: number } | null, limit) => {
      let q = emailsFiltered(db, f).select([...TRACE_COLUMNS, "to_address", "subject", "ref"]);
      if (after) q = q.where(sql<boolean>`(created_at, id) < (${after.at}, ${after.id})`);
      return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
    },
    (row) => ({ at: row.created_at, id: row.id }),
    size,
  );
}

// "Reenviar": a given-up email is queued again for a new series of attempts,
// audited. Only a failed one: sent or already queued again, nothing happens
// (a second click, a replayed form). Returns whether it was requeued.
export async function resendEmail(db: DB, id: number, actor: AuditActor, now = new Date()) {
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("email_outbox")
      .set({ status: "queued", attempts: 0, next_attempt_at: stamp, claimed_by: null, claimed_until: null })
      .where("id", "=", id)
      .where("status", "=", "failed")
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return false;
    await recordAudit(trx, {
      actor,
      action: "resend",
      entity: "email",
      entityId: id,
      before: { status: "failed" },
      after: { status: "queued" },
    });
    return true;
  });
}
