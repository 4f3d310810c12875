import { sql, type Kysely } from "kysely";
import { IRRF_TABLE_SEEDS } from "./seeds/irrf-tables";

// Income tax withheld on rent (issue 36, docs/decisions/0074-irrf-withholding.md).
//
// - irrf_tables: the monthly progressive tables as data, each valid from a day
//   (to a day, or open), with the art. 3º-A reduction (NULL before 2026), the
//   simplified discount's share of the zero band, and the source.
// - billing_withholdings: what a company tenant withholds from a person
//   owner's share of a billing's rent, one row per owner, written with the
//   ledger discount (method 'irrf') that takes it off what the tenant pays.
//   Never changed: a new rent reverses that discount and writes new rows; a
//   row is in force while its entry is not reversed (as rent_charges).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("irrf_tables")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("valid_from", "text", (c) => c.notNull().unique())
    .addColumn("valid_until", "text")
    .addColumn("bands", "text", (c) => c.notNull())
    .addColumn("reduction", "text")
    .addColumn("simplified_discount_bp", "integer", (c) =>
      c.notNull().check(sql`simplified_discount_bp between 0 and 10000`),
    )
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  for (const t of IRRF_TABLE_SEEDS)
    await db
      .insertInto("irrf_tables")
      .values({
        valid_from: t.valid_from,
        valid_until: t.valid_until,
        bands: JSON.stringify(t.bands),
        reduction: t.reduction === null ? null : JSON.stringify(t.reduction),
        simplified_discount_bp: t.simplified_discount_bp,
        source: t.source,
        created_at: now,
      })
      .execute();

  await db.schema
    .createTable("billing_withholdings")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("billing_id", "integer", (c) => c.notNull().references("billing.id").onDelete("cascade"))
    .addColumn("owner_id", "integer", (c) => c.references("owners.id").onDelete("set null"))
    .addColumn("entry_id", "integer", (c) => c.notNull().references("ledger_entries.id").onDelete("cascade"))
    .addColumn("table_id", "integer", (c) => c.notNull().references("irrf_tables.id"))
    .addColumn("income_cents", "integer", (c) => c.notNull())
    .addColumn("base_cents", "integer", (c) => c.notNull())
    .addColumn("irrf_cents", "integer", (c) => c.notNull().check(sql`irrf_cents > 0`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`create index billing_withholdings_billing on billing_withholdings (billing_id, owner_id)`.execute(db);
  await sql`create index billing_withholdings_entry on billing_withholdings (entry_id)`.execute(db);
}
