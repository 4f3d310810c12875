import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { privateFilePath } from "#app/models/files/private-store.server";
import { kicker } from "#app/models/shared/kicker.server";
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
