import { sql, type Kysely } from "kysely";

// The owner's side (issue 22; docs/decisions/0039-owners.md and the records it links).
// - owners: who receives the rent (name, CPF/CNPJ, email, phone, where the
//   transfer goes). The three owner fields of a client become owner rows
//   here, one per distinct email (else name), nothing lost; the columns go.
// - clients (the contract): its owner, the administration fee and the
//   first-rent fee in basis points (10% = 1000; 100% = 10000), the yearly
//   readjustment index (or none) and whether a negative index lowers the rent.
// - index_values: the monthly rate of each index (IGPM, IPCA, INPC, IGPDI)
//   in parts per million (0,52% = 5200), typed or imported from the Central
//   Bank's SGS export.
// - readjustments: each yearly readjustment of a contract, as history.
// - owner_statements: the final, numbered "Extrato do Proprietário" of an
//   owner's month, made when staff mark the transfer done, kept as a PDF and
//   emailed to the owner (attempts kept for retries).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("owners")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("cpf_cnpj", "text")
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("pix_key", "text")
    .addColumn("bank_account", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable("clients")
    .addColumn("owner_id", "integer", (c) => c.references("owners.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("clients")
    .addColumn("admin_fee_bp", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1000)
        .check(sql`admin_fee_bp between 0 and 10000`),
    )
    .execute();
  await db.schema
    .alterTable("clients")
    .addColumn("first_rent_fee_bp", "integer", (c) =>
      c
        .notNull()
        .defaultTo(10000)
        .check(sql`first_rent_fee_bp between 0 and 10000`),
    )
    .execute();
  await db.schema
    .alterTable("clients")
    .addColumn("readjustment_index", "text", (c) =>
      c.check(sql`readjustment_index is null or readjustment_index in ('IGPM', 'IPCA', 'INPC', 'IGPDI')`),
    )
    .execute();
  await db.schema
    .alterTable("clients")
    .addColumn("readjustment_lowers", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`readjustment_lowers in (0, 1)`),
    )
    .execute();

  // Each client's owner fields become an owner row: one per email (any case),
  // else one per name when there is no email.
  const rows = await db
    .selectFrom("clients")
    .select(["id", "owner_name", "owner_email", "owner_phone"])
    .where((eb) => eb.or([eb("owner_name", "is not", null), eb("owner_email", "is not", null)]))
    .orderBy("id")
    .execute();
  const now = new Date().toISOString();
  const byKey = new Map<string, number>();
  for (const r of rows as {
    id: number;
    owner_name: string | null;
    owner_email: string | null;
    owner_phone: string | null;
  }[]) {
    const email = r.owner_email?.trim() || null;
    const name = r.owner_name?.trim() || email || "Proprietário";
    const key = email ? `e:${email.toLowerCase()}` : `n:${name.toLowerCase()}`;
    let ownerId = byKey.get(key);
    if (ownerId === undefined) {
      const created = await db
        .insertInto("owners")
        .values({ name, email, phone: r.owner_phone?.trim() || null, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      ownerId = created.id as number;
      byKey.set(key, ownerId);
    }
    await db.updateTable("clients").set({ owner_id: ownerId }).where("id", "=", r.id).execute();
  }
  await db.schema.alterTable("clients").dropColumn("owner_name").execute();
  await db.schema.alterTable("clients").dropColumn("owner_email").execute();
  await db.schema.alterTable("clients").dropColumn("owner_phone").execute();
  await db.schema.createIndex("clients_owner").on("clients").column("owner_id").execute();

  await db.schema
    .createTable("index_values")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("index_code", "text", (c) => c.notNull().check(sql`index_code in ('IGPM', 'IPCA', 'INPC', 'IGPDI')`))
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("rate_ppm", "integer", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().check(sql`source in ('manual', 'sgs')`))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("index_values_month", ["index_code", "month"])
    .execute();

  await db.schema
    .createTable("readjustments")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    .addColumn("anniversary", "text", (c) => c.notNull())
    .addColumn("index_code", "text", (c) => c.notNull())
    .addColumn("first_month", "text", (c) => c.notNull())
    .addColumn("last_month", "text", (c) => c.notNull())
    .addColumn("accumulated_ppm", "integer", (c) => c.notNull())
    .addColumn("old_rent", "integer", (c) => c.notNull())
    .addColumn("new_rent", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("notified_at", "text")
    .addUniqueConstraint("readjustments_once", ["client_id", "anniversary"])
    .execute();

  await db.schema
    .createTable("owner_statements")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("owner_id", "integer", (c) => c.notNull().references("owners.id").onDelete("restrict"))
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("gross_cents", "integer", (c) => c.notNull())
    .addColumn("charges_cents", "integer", (c) => c.notNull())
    .addColumn("admin_fee_cents", "integer", (c) => c.notNull())
    .addColumn("first_rent_fee_cents", "integer", (c) => c.notNull())
    .addColumn("net_cents", "integer", (c) => c.notNull())
    .addColumn("items", "text", (c) => c.notNull())
    .addColumn("transferred_on", "text", (c) => c.notNull())
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("mime_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addUniqueConstraint("owner_statements_month", ["owner_id", "month"])
    .execute();
}
