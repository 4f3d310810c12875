import type { Kysely, Transaction } from "kysely";
import type { Database, PrivateFileColumns } from "#app/db/schema";
import { recordAudit, SYSTEM_ACTOR_NAME, type AuditActor } from "#app/models/audit/audit.server";
import type { AuditEntity } from "#app/models/audit/labels";
import { documentTypeOf, type DocumentKind } from "#app/utils/uploads.server";
import { storedFileName, storeWithRow } from "./private-store.server";

// The one way an uploaded document becomes a private file with its row
// (contracts, maintenance documents, attached boletos, boleto drafts;
// docs/decisions/0024-private-files.md): its type judged by content, the
// person's file name kept readable, the bytes stored under a random key, then
// the row and its audit entry written in one transaction. A refused type
// writes nothing; when the row it belongs to is gone (deleted meanwhile), or
// the write fails, no file is left behind.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

export type DocumentSpec<Missing extends string> = {
  /** The types the file may be, judged by its bytes. */
  kinds: readonly DocumentKind[];
  /** The name's base when the person's file name leaves nothing ("contrato" gives "contrato.pdf"). */
  fallbackName: string;
  /** The row the document belongs to, and the refusal when it is gone. */
  owner: { table: "clients" | "maintenance_requests" | "billing"; id: number; missing: Missing };
  /** Writes the document's row; returns its id. */
  insert: (trx: Trx, file: PrivateFileColumns) => Promise<number>;
  /** The audit entry's entity and the column naming the owner ({ client_id }); none for a row that is not yet a staff write (a boleto draft). */
  audit?: { actor: AuditActor; entity: AuditEntity; owner: Record<string, number> };
};

export async function storeDocument<Missing extends string>(
  db: DB,
  upload: { fileName: string; bytes: Uint8Array },
  spec: DocumentSpec<Missing>,
): Promise<{ ok: true; id: number } | { ok: false; reason: "type" | Missing }> {
  const type = await documentTypeOf(upload.bytes, spec.kinds);
  if (!type) return { ok: false, reason: "type" };
  const described = {
    file_name: storedFileName(upload.fileName, type, spec.fallbackName),
    mime_type: type.mime,
    size: upload.bytes.byteLength,
  };
  const id = await storeWithRow(upload.bytes, type.ext, (file_key) =>
    db.transaction().execute(async (trx) => {
      const owner = await trx
        .selectFrom(spec.owner.table)
        .select("id")
        .where("id", "=", spec.owner.id)
        .executeTakeFirst();
      if (!owner) return null;
      const id = await spec.insert(trx, { ...described, file_key });
      if (spec.audit) {
        const { actor, entity, owner: ownerColumn } = spec.audit;
        await recordAudit(trx, {
          actor,
          action: "create",
          entity,
          entityId: id,
          after: { ...ownerColumn, ...described },
        });
      }
      return id;
    }),
  );
  return id === null ? { ok: false, reason: spec.owner.missing } : { ok: true, id };
}

// Who sent a document and when, as the documents' rows keep it.
export function uploadedBy(actor: AuditActor) {
  return { uploaded_by_name: actor?.name ?? SYSTEM_ACTOR_NAME, uploaded_at: new Date().toISOString() };
}
