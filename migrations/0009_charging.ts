import { sql, type Kysely } from "kysely";

// Charging the rent (issue 19; docs/decisions/0031-charging-the-rent.md).
// - clients: the contract's late fee and monthly interest, in basis points
//   (hundredths of a percent: 10% = 1000), so "2,5%" stays an integer.
// - billing: what was received (amount_paid, centavos) beside payment_date.
// - billing_receipts: the numbered receipts ("Recibo de Aluguel nº N", N = id,
//   never reused), with the items as paid and the PDF under uploads/private.
//   A billing taken back from Pago voids its receipt (kept, voided_at set); at
//   most one receipt of a billing is in force.
// - billing_notices: each email notice of a billing, once (unique kind per
//   billing), with its attempts, so an SMTP failure is retried next hour.
// - billing_documents.digitable_line: the boleto's line, unique, so the same
//   boleto is never attached twice.
// - boleto_queue.update_amount: staff confirmed that a boleto for a month
//   already billed changes that billing's amount (1) or not (0).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("clients")
    .addColumn("late_fee_bp", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1000)
        .check(sql`late_fee_bp between 0 and 2000`),
    )
    .execute();
  await db.schema
    .alterTable("clients")
    .addColumn("monthly_interest_bp", "integer", (c) =>
      c
        .notNull()
        .defaultTo(100)
        .check(sql`monthly_interest_bp between 0 and 1000`),
    )
    .execute();

  await db.schema
    .alterTable("billing")
    .addColumn("amount_paid", "integer", (c) => c.check(sql`amount_paid is null or amount_paid >= 0`))
    .execute();

  await db.schema
    .createTable("billing_receipts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("billing_id", "integer", (c) => c.notNull().references("billing.id").onDelete("cascade"))
    .addColumn("payment_date", "text", (c) => c.notNull())
    .addColumn("days_late", "integer", (c) => c.notNull())
    .addColumn("late_fee_bp", "integer", (c) => c.notNull())
    .addColumn("monthly_interest_bp", "integer", (c) => c.notNull())
    .addColumn("rent_cents", "integer", (c) => c.notNull())
    .addColumn("late_fee_cents", "integer", (c) => c.notNull())
    .addColumn("interest_cents", "integer", (c) => c.notNull())
    // amount received minus the items: a discount (< 0) or an addition (> 0).
    .addColumn("adjustment_cents", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull().check(sql`total_cents >= 0`))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("voided_at", "text")
    .execute();
  await sql`create unique index billing_receipts_in_force on billing_receipts (billing_id) where voided_at is null`.execute(
    db,
  );
  await db.schema.createIndex("billing_receipts_billing").on("billing_receipts").column("billing_id").execute();

  await db.schema
    .createTable("billing_notices")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("billing_id", "integer", (c) => c.notNull().references("billing.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('issued', 'reminder', 'overdue', 'receipt')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    // Set while one job sends it, so two runs at once never send it twice.
    .addColumn("claimed_at", "text")
    .addColumn("sent_at", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addUniqueConstraint("billing_notices_once", ["billing_id", "kind"])
    .execute();
  await db.schema.createIndex("billing_notices_unsent").on("billing_notices").columns(["sent_at", "id"]).execute();

  await db.schema.alterTable("billing_documents").addColumn("digitable_line", "text").execute();
  await db.schema
    .alterTable("boleto_queue")
    .addColumn("update_amount", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`update_amount in (0, 1)`),
    )
    .execute();
  await sql`create unique index billing_documents_line on billing_documents (digitable_line) where digitable_line is not null`.execute(
    db,
  );
}

// Migrations only move forward (docs/decisions/0020-database.md).
