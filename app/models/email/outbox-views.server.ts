import { sql, type Kysely } from "kysely";
import type { Database, EmailStatus } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { keysetBatches } from "#app/models/shared/paging.server";
import type { EmailKind } from "./kinds";

// What staff read of the outbox (outbox.server.ts writes and sends it): an
// email's trace on the record it is about, where emails stand, the "Emails"
// page and its CSV, and its one action, "Reenviar" (docs/decisions/0051-email-outbox.md).

type DB = Kysely<Database>;

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
