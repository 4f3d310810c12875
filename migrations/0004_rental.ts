import { sql, type Kysely } from "kysely";

// The rental side (issue 7): tenants, their contract files and their
// maintenance requests with images and documents. Every table the issue needs
// lands here at once. Money in centavos, calendar days as "yyyy-MM-dd" text,
// timestamps as ISO-8601 UTC text. Files live under uploads/private with a
// random key; the rows keep the original name for Content-Disposition.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("clients")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    // Digits, or upper-case letters and digits for the alphanumeric CNPJ.
    .addColumn("cpf_cnpj", "text")
    .addColumn("property_address", "text")
    .addColumn("contract_start_date", "text")
    .addColumn("contract_end_date", "text")
    .addColumn("monthly_rent", "integer") // centavos
    .addColumn("payment_due_day", "integer", (c) =>
      c
        .notNull()
        .defaultTo(5)
        .check(sql`payment_due_day between 1 and 31`),
    )
    .addColumn("owner_name", "text")
    .addColumn("owner_email", "text")
    .addColumn("owner_phone", "text")
    // The login (users.role = 'client'); NULL: "Sem Login".
    .addColumn("user_id", "integer", (c) => c.unique().references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("clients_created_at").on("clients").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("clients_contract_end").on("clients").column("contract_end_date").execute();
  await db.schema.createIndex("clients_name").on("clients").column("name").execute();

  await db.schema
    .createTable("contracts")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("uploaded_by_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("uploaded_by_name", "text", (c) => c.notNull())
    .addColumn("uploaded_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contracts_uploaded_at").on("contracts").columns(["uploaded_at", "id"]).execute();
  await db.schema.createIndex("contracts_client").on("contracts").columns(["client_id", "uploaded_at"]).execute();
  await db.schema.createIndex("contracts_uploaded_by").on("contracts").column("uploaded_by_id").execute();

  await db.schema
    .createTable("maintenance_requests")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull().defaultTo("general"))
    .addColumn("priority", "text", (c) => c.notNull().defaultTo("medium"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("admin_notes", "text")
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addColumn("completed_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("maintenance_requests_requested_at")
    .on("maintenance_requests")
    .columns(["requested_at", "id"])
    .execute();
  await db.schema
    .createIndex("maintenance_requests_client")
    .on("maintenance_requests")
    .columns(["client_id", "requested_at"])
    .execute();

  await db.schema
    .createTable("maintenance_images")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("request_id", "integer", (c) => c.notNull().references("maintenance_requests.id").onDelete("cascade"))
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("maintenance_images_request")
    .on("maintenance_images")
    .columns(["request_id", "position"])
    .execute();

  await db.schema
    .createTable("maintenance_documents")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("request_id", "integer", (c) => c.notNull().references("maintenance_requests.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("uploaded_by_name", "text", (c) => c.notNull())
    .addColumn("uploaded_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("maintenance_documents_request")
    .on("maintenance_documents")
    .columns(["request_id", "uploaded_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["maintenance_documents", "maintenance_images", "maintenance_requests", "contracts", "clients"])
    await db.schema.dropTable(t).execute();
}
