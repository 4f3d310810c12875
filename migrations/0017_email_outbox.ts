import { sql, type Kysely } from "kysely";

// One email outbox (docs/decisions/0051-email-outbox.md). Every email the
// app sends is a row here, put by its domain in the same transaction as the
// write that causes it; its unique dedupe_key makes "once per billing and
// kind" (per statement, per year and person...) a database rule. One sender
// (app/models/email/outbox.server.ts) claims, sends and retries them.
//
// The five per-module copies go: billing_notices (its rows move here), and
// the sent/attempts/error columns of owner_statements, income_report_emails,
// readjustments and inspections. What was sent or given up is carried over as
// history (its rendered words were never stored: the subject says what it
// was). An unsent email still being retried is not carried: each domain
// queues it again by itself (the charging job's queue step, the readjustment
// job's open rows, the hourly sweeps of statements and inspection reports,
// "Enviar por email" again for informes).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("email_outbox")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
    // What it is about, for a per-record trace ("billing:12").
    .addColumn("ref", "text")
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("html", "text")
    // JSON: [{ file_key, filename, content_type }] of private files.
    .addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('queued', 'sent', 'failed')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("claimed_by", "text")
    .addColumn("claimed_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("email_outbox_due").on("email_outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("email_outbox_ref").on("email_outbox").column("ref").execute();
  await db.schema.createIndex("email_outbox_created").on("email_outbox").column("created_at").execute();

  // Billing notices: every one sent or given up (24 attempts) is history.
  await sql`insert into email_outbox (kind, dedupe_key, ref, to_address, subject, text, status, attempts,
      next_attempt_at, last_error, created_at, sent_at)
    select 'billing_' || n.kind, 'billing:' || n.billing_id || ':' || n.kind, 'billing:' || n.billing_id,
      coalesce(c.email, ''), case n.kind when 'issued' then 'Cobrança disponível' when 'reminder' then
      'Lembrete de vencimento' when 'overdue' then 'Cobrança em atraso' else 'Recibo' end,
      '', case when n.sent_at is not null then 'sent' else 'failed' end, n.attempts,
      n.created_at, n.last_error, n.created_at, n.sent_at
    from billing_notices n join billing b on b.id = n.billing_id left join clients c on c.id = b.client_id
    where n.sent_at is not null or n.attempts >= 24`.execute(db);
  await db.schema.dropTable("billing_notices").execute();

  await sql`insert into email_outbox (kind, dedupe_key, ref, to_address, subject, text, status, attempts,
      next_attempt_at, last_error, created_at, sent_at)
    select 'owner_statement', 'owner-statement:' || s.id, 'owner-statement:' || s.id, coalesce(o.email, ''),
      'Extrato do proprietário nº ' || s.id, '', case when s.sent_at is not null then 'sent' else 'failed' end,
      s.attempts, s.created_at, s.last_error, s.created_at, s.sent_at
    from owner_statements s join owners o on o.id = s.owner_id
    where s.sent_at is not null or s.attempts >= 24`.execute(db);
  await sql`insert into email_outbox (kind, dedupe_key, ref, to_address, subject, text, status, attempts,
      next_attempt_at, last_error, created_at, sent_at)
    select 'income_report_' || e.kind, 'income-report:' || e.year || ':' || e.kind || ':' || e.person_id,
      'income-report:' || e.year, coalesce(o.email, c.email, ''), 'Informe de rendimentos ' || e.year, '',
      case when e.sent_at is not null then 'sent' else 'failed' end, e.attempts, e.queued_at, e.last_error,
      e.queued_at, e.sent_at
    from income_report_emails e
      left join owners o on e.kind = 'owner' and o.id = e.person_id
      left join clients c on e.kind = 'tenant' and c.id = e.person_id
    where e.sent_at is not null or e.attempts >= 24`.execute(db);
  await sql`insert into email_outbox (kind, dedupe_key, ref, to_address, subject, text, status, attempts,
      next_attempt_at, last_error, created_at, sent_at)
    select 'readjustment', 'readjustment:' || r.id, 'readjustment:' || r.id, c.email, 'Reajuste do aluguel', '',
      case when r.notified_at is not null then 'sent' else 'failed' end, r.attempts, r.created_at, r.last_error,
      r.created_at, r.notified_at
    from readjustments r join clients c on c.id = r.client_id
    where r.notified_at is not null or r.attempts >= 24`.execute(db);
  await sql`insert into email_outbox (kind, dedupe_key, ref, to_address, subject, text, status, attempts,
      next_attempt_at, last_error, created_at, sent_at)
    select 'inspection_report', 'inspection-report:' || i.id, 'inspection:' || i.id, c.email,
      'Relatório de Vistoria nº ' || i.id, '', case when i.report_sent_at is not null then 'sent' else 'failed' end,
      i.report_attempts, i.finalized_at, i.report_last_error, i.finalized_at, i.report_sent_at
    from inspections i join clients c on c.id = i.client_id
    where i.finalized_at is not null and (i.report_sent_at is not null or i.report_attempts >= 24)`.execute(db);

  for (const [table, columns] of [
    ["owner_statements", ["sent_at", "attempts", "last_error"]],
    ["income_report_emails", ["sent_at", "attempts", "last_error"]],
    ["readjustments", ["notified_at", "attempts", "last_error"]],
    ["inspections", ["report_sent_at", "report_attempts", "report_last_error"]],
  ] as const)
    for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
}
