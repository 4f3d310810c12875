import { createHash, randomInt } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database, IssuedDocumentKind } from "#app/db/schema";
import { absoluteUrl } from "#app/utils/env.server";
import { ALPHABET, CODE_LENGTH } from "./codes";

export { formatDocumentCode, normalizeDocumentCode } from "./codes";

// The register of the documents the app issues (issue 38,
// docs/decisions/0079-verifiable-documents.md). Each PDF is drawn with a code
// and a QR to /verificar/{code}; once its bytes exist, the row and the
// SHA-256 of those bytes are written in the transaction that keeps the file.

type DB = Kysely<Database> | Transaction<Database>;

// A new code: CODE_LENGTH symbols of the alphabet (codes.ts), from the
// system's cryptographic generator.
export function newDocumentCode() {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export type Verification = { code: string; url: string };

// The code a document about to be drawn will carry, and where it is checked.
export function newVerification(): Verification {
  const code = newDocumentCode();
  return { code, url: absoluteUrl(`/verificar/${code}`) };
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

// The first name of each party, as the public page shows them: enough to
// recognise the document, not to learn who rents what.
export function firstNames(names: readonly (string | null | undefined)[]) {
  return [...new Set(names.map((n) => (n ?? "").trim().split(/\s+/)[0]).filter(Boolean))].join(", ");
}

export type IssuedDocument = {
  kind: IssuedDocumentKind;
  refId: number;
  title: string;
  issuedOn: string;
  parties: string;
  amountCents?: number | null;
};

// Writes the document under its code with the hash of the bytes issued.
export async function registerDocument(db: DB, verification: Verification, doc: IssuedDocument, bytes: Uint8Array) {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto("issued_documents")
    .values({
      code: verification.code,
      kind: doc.kind,
      ref_id: doc.refId,
      title: doc.title,
      issued_on: doc.issuedOn,
      parties: doc.parties,
      amount_cents: doc.amountCents ?? null,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("issued_document_files")
    .values({ document_id: id, sha256: sha256(bytes), version: "issued", created_at: now })
    .execute();
  return id;
}

// Another version of a document's bytes (the acceptance record appended):
// the same code confirms it, the version it is said.
export async function addDocumentVersion(db: DB, documentId: number, bytes: Uint8Array, version: "accepted") {
  await db
    .insertInto("issued_document_files")
    .values({ document_id: documentId, sha256: sha256(bytes), version, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function documentOf(db: DB, kind: IssuedDocumentKind, refId: number) {
  return db
    .selectFrom("issued_documents")
    .selectAll()
    .where("kind", "=", kind)
    .where("ref_id", "=", refId)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

// A receipt voided: the page says so, with the reason.
export async function cancelDocuments(db: DB, kind: IssuedDocumentKind, refIds: number[], reason: string, at: string) {
  if (refIds.length === 0) return;
  await db
    .updateTable("issued_documents")
    .set({ cancelled_at: at, cancel_reason: reason })
    .where("kind", "=", kind)
    .where("ref_id", "in", refIds)
    .where("cancelled_at", "is", null)
    .execute();
}

// A document superseded by a later one (a corrected inspection's report).
export async function replaceDocument(db: DB, kind: IssuedDocumentKind, oldRefId: number, newDocumentId: number) {
  await db
    .updateTable("issued_documents")
    .set({ replaced_by_id: newDocumentId })
    .where("kind", "=", kind)
    .where("ref_id", "=", oldRefId)
    .where("id", "!=", newDocumentId)
    .where("replaced_by_id", "is", null)
    .execute();
}
