import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { storeDocument, uploadedBy } from "#app/models/files/documents.server";
import { pageOf, queryBatches } from "#app/models/shared/paging.server";
import { searchCondition } from "#app/models/shared/search.server";
import type { MaintenanceUpdateInput } from "./admin.schema";
import type { MaintenanceQuery } from "./maintenance-query";

// The admin side of maintenance requests (docs/product.md §Manutenções): the
// list with the client's name, images and documents; "Gerenciar" (status,
// priority, notes; completed stamps completed_at, any other status clears it);
// "Upload Documento" (a private file and its row). Every write runs in one
// transaction with its audit row.

type DB = Kysely<Database>;

export const MAINTENANCE_DOCUMENT_KINDS = ["pdf", "doc", "docx", "jpg", "png"] as const;

const requestColumns = [
  "maintenance_requests.id",
  "maintenance_requests.client_id",
  "clients.name as client_name",
  "maintenance_requests.title",
  "maintenance_requests.description",
  "maintenance_requests.category",
  "maintenance_requests.priority",
  "maintenance_requests.status",
  "maintenance_requests.admin_notes",
  "maintenance_requests.requested_at",
  "maintenance_requests.completed_at",
] as const;

async function withFiles<T extends { id: number }>(db: DB, requests: T[]) {
  const ids = requests.map((r) => r.id);
  if (ids.length === 0) return [];
  const images = await db
    .selectFrom("maintenance_images")
    .select(["id", "request_id"])
    .where("request_id", "in", ids)
    .orderBy("request_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const documents = await db
    .selectFrom("maintenance_documents")
    .select(["id", "request_id", "file_name", "uploaded_at", "uploaded_by_name"])
    .where("request_id", "in", ids)
    .orderBy("uploaded_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return requests.map((r) => ({
    ...r,
    images: images.filter((i) => i.request_id === r.id).map((i) => ({ id: i.id })),
    documents: documents.filter((d) => d.request_id === r.id).map(({ request_id: _r, ...d }) => d),
  }));
}

// Urgent first, then high, medium, low (an unknown value last).
const PRIORITY_RANK = sql`case maintenance_requests.priority when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 when 'low' then 3 else 4 end`;

// "Gestão de Manutenções" (docs/product.md §Manutenções): the requests,
// newest first (or by priority, urgent first), with the client; ?busca= finds
// the title or the client (name, CPF/CNPJ, email, address), ?situacao=,
// ?prioridade= and ?categoria= filter (maintenance-query.ts).
function maintenanceList(db: DB, q: MaintenanceQuery) {
  let filtered = db
    .selectFrom("maintenance_requests")
    .innerJoin("clients", "clients.id", "maintenance_requests.client_id");
  if (q.status) filtered = filtered.where("maintenance_requests.status", "=", q.status);
  if (q.priority) filtered = filtered.where("maintenance_requests.priority", "=", q.priority);
  if (q.category) filtered = filtered.where("maintenance_requests.category", "=", q.category);
  const found = searchCondition(q.search, {
    text: ["maintenance_requests.title", "clients.name", "clients.email", "clients.property_address"],
    documents: ["clients.cpf_cnpj"],
  });
  if (found) filtered = filtered.where(found);
  const ordered = (query: typeof filtered) => {
    const rows = query.select(requestColumns);
    const newest = (r: typeof rows) =>
      r.orderBy("maintenance_requests.requested_at", "desc").orderBy("maintenance_requests.id", "desc");
    return q.sort === "prioridade" ? newest(rows.orderBy(PRIORITY_RANK)) : newest(rows);
  };
  return { filtered, ordered };
}

// One page of the list, with its requests' images and documents (read for
// the page's requests only).
export async function listMaintenanceRequests(db: DB, q: MaintenanceQuery) {
  const { filtered, ordered } = maintenanceList(db, q);
  const page = await pageOf(filtered, q.page, ordered);
  return { ...page, rows: await withFiles(db, page.rows) };
}

// Every request of the list, batch by batch (Exportar CSV), with its images
// and documents as the page lists them.
export async function* maintenanceExportBatches(db: DB, q: MaintenanceQuery) {
  const { filtered, ordered } = maintenanceList(db, q);
  for await (const rows of queryBatches(ordered(filtered))) yield await withFiles(db, rows);
}
export type MaintenanceRequestRow = Awaited<ReturnType<typeof listMaintenanceRequests>>["rows"][number];

export async function getMaintenanceRequest(db: DB, id: number) {
  const request = await db
    .selectFrom("maintenance_requests")
    .innerJoin("clients", "clients.id", "maintenance_requests.client_id")
    .select(requestColumns)
    .where("maintenance_requests.id", "=", id)
    .executeTakeFirst();
  return request ? (await withFiles(db, [request]))[0] : null;
}

// The requests the document form offers: newest first, with the client.
export async function listRequestChoices(db: DB) {
  return db
    .selectFrom("maintenance_requests")
    .innerJoin("clients", "clients.id", "maintenance_requests.client_id")
    .select(["maintenance_requests.id", "maintenance_requests.title", "clients.name as client_name"])
    .orderBy("maintenance_requests.requested_at", "desc")
    .orderBy("maintenance_requests.id", "desc")
    .execute();
}

// "Gerenciar": completed stamps completed_at (kept when it was completed
// already), any other status clears it. null: no such request.
export async function updateMaintenanceRequest(db: DB, id: number, input: MaintenanceUpdateInput, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("maintenance_requests")
      .select(["title", "status", "priority", "admin_notes", "completed_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return null;
    const now = new Date().toISOString();
    const completed_at =
      input.status === "completed"
        ? before.status === "completed" && before.completed_at
          ? before.completed_at
          : now
        : null;
    const after = {
      status: input.status,
      priority: input.priority,
      admin_notes: input.admin_notes ?? null,
      completed_at,
    };
    await trx
      .updateTable("maintenance_requests")
      .set({ ...after, updated_at: now })
      .where("id", "=", id)
      .execute();
    const { title, ...old } = before;
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "maintenance_request",
      entityId: id,
      before: old,
      after,
    });
    return { title, ...after };
  });
}

export type NewMaintenanceDocument = { requestId: number; fileName: string; bytes: Uint8Array };

// Stores the document and writes its row with the audit row (storeDocument):
// a refused type writes nothing, a request gone meanwhile leaves no file behind.
export async function addMaintenanceDocument(
  db: DB,
  input: NewMaintenanceDocument,
  actor: AuditActor,
): Promise<{ ok: true; id: number } | { ok: false; reason: "type" | "request" }> {
  return storeDocument(db, input, {
    kinds: MAINTENANCE_DOCUMENT_KINDS,
    fallbackName: "documento",
    owner: { table: "maintenance_requests", id: input.requestId, missing: "request" },
    insert: async (trx, file) => {
      const values = { request_id: input.requestId, ...file, ...uploadedBy(actor) };
      return (await trx.insertInto("maintenance_documents").values(values).returning("id").executeTakeFirstOrThrow())
        .id;
    },
    audit: { actor, entity: "maintenance_document", owner: { request_id: input.requestId } },
  });
}
