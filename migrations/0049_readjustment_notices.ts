import type { Kysely } from "kysely";

// The tenant's readjustment notice as a document (issue 38,
// docs/decisions/0080-document-acceptance.md): the "Aviso de Reajuste" PDF
// drawn when the readjustment row is made, kept as a private file, registered
// (issued_documents, kind 'readjustment_notice') and accepted like a Termo.
// NULL: a row made before notices were drawn, announced by email alone.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("readjustments").addColumn("notice_key", "text").execute();
  await db.schema.alterTable("readjustments").addColumn("notice_size", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("readjustments").dropColumn("notice_size").execute();
  await db.schema.alterTable("readjustments").dropColumn("notice_key").execute();
}
