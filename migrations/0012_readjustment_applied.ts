import { type Kysely } from "kysely";

// A readjustment is made (and the tenant told) 30 days before the anniversary
// and applied on it (docs/decisions/0041-readjustment.md): applied_at records
// that the rent and the unpaid billings changed, so that the job never applies
// twice nor undoes a rent staff edited later; attempts and last_error keep the
// tenant's email retried hourly like the billing notices, up to a limit.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("readjustments").addColumn("applied_at", "text").execute();
  await db.schema
    .alterTable("readjustments")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("readjustments").addColumn("last_error", "text").execute();
}
