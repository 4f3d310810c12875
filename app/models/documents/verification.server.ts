import type { Kysely } from "kysely";
import type { Database, IssuedDocumentKind } from "#app/db/schema";

// What the public page /verificar/{código} says of a document (issue 38,
// docs/decisions/0079-verifiable-documents.md): only to whoever has the code,
// only what identifies the document, and whether a file is it, byte for byte.

type DB = Kysely<Database>;

export const DOCUMENT_KIND_LABELS: Record<IssuedDocumentKind, string> = {
  receipt: "Recibo de aluguel",
  owner_statement: "Extrato de repasse ao proprietário",
  owner_income: "Informe de rendimentos do proprietário",
  tenant_income: "Informe de aluguéis pagos",
  inspection_report: "Relatório de vistoria",
  inspection_comparison: "Comparativo de vistorias",
  addendum: "Termo aditivo ao contrato de locação",
  settlement: "Termo de encerramento da locação",
  readjustment_notice: "Aviso de reajuste do aluguel",
};

export type VersionName = "issued" | "accepted";

export async function lookupDocument(db: DB, code: string) {
  const doc = await db
    .selectFrom("issued_documents")
    .leftJoin("issued_documents as next", "next.id", "issued_documents.replaced_by_id")
    .select([
      "issued_documents.id",
      "issued_documents.code",
      "issued_documents.kind",
      "issued_documents.title",
      "issued_documents.issued_on",
      "issued_documents.parties",
      "issued_documents.amount_cents",
      "issued_documents.cancelled_at",
      "issued_documents.cancel_reason",
      "next.code as replaced_by_code",
      "next.title as replaced_by_title",
      "next.issued_on as replaced_by_issued_on",
    ])
    .where("issued_documents.code", "=", code)
    .executeTakeFirst();
  if (!doc) return null;
  const versions = await db
    .selectFrom("issued_document_files")
    .select(["version", "sha256", "created_at"])
    .where("document_id", "=", doc.id)
    .orderBy("id")
    .execute();
  const { id: _id, ...shown } = doc;
  return { ...shown, kindLabel: DOCUMENT_KIND_LABELS[doc.kind], versions };
}

export type LookedUpDocument = NonNullable<Awaited<ReturnType<typeof lookupDocument>>>;

// Which version of the document a file with this SHA-256 is, or null.
export const matchVersion = (doc: LookedUpDocument, hash: string) =>
  doc.versions.find((v) => v.sha256 === hash) ?? null;
