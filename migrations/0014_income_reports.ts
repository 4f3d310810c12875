import { sql, type Kysely } from "kysely";

// The yearly informes de rendimentos sent by email on request
// (docs/decisions/0043-income-reports.md): one row per year, kind and person,
// so that asking twice queues nobody twice; claimed before sending, retried
// on failure up to a limit, like the other emails.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("income_report_emails")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('owner', 'tenant')`))
    .addColumn("person_id", "integer", (c) => c.notNull())
    .addColumn("queued_at", "text", (c) => c.notNull())
    .addColumn("queued_by_name", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addUniqueConstraint("income_report_emails_once", ["year", "kind", "person_id"])
    .execute();
}
