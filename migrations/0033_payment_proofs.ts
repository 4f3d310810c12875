import { sql, type Kysely } from "kysely";

// "Já paguei" (issue 35; docs/decisions/0063-payment-proofs.md): a proof of
// payment the tenant sends for one of their open billings. It settles
// nothing: staff read it in "Comprovantes a conferir" and register the
// payment with the billing's own form, or mark the proof checked or refused
// (with the reason the tenant reads). A proof still waiting is closed as
// checked when its billing becomes Pago, whichever way it was paid.
//
// client_id repeats the billing's: the tenant's rows are filtered by it, as
// every private file of the client area is. op_key is the form's one-time
// key: the same form posted twice stores one proof.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("payment_proofs")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("billing_id", "integer", (c) => c.notNull().references("billing.id").onDelete("cascade"))
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    // What the tenant says: the day paid and the amount, both optional.
    .addColumn("paid_on", "text")
    .addColumn("amount_cents", "integer")
    .addColumn("note", "text")
    .addColumn("op_key", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'checked', 'refused')`),
    )
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addColumn("reviewed_at", "text")
    .addColumn("reviewed_by_name", "text")
    // 'staff' (Marcar como conferido / Recusar) or 'paid' (closed when the billing became Pago).
    .addColumn("reviewed_by", "text", (c) => c.check(sql`reviewed_by is null or reviewed_by in ('staff', 'paid')`))
    .addColumn("refusal_reason", "text")
    .addCheckConstraint("payment_proofs_refusal", sql`status != 'refused' or refusal_reason is not null`)
    .execute();
  // The staff queue, oldest first, on its partial index (the status a literal
  // in the query as here: SQLite uses a partial index only then, decision 0057).
  await sql`create index payment_proofs_pending on payment_proofs (sent_at, id) where status = 'pending'`.execute(db);
  // A billing's proofs (the client area, closing them when it is paid).
  await sql`create index payment_proofs_billing on payment_proofs (billing_id, id)`.execute(db);
}
