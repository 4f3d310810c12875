import type { Kysely } from "kysely";

// Nothing fiscal is deleted (issue 35, docs/decisions/0062-nothing-fiscal-deleted.md):
// a contract with money history is ended, never deleted. ended_on is the
// agency's day the contract ended ("Encerrar contrato": no billing for a month
// after it, no readjustment after it) and ended_reason staff's optional words;
// both NULL again when it is reopened. personal_data_erased_at: the LGPD
// erasure removed the person's contact data, login and non-fiscal records and
// kept the fiscal ones (LGPD art. 16, I). No index: clients are a few thousand
// rows and every filter on these columns is a residual term of a list's scan.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("clients").addColumn("ended_on", "text").execute();
  await db.schema.alterTable("clients").addColumn("ended_reason", "text").execute();
  await db.schema.alterTable("clients").addColumn("personal_data_erased_at", "text").execute();
}
