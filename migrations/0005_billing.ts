import { sql, type Kysely } from "kysely";

// Billing (issue 8): a client's monthly billings, the boletos attached to them,
// and the boletos organised for "Processar N Boletos" (kept as rows and files
// rather than in memory, so a reload or another admin sees them:
// docs/decisions/0015-boleto-flow.md). Money in centavos, calendar days as
// "yyyy-MM-dd" text, reference months as "yyyy-MM", timestamps as ISO-8601 UTC
// text. Stored files follow 0004's contracts: the original name in file_name,
// the random key under uploads/private in file_key, the type found by content.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("billing")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    // No UNIQUE (client_id, month_year): "Nova Cobrança" may bill a month twice
    // (a fine, a late fee); "Gerar Cobranças do Contrato" skips billed months.
    .addColumn("month_year", "text", (c) => c.notNull().check(sql`month_year glob '[0-9][0-9][0-9][0-9]-[01][0-9]'`))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn("due_date", "text", (c) =>
      c.notNull().check(sql`due_date glob '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'`),
    )
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'paid', 'overdue')`),
    )
    // The agency's day (America/Campo_Grande) on which it was marked paid.
    .addColumn("payment_date", "text")
    .addColumn("external_payment_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("billing_client_due").on("billing").columns(["client_id", "due_date"]).execute();
  // The overdue job looks for pending rows past their due date.
  await db.schema.createIndex("billing_status_due").on("billing").columns(["status", "due_date"]).execute();

  await db.schema
    .createTable("billing_documents")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("billing_id", "integer", (c) => c.notNull().references("billing.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("uploaded_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("uploaded_by_name", "text", (c) => c.notNull())
    .addColumn("uploaded_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("billing_documents_billing")
    .on("billing_documents")
    .columns(["billing_id", "uploaded_at"])
    .execute();
  await db.schema
    .createIndex("billing_documents_uploaded_by")
    .on("billing_documents")
    .column("uploaded_by_id")
    .execute();

  // Boletos read and confirmed, waiting for "Processar N Boletos". What the
  // reader found may be missing (NULL); only rows with a month and a due date
  // become billings (docs/product.md §Boletos).
  await db.schema
    .createTable("boleto_queue")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("due_date", "text")
    .addColumn("amount_cents", "integer", (c) => c.check(sql`amount_cents is null or amount_cents >= 0`))
    .addColumn("month_year", "text")
    .addColumn("digitable_line", "text")
    // How the values were read (text layer, OCR, digitable line...).
    .addColumn("source", "text")
    .addColumn("created_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    // NULL while the admin looks at the analysis (a draft, with its file);
    // set by "Confirmar e Criar Cobrança", when it joins the awaiting list.
    // Drafts left behind are removed by the housekeeping job.
    .addColumn("confirmed_at", "text")
    .execute();
  await db.schema.createIndex("boleto_queue_client").on("boleto_queue").columns(["client_id", "created_at"]).execute();
  await db.schema.createIndex("boleto_queue_created_by").on("boleto_queue").column("created_by_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["boleto_queue", "billing_documents", "billing"]) await db.schema.dropTable(t).execute();
}
