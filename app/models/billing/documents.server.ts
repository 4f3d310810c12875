import type { Kysely, Transaction } from "kysely";
import type { Database, PrivateFileColumns } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { storeDocument, uploadedBy } from "#app/models/files/documents.server";

// The boletos attached to billings (docs/product.md §Cobranças and §Boletos;
// docs/decisions/0024-private-files.md): private files judged by content, each
// row written with its audit row; the boleto flow moves its queued files here.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// What a boleto attached to a billing may be, judged by content
// (docs/product.md §Boletos: .pdf .jpg .jpeg .png).
export const BILLING_DOCUMENT_KINDS = ["pdf", "jpg", "png"] as const;

export type BillingDocumentItem = { id: number; file_name: string; uploaded_at: string };

// The attached boletos of these billings, newest first.
export async function documentsOf(db: DB, billingIds: number[] | "all") {
  let q = db.selectFrom("billing_documents").select(["id", "billing_id", "file_name", "uploaded_at"]);
  if (billingIds !== "all") {
    if (billingIds.length === 0) return new Map<number, BillingDocumentItem[]>();
    q = q.where("billing_id", "in", billingIds);
  }
  const rows = await q.orderBy("uploaded_at", "desc").orderBy("id", "desc").execute();
  const byBilling = new Map<number, BillingDocumentItem[]>();
  for (const { billing_id, ...doc } of rows) {
    const list = byBilling.get(billing_id) ?? [];
    list.push(doc);
    byBilling.set(billing_id, list);
  }
  return byBilling;
}

// The one write path of an attached boleto's row, inside the caller's
// transaction, for a file already stored under `file.file_key`
// (addBillingDocument, or the boleto flow moving a queued file onto the
// billing it creates or joins). The digitable line, when the boleto flow read
// one, is stored as digits only: the unique index (migration 0009) then
// refuses the same boleto twice however it was written. The boleto flow
// checks first (match.ts, planBoletos), so the index is the last guard.
export async function insertBillingDocumentRow(
  trx: Trx,
  billingId: number,
  file: PrivateFileColumns & { digitable_line?: string | null },
  actor: AuditActor,
) {
  const { file_name, file_key, mime_type, size } = file;
  const digitable_line = file.digitable_line?.replace(/\D/g, "") || null;
  const row = {
    billing_id: billingId,
    file_name,
    file_key,
    mime_type,
    size,
    digitable_line,
    uploaded_by_id: actor?.id ?? null,
    ...uploadedBy(actor),
  };
  const { id } = await trx.insertInto("billing_documents").values(row).returning("id").executeTakeFirstOrThrow();
  await recordAudit(trx, {
    actor,
    action: "create",
    entity: "billing_document",
    entityId: id,
    after: { billing_id: billingId, file_name, mime_type, size, ...(digitable_line ? { digitable_line } : {}) },
  });
  return id;
}

export type NewBillingDocument = { billingId: number; fileName: string; bytes: Uint8Array };

// Stores a boleto (PDF, JPG or PNG by content) and attaches it to a billing
// (storeDocument; insertBillingDocumentRow writes the audit row): a refused
// type writes nothing, a billing gone meanwhile leaves no file behind.
export async function addBillingDocument(
  db: DB,
  input: NewBillingDocument,
  actor: AuditActor,
): Promise<{ ok: true; id: number } | { ok: false; reason: "type" | "billing" }> {
  return storeDocument(db, input, {
    kinds: BILLING_DOCUMENT_KINDS,
    fallbackName: "boleto",
    owner: { table: "billing", id: input.billingId, missing: "billing" },
    insert: (trx, file) => insertBillingDocumentRow(trx, input.billingId, file, actor),
  });
}

// An attached boleto with its billing and client, for the delete confirmation.
export async function getBillingDocument(db: DB, id: number) {
  return (
    (await db
      .selectFrom("billing_documents")
      .innerJoin("billing", "billing.id", "billing_documents.billing_id")
      .innerJoin("clients", "clients.id", "billing.client_id")
      .select([
        "billing_documents.id",
        "billing_documents.file_name",
        "billing_documents.uploaded_at",
        "billing_documents.billing_id",
        "billing.client_id",
        "billing.month_year",
        "billing.due_date",
        "clients.name as client_name",
      ])
      .where("billing_documents.id", "=", id)
      .executeTakeFirst()) ?? null
  );
}

// Deletes the row (with its audit row) and returns the file key to remove
// after the commit; null when there is no such document.
export async function deleteBillingDocument(db: DB, id: number, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("billing_documents")
      .select(["billing_id", "file_name", "file_key", "mime_type", "size"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return null;
    await trx.deleteFrom("billing_documents").where("id", "=", id).execute();
    const { file_key, ...shown } = before;
    await recordAudit(trx, { actor, action: "delete", entity: "billing_document", entityId: id, before: shown });
    return { fileName: before.file_name, fileKey: file_key };
  });
}
