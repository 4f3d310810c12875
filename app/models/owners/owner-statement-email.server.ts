import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { escapeHtml } from "#app/models/billing/notice-email";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { enqueueEmail, type OutboxEmail } from "#app/models/email/outbox.server";
import { absoluteUrl, getAgency } from "#app/utils/env.server";
import { formatBRL } from "#app/models/shared/money";
import { PDF_DRAWN } from "./statement-pdf-pending";

// The owner's copy of each final statement (docs/decisions/0040-owner-transfers.md),
// with the PDF attached, through the email outbox (decision 0051): queued in
// the transaction that stores the statement's PDF, once per statement (its
// dedupe key). An owner without an email then gets it once one is recorded:
// the hourly sweep (queueOwnerStatementEmails) queues what was never queued.

type DB = Kysely<Database>;

export const statementEmailKey = (id: number) => `owner-statement:${id}`;
// The same key in SQL, for a join.
export const statementKeySql = sql<string>`'owner-statement:' || owner_statements.id`;

// With the owner's area (decision 0077): where the money went, and the
// statement's page, where each line is explained, for an owner with a login.
export function ownerStatementEmail(
  s: {
    id: number;
    month: string;
    net_cents: number;
    transferred_on: string;
    owner_name: string;
    destination?: string | null;
    area_url?: string | null;
  },
  agencyName: string,
) {
  const period = periodLabel(s.month);
  const intro = `Olá, ${s.owner_name}. Segue o extrato do proprietário nº ${s.id}, dos aluguéis recebidos em ${period}.`;
  const transfer = `Valor repassado: ${formatBRL(s.net_cents)}, em ${formatDay(s.transferred_on)}${s.destination ? `, para ${s.destination}` : ""}.`;
  const area = s.area_url ? [`Cada valor explicado, na Área do Proprietário: ${s.area_url}`] : [];
  const outro = `O extrato detalhado está em anexo (PDF). Dúvidas? Responda este email. ${agencyName}`;
  const paragraphs = [intro, transfer, ...area, outro];
  return {
    subject: `Extrato do proprietário nº ${s.id}: repasse de ${period}`,
    text: paragraphs.join("\n\n"),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n"),
  };
}

type StatementFacts = {
  id: number;
  month: string;
  net_cents: number;
  transferred_on: string;
  file_key: string;
  file_name: string;
  owner_name: string;
  email: string;
  destination?: string | null;
  user_id?: number | null;
};

// Queues a statement's email (nothing when it was queued before).
export async function queueOwnerStatementEmail(db: DB | Transaction<Database>, s: StatementFacts, now = new Date()) {
  const email: OutboxEmail = {
    kind: "owner_statement",
    dedupeKey: statementEmailKey(s.id),
    ref: statementEmailKey(s.id),
    to: s.email,
    ...ownerStatementEmail(
      { ...s, area_url: s.user_id ? absoluteUrl(`/area-do-proprietario/extratos/${s.id}`) : null },
      getAgency().name,
    ),
    attachments: [{ file_key: s.file_key, filename: s.file_name, content_type: "application/pdf" }],
  };
  return enqueueEmail(db, email, now);
}

// The hourly sweep: statements of owners with an email whose email was never
// queued (the owner had none then). One whose PDF is still to be drawn gets
// its email from the drawer (mark-transfer.server.ts). Returns how many it
// queued.
export async function queueOwnerStatementEmails(db: DB, now = new Date()) {
  const due = await db
    .selectFrom("owner_statements")
    .innerJoin("owners", "owners.id", "owner_statements.owner_id")
    .leftJoin("email_outbox", (join) => join.on(sql<boolean>`email_outbox.dedupe_key = ${statementKeySql}`))
    .select([
      "owner_statements.id",
      "owner_statements.month",
      "owner_statements.net_cents",
      "owner_statements.transferred_on",
      "owner_statements.file_key",
      "owner_statements.file_name",
      "owner_statements.destination",
      "owners.name as owner_name",
      "owners.email",
      "owners.user_id",
    ])
    .where("owners.email", "is not", null)
    .where(PDF_DRAWN)
    .where("email_outbox.id", "is", null)
    .orderBy("owner_statements.id")
    .execute();
  let queued = 0;
  for (const s of due) if (await queueOwnerStatementEmail(db, { ...s, email: s.email! }, now)) queued += 1;
  return { queued };
}
