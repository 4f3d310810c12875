import fs from "node:fs/promises";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit } from "#app/models/audit/audit.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { privateFilePath, removePrivateFiles, storePrivateFile } from "#app/models/files/private-store.server";
import { absoluteUrl } from "#app/utils/env.server";
import { contestsInWords } from "#app/models/inspections/contests.server";
import { appendAcceptanceRecord } from "./acceptance-pdf.server";
import { addDocumentVersion, sha256 } from "./registry.server";

// The tenant's acceptance of a document the agency issued (issue 38,
// docs/decisions/0080-document-acceptance.md): an entry or exit inspection's
// report, a Termo Aditivo, a Termo de Encerramento, an Aviso de Reajuste.
// Once per document: the record of who, when, from where, and the hash of
// the exact file; the document's new version with the "Registro de aceite"
// page, which its file route serves from then on.

type DB = Kysely<Database>;

export const ACCEPTABLE_KINDS = ["inspection_report", "addendum", "settlement", "readjustment_notice"] as const;
export type AcceptableKind = (typeof ACCEPTABLE_KINDS)[number];

// The registered document `documentId` when it is one of the lease's own
// acceptable documents, with the stored file as issued; else null.
export async function leaseDocument(db: DB | Transaction<Database>, clientId: number, documentId: number) {
  const doc = await db
    .selectFrom("issued_documents")
    .leftJoin("inspections", (j) =>
      j
        .onRef("inspections.id", "=", "issued_documents.ref_id")
        .on("issued_documents.kind", "=", "inspection_report")
        .on("inspections.client_id", "=", clientId),
    )
    .leftJoin("lease_versions", (j) =>
      j
        .onRef("lease_versions.id", "=", "issued_documents.ref_id")
        .on("issued_documents.kind", "=", "addendum")
        .on("lease_versions.client_id", "=", clientId),
    )
    .leftJoin("lease_settlements", (j) =>
      j
        .onRef("lease_settlements.id", "=", "issued_documents.ref_id")
        .on("issued_documents.kind", "=", "settlement")
        .on("lease_settlements.client_id", "=", clientId),
    )
    .leftJoin("readjustments", (j) =>
      j
        .onRef("readjustments.id", "=", "issued_documents.ref_id")
        .on("issued_documents.kind", "=", "readjustment_notice")
        .on("readjustments.client_id", "=", clientId),
    )
    .leftJoin("document_acceptances", "document_acceptances.document_id", "issued_documents.id")
    .select((eb) => [
      "issued_documents.id",
      "issued_documents.code",
      "issued_documents.kind",
      "issued_documents.ref_id",
      "issued_documents.title",
      "issued_documents.issued_on",
      "issued_documents.cancelled_at",
      "issued_documents.replaced_by_id",
      eb.fn
        .coalesce(
          "inspections.report_key",
          "lease_versions.file_key",
          "lease_settlements.file_key",
          "readjustments.notice_key",
        )
        .as("issued_key"),
      "inspections.kind as inspection_kind",
      "inspections.finalized_at",
      "document_acceptances.kind as accepted_kind",
      "document_acceptances.accepted_at",
      "document_acceptances.accepter_name",
    ])
    .where("issued_documents.id", "=", documentId)
    .where("issued_documents.kind", "in", ACCEPTABLE_KINDS)
    .executeTakeFirst();
  return doc && doc.issued_key ? { ...doc, issued_key: doc.issued_key } : null;
}

export type LeaseDocument = NonNullable<Awaited<ReturnType<typeof leaseDocument>>>;

// Each of `refIds`' registered document (of a kind) and its acceptance, by
// ref id: the client area's "Ler e aceitar" or "Aceito em".
export type DocumentState = { id: number; accepted: { kind: "express" | "tacit"; at: string } | null };
export async function documentStates(db: DB, kind: AcceptableKind, refIds: number[]) {
  if (refIds.length === 0) return new Map<number, DocumentState>();
  const rows = await db
    .selectFrom("issued_documents")
    .leftJoin("document_acceptances", "document_acceptances.document_id", "issued_documents.id")
    .select([
      "issued_documents.id",
      "issued_documents.ref_id",
      "document_acceptances.kind as accepted_kind",
      "document_acceptances.accepted_at",
    ])
    .where("issued_documents.kind", "=", kind)
    .where("issued_documents.ref_id", "in", refIds)
    .execute();
  return new Map<number, DocumentState>(
    rows.map((r) => [
      r.ref_id,
      { id: r.id, accepted: r.accepted_kind ? { kind: r.accepted_kind, at: r.accepted_at! } : null },
    ]),
  );
}

// The version of a document's file to serve: the accepted one once there is one.
export async function acceptedFileKey(db: DB, kind: AcceptableKind, refId: number) {
  const row = await db
    .selectFrom("document_acceptances")
    .innerJoin("issued_documents", "issued_documents.id", "document_acceptances.document_id")
    .select("document_acceptances.file_key")
    .where("issued_documents.kind", "=", kind)
    .where("issued_documents.ref_id", "=", refId)
    .orderBy("issued_documents.id", "desc")
    .executeTakeFirst();
  return row?.file_key ?? null;
}

export type AcceptOutcome = "ok" | "missing" | "already" | "replaced";

type Accepter = {
  userId: number | null;
  name: string;
  cpfCnpj: string | null;
  username: string | null;
  ip: string | null;
  userAgent: string | null;
};

// Records the acceptance of `doc` (express: by the tenant, now; tacit: the
// window closed on `tacitAfter`) and stores its new version. Posted twice or
// raced, one acceptance (the unique document_id); the loser's file goes.
export async function recordAcceptance(
  db: DB,
  doc: LeaseDocument,
  accepter: Accepter,
  at: Date,
  tacitAfter: string | null = null,
): Promise<AcceptOutcome> {
  if (doc.accepted_kind) return "already";
  if (doc.cancelled_at || doc.replaced_by_id) return "replaced";
  const issued = await fs.readFile(privateFilePath(doc.issued_key));
  const acceptedSha256 = sha256(issued);
  const pdf = await appendAcceptanceRecord(issued, {
    agency: pdfAgency(),
    verification: { code: doc.code, url: absoluteUrl(`/verificar/${doc.code}`) },
    title: doc.title,
    issuedOn: doc.issued_on,
    acceptedSha256,
    accepter: { name: accepter.name, cpfCnpj: accepter.cpfCnpj, username: accepter.username },
    acceptedAt: at,
    ip: accepter.ip,
    userAgent: accepter.userAgent,
    tacitAfter,
    contests: doc.kind === "inspection_report" ? await contestsInWords(db, doc.ref_id) : [],
  });
  const key = await storePrivateFile(pdf, ".pdf");
  try {
    const done = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("document_acceptances")
        .values({
          document_id: doc.id,
          kind: tacitAfter ? "tacit" : "express",
          user_id: accepter.userId,
          accepter_name: accepter.name,
          accepted_at: at.toISOString(),
          ip: accepter.ip,
          user_agent: accepter.userAgent,
          accepted_sha256: acceptedSha256,
          file_key: key,
          size: pdf.byteLength,
        })
        .onConflict((oc) => oc.column("document_id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!row) return false;
      await addDocumentVersion(trx, doc.id, pdf, "accepted");
      await recordAudit(trx, {
        actor: accepter.userId ? { id: accepter.userId, name: accepter.name } : null,
        action: "create",
        entity: "document_acceptance",
        entityId: row.id,
        after: { document: doc.title, kind: tacitAfter ? "tacit" : "express", sha256: acceptedSha256, ip: accepter.ip },
      });
      return true;
    });
    if (!done) {
      await removePrivateFiles([key]);
      return "already";
    }
    return "ok";
  } catch (error) {
    await removePrivateFiles([key]);
    throw error;
  }
}

const FILE_ROUTES: Record<AcceptableKind, string> = {
  inspection_report: "/arquivos/vistorias/relatorios",
  addendum: "/arquivos/aditivos",
  settlement: "/arquivos/termos-encerramento",
  readjustment_notice: "/arquivos/reajustes",
};

// What the acceptance page shows besides the document: where its file is
// read, and the hash of the version the tenant is asked to accept.
export async function acceptanceFacts(db: DB, doc: LeaseDocument) {
  const issued = await db
    .selectFrom("issued_document_files")
    .select("sha256")
    .where("document_id", "=", doc.id)
    .where("version", "=", "issued")
    .executeTakeFirstOrThrow();
  return { fileHref: `${FILE_ROUTES[doc.kind as AcceptableKind]}/${doc.ref_id}`, sha256: issued.sha256 };
}
