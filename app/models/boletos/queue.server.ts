import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { BILLING_DOCUMENT_KINDS, insertBillingDocumentRow, insertBillingRow } from "#app/models/billing/billing.server";
import { storeDocument } from "#app/models/files/documents.server";
import { isProcessable } from "./display";

// The boleto flow's rows (docs/product.md §Boletos,
// docs/decisions/0015-boleto-flow.md): an analysed boleto is stored at once,
// file and row, as a draft the admin reviews; "Confirmar e Criar Cobrança"
// moves it to the awaiting list (confirmed_at); "Processar N Boletos" turns
// every awaiting boleto with a month, a due date and an amount into a pending billing with
// the file attached, in one transaction. Rows, not memory: a reload or another
// admin sees the same list.

type DB = Kysely<Database>;

export type BoletoValues = { due_date: string | null; amount_cents: number | null; month_year: string | null };
export type BoletoReadingValues = BoletoValues & { digitable_line: string | null; source: string | null };

// Drafts older than this are left behind (the admin closed the tab): the
// housekeeping job removes them with their files.
export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

const queuedColumns = [
  "boleto_queue.id",
  "boleto_queue.client_id",
  "clients.name as client_name",
  "boleto_queue.file_name",
  "boleto_queue.mime_type",
  "boleto_queue.size",
  "boleto_queue.due_date",
  "boleto_queue.amount_cents",
  "boleto_queue.month_year",
  "boleto_queue.digitable_line",
  "boleto_queue.source",
  "boleto_queue.created_at",
  "boleto_queue.confirmed_at",
] as const;

export type NewBoletoDraft = { clientId: number; fileName: string; bytes: Uint8Array; reading: BoletoReadingValues };

// Stores an analysed boleto as a draft (storeDocument; a draft is not yet an
// event worth an audit row: confirming it is). A refused type writes nothing;
// a client gone meanwhile leaves no file behind.
export async function createBoletoDraft(
  db: DB,
  input: NewBoletoDraft,
  actor: AuditActor,
): Promise<{ ok: true; id: number } | { ok: false; reason: "type" | "client" }> {
  return storeDocument(db, input, {
    kinds: BILLING_DOCUMENT_KINDS,
    fallbackName: "boleto",
    owner: { table: "clients", id: input.clientId, missing: "client" },
    insert: async (trx, file) => {
      const values = {
        client_id: input.clientId,
        ...file,
        ...input.reading,
        created_by_id: actor?.id ?? null,
        created_at: new Date().toISOString(),
        confirmed_at: null,
      };
      return (await trx.insertInto("boleto_queue").values(values).returning("id").executeTakeFirstOrThrow()).id;
    },
  });
}

export async function getQueuedBoleto(db: DB, id: number) {
  return (
    (await db
      .selectFrom("boleto_queue")
      .innerJoin("clients", "clients.id", "boleto_queue.client_id")
      .select(queuedColumns)
      .where("boleto_queue.id", "=", id)
      .executeTakeFirst()) ?? null
  );
}
export type QueuedBoleto = NonNullable<Awaited<ReturnType<typeof getQueuedBoleto>>>;

// The awaiting list: confirmed boletos, grouped by the caller, oldest first.
export async function listAwaitingBoletos(db: DB) {
  return db
    .selectFrom("boleto_queue")
    .innerJoin("clients", "clients.id", "boleto_queue.client_id")
    .select(queuedColumns)
    .where("boleto_queue.confirmed_at", "is not", null)
    .orderBy("boleto_queue.confirmed_at")
    .orderBy("boleto_queue.id")
    .execute();
}

// "Confirmar e Criar Cobrança" with the values as the admin corrected them.
// null: no such draft (removed meanwhile, or confirmed already).
export async function confirmBoleto(db: DB, id: number, values: BoletoValues, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const updated = await trx
      .updateTable("boleto_queue")
      .set({ ...values, confirmed_at: now })
      .where("id", "=", id)
      .where("confirmed_at", "is", null)
      .returning(["file_name", "client_id"])
      .executeTakeFirst();
    if (!updated) return null;
    await recordAudit(trx, {
      actor,
      action: "create",
      entity: "queued_boleto",
      entityId: id,
      after: { ...updated, ...values },
    });
    return { ...updated, ...values };
  });
}

// Removes a draft ("Analisar Novamente") or an awaiting boleto ("Remover");
// returns the file key for the caller to delete after the commit.
export async function removeQueuedBoleto(db: DB, id: number, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("boleto_queue")
      .where("id", "=", id)
      .returning(["file_key", "file_name", "client_id", "confirmed_at"])
      .executeTakeFirst();
    if (!row) return null;
    // A draft was never on the list: its removal is not an event worth a row.
    if (row.confirmed_at) {
      await recordAudit(trx, {
        actor,
        action: "delete",
        entity: "queued_boleto",
        entityId: id,
        before: { file_name: row.file_name, client_id: row.client_id },
      });
    }
    return { fileKey: row.file_key, fileName: row.file_name, clientId: row.client_id };
  });
}

// "Processar N Boletos": every awaiting boleto with a month, a due date and
// an amount becomes a pending billing with its file
// attached as the billing's boleto (the same stored file, no copy), and
// leaves the list; all in one transaction. The others stay on the list.
export async function processAwaitingBoletos(db: DB, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const awaiting = await trx
      .selectFrom("boleto_queue")
      .selectAll()
      .where("confirmed_at", "is not", null)
      .orderBy("id")
      .execute();
    const ready = awaiting.filter(isProcessable);
    const billingIds: number[] = [];
    for (const b of ready) {
      const billingId = await insertBillingRow(
        trx,
        { client_id: b.client_id, month_year: b.month_year!, amount_cents: b.amount_cents!, due_date: b.due_date! },
        actor,
      );
      await insertBillingDocumentRow(trx, billingId, b, actor);
      await trx.deleteFrom("boleto_queue").where("id", "=", b.id).execute();
      billingIds.push(billingId);
    }
    return { created: billingIds, skipped: awaiting.length - ready.length };
  });
}

// Drafts nobody confirmed or discarded within DRAFT_LIFETIME_MS: the rows go,
// and their file keys are returned for removal.
export async function removeStaleDrafts(db: DB, now = Date.now()) {
  const cutoff = new Date(now - DRAFT_LIFETIME_MS).toISOString();
  const rows = await db
    .deleteFrom("boleto_queue")
    .where("confirmed_at", "is", null)
    .where("created_at", "<", cutoff)
    .returning("file_key")
    .execute();
  return rows.map((r) => r.file_key);
}
