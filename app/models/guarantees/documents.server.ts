import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { storeDocument, uploadedBy } from "#app/models/files/documents.server";

// A guarantee's documents (issue 36, decision 0075): stored as the contract
// files are (storeDocument: the type judged by content, the file removed when
// its row is not written), listed on "Garantia do contrato" and in the
// tenant's Contrato tab, deleted one by one by staff with their audit row.

type DB = Kysely<Database>;

export const GUARANTEE_DOCUMENT_KINDS = ["pdf", "jpg", "png"] as const;

export async function createGuaranteeDocument(
  db: DB,
  input: { clientId: number; fileName: string; bytes: Uint8Array },
  actor: AuditActor,
) {
  return storeDocument(db, input, {
    kinds: GUARANTEE_DOCUMENT_KINDS,
    fallbackName: "garantia",
    owner: { table: "clients", id: input.clientId, missing: "client" },
    insert: async (trx, file) => {
      const values = { client_id: input.clientId, ...file, uploaded_by_id: actor?.id ?? null, ...uploadedBy(actor) };
      return (await trx.insertInto("guarantee_documents").values(values).returning("id").executeTakeFirstOrThrow()).id;
    },
    audit: { actor, entity: "guarantee_document", owner: { client_id: input.clientId } },
  });
}

// A contract's guarantee documents, newest first (a handful a contract).
export async function guaranteeDocuments(db: DB, clientId: number) {
  return db
    .selectFrom("guarantee_documents")
    .select(["id", "file_name", "mime_type", "size", "uploaded_by_name", "uploaded_at"])
    .where("client_id", "=", clientId)
    .orderBy("id", "desc")
    .execute();
}

export async function getGuaranteeDocument(db: DB, id: number) {
  return (
    (await db
      .selectFrom("guarantee_documents")
      .innerJoin("clients", "clients.id", "guarantee_documents.client_id")
      .select([
        "guarantee_documents.id",
        "guarantee_documents.client_id",
        "guarantee_documents.file_name",
        "guarantee_documents.uploaded_at",
        "guarantee_documents.uploaded_by_name",
        "clients.name as client_name",
      ])
      .where("guarantee_documents.id", "=", id)
      .executeTakeFirst()) ?? null
  );
}

// The row and its audit row in one transaction; the file key to remove after
// the commit. null: no such document.
export async function deleteGuaranteeDocument(db: DB, id: number, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("guarantee_documents")
      .select(["client_id", "file_name", "file_key", "mime_type", "size"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return null;
    await trx.deleteFrom("guarantee_documents").where("id", "=", id).execute();
    const { file_key, ...shown } = before;
    await recordAudit(trx, { actor, action: "delete", entity: "guarantee_document", entityId: id, before: shown });
    return { fileName: before.file_name, fileKey: file_key };
  });
}
