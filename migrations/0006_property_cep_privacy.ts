import { sql, type Kysely } from "kysely";

// Issue 11, portal feed and privacy (LGPD):
// - properties.cep: the CEP the portals require in Location/PostalCode, as 8
//   digits (NULL: not given; such a property stays out of the feed);
// - on both visitor-request tables, privacy_notice_at: when the visitor sent
//   the form that showed the privacy notice (NULL for rows older than the
//   notice, or a post that did not come from our form), and anonymized_at:
//   when the personal fields were replaced (an erasure by the master, or the
//   retention period of the periodic job).
// Columns only, all nullable: adding them rewrites no row.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("properties").addColumn("cep", "text").execute();
  for (const table of ["ideal_property_requests", "property_listing_requests"]) {
    await db.schema.alterTable(table).addColumn("privacy_notice_at", "text").execute();
    await db.schema.alterTable(table).addColumn("anonymized_at", "text").execute();
  }
  // The retention job looks for old rows not yet anonymised.
  await db.schema
    .createIndex("ideal_requests_retention")
    .on("ideal_property_requests")
    .columns(["anonymized_at", "created_at"])
    .execute();
  await db.schema
    .createIndex("listing_requests_retention")
    .on("property_listing_requests")
    .columns(["anonymized_at", "created_at"])
    .execute();
  // Export and erasure look requests and clients up by email, whatever its case.
  await db.schema
    .createIndex("ideal_requests_email")
    .on("ideal_property_requests")
    .expression(sql`lower(email)`)
    .execute();
  await db.schema
    .createIndex("listing_requests_email")
    .on("property_listing_requests")
    .expression(sql`lower(email)`)
    .execute();
  await db.schema
    .createIndex("clients_email")
    .on("clients")
    .expression(sql`lower(email)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "ideal_requests_retention",
    "listing_requests_retention",
    "ideal_requests_email",
    "listing_requests_email",
    "clients_email",
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const table of ["ideal_property_requests", "property_listing_requests"]) {
    await db.schema.alterTable(table).dropColumn("anonymized_at").execute();
    await db.schema.alterTable(table).dropColumn("privacy_notice_at").execute();
  }
  await db.schema.alterTable("properties").dropColumn("cep").execute();
}
