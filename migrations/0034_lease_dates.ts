import { sql, type Kysely } from "kysely";
import { HOLIDAY_SEEDS_2026_2028 } from "./seeds/holidays-2026-2028";

// The lease's dates (issue 36; docs/decisions/0066-lease-dates.md).
//
// - holidays: the days banks do not clear and a term does not end on
//   (Código Civil art. 132 §1º), as data staff edit: national, bank, state and
//   Três Lagoas' own, 2026-2028 filled from the sources each row names.
// - billing.grace_until: the last day the billing is paid without multa and
//   juros (its due date, or the next business day when that is a weekend or
//   holiday); late charges, "Em atraso" and matching count from it.
// - billing.period_start / period_end / period_days: the days a billing
//   charges and the length of the whole period they are part of; fewer days
//   than the period: the rent pro rata. NULL on billings from before (a
//   whole month).
// - clients.first_month: 'pro_rata' (calendar months, the first and last by
//   days) or 'full' (months from the start's anniversary, the last by days).
//   Existing contracts were billed by anniversary: 'full'. Contracts whose
//   term ended over 30 days ago, unbilled since, are ended on their end date
//   (past its end a contract now runs on: an indefinite term).
// - clients.readjustment_lag_months: the index months end this many months
//   before the anniversary's (1: the last published; 0: up to the month before).
//   The contract form promised "os 12 meses publicados antes dele": 1.
// - clients.billing_gap_months: months due that the hourly job will not
//   create (before the catch-up window), written by the job; the dashboard's alert.
// - partial indexes for the dashboard's new counts (tenants' maintenance
//   requests and inspection contests waiting for staff).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("holidays")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) =>
      c.notNull().check(sql`scope in ('nacional', 'bancario', 'estadual', 'municipal')`),
    )
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("updated_by_name", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  const stamp = new Date().toISOString();
  for (const h of HOLIDAY_SEEDS_2026_2028) {
    await db
      .insertInto("holidays")
      .values({ ...h, updated_by_name: "Sistema", updated_at: stamp })
      .execute();
  }

  await db.schema
    .alterTable("billing")
    .addColumn("grace_until", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("billing").addColumn("period_start", "text").execute();
  await db.schema.alterTable("billing").addColumn("period_end", "text").execute();
  await db.schema.alterTable("billing").addColumn("period_days", "integer").execute();
  await sql`update billing set grace_until = due_date`.execute(db);
  // Forward over weekends and holidays, a day a pass (a long holiday is a few).
  for (let pass = 0; pass < 15; pass++) {
    const moved = await sql`
      update billing set grace_until = date(grace_until, '+1 day')
      where strftime('%w', grace_until) in ('0', '6') or grace_until in (select day from holidays)`.execute(db);
    if (!moved.numAffectedRows) break;
  }
  // The queues count "Em atraso" on billing_status_due alone (decision 0065):
  // the grace day joins it, or every count reads the table again.
  await db.schema.dropIndex("billing_status_due").execute();
  await db.schema
    .createIndex("billing_status_due")
    .on("billing")
    .columns(["status", "due_date", "grace_until"])
    .execute();

  await db.schema
    .alterTable("clients")
    .addColumn("first_month", "text", (c) =>
      c
        .notNull()
        .defaultTo("pro_rata")
        .check(sql`first_month in ('pro_rata', 'full')`),
    )
    .execute();
  await sql`update clients set first_month = 'full'`.execute(db);
  // A contract past its end date now runs on, billed and readjusted (an
  // indefinite term, Lei 8.245 arts. 46-47) until staff end it. One whose
  // term ended over 30 days ago with nothing billed after it was left as it
  // was (the art. 46 §1 30 days passed, nobody billed it): it is ended on its
  // end date, saying why; staff reopen it if the tenant is still there.
  await sql`update clients set ended_on = contract_end_date,
      ended_reason = 'Fim do prazo: encerrado na atualização do sistema (reabra se o inquilino continua no imóvel)'
    where ended_on is null and contract_end_date is not null and contract_end_date < date('now', '-30 days')
      and not exists (select 1 from billing b where b.client_id = clients.id
        and b.month_year > substr(clients.contract_end_date, 1, 7) limit 1)`.execute(db);
  await db.schema
    .alterTable("clients")
    .addColumn("readjustment_lag_months", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`readjustment_lag_months in (0, 1)`),
    )
    .execute();
  await db.schema
    .alterTable("clients")
    .addColumn("billing_gap_months", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index clients_billing_gaps on clients (name_fold, id) where billing_gap_months > 0`.execute(db);
  // What tenants send reaches the dashboard: the new maintenance requests and
  // the contests staff have not answered, each counted on its partial index.
  await sql`create index maintenance_requests_pending on maintenance_requests (requested_at, id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index inspection_contests_open on inspection_contests (created_at, id) where answered_at is null`.execute(
    db,
  );
}
