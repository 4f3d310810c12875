import { acceptedFileKey, type AcceptableKind } from "#app/models/documents/acceptance.server";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { formatDateTime } from "#app/utils/format-date";
import { drawStatementPdf } from "#app/models/owners/mark-transfer.server";
import { isPdfPending } from "#app/models/owners/statement-pdf-pending";

// Who may read a private file (docs/decisions/0024-private-files.md): staff, or
// the client who owns the row (a contract's client, a maintenance request's
// client, a billing's client), or, for the few files of a lease its owner
// reads (the contract, the inspection reports, their own statements:
// decision 0077), an owner of that lease. Anything else finds nothing: the
// route answers 404, never 403, never the file name.

type DB = Kysely<Database>;

// An outside person's login ("client"): a tenant reads the files of their
// current lease (clientId) and of their earlier ones (otherLeaseIds, decision
// 0073): their own contracts, receipts and Termos stay theirs after they move.
// An owner (ownerId, decision 0077) reads the owner's files of the leases that
// name them; one login may be both. Every finder restricts any viewer that is
// not staff: a new kind of person can never skip the check.
export type FileViewer =
  { kind: "staff" } | { kind: "client"; clientId: number | null; otherLeaseIds?: number[]; ownerId?: number | null };

export function viewerLeaseIds(viewer: Extract<FileViewer, { kind: "client" }>): number[] {
  return viewer.clientId === null ? [] : [viewer.clientId, ...(viewer.otherLeaseIds ?? [])];
}

// The lease files an owner reads too: the tenant's own leases, or a lease
// that names the viewer as an owner. The column is qualified: bare, inside the
// subquery it would name lease_owners.client_id itself and match every lease.
function tenantOrOwnerOf(
  viewer: Extract<FileViewer, { kind: "client" }>,
  column: "contracts.client_id" | "inspections.client_id",
) {
  return (eb: ExpressionBuilder<Database, "contracts" | "inspections">) =>
    eb.or([
      eb(column, "in", viewerLeaseIds(viewer)),
      eb.exists(
        eb
          .selectFrom("lease_owners")
          .select("lease_owners.client_id")
          .where("lease_owners.owner_id", "=", viewer.ownerId ?? 0)
          .whereRef("lease_owners.client_id", "=", column),
      ),
    ]);
}

// stamp: lines written across every page of a PDF when it is served (a
// cancelled receipt), the stored file left as it is.
export type PrivateFile = { file_key: string; file_name: string; mime_type: string; stamp?: string[] };

// A contract's file: staff; the tenant; an owner of the lease.
export async function findContractFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db.selectFrom("contracts").select(["file_key", "file_name", "mime_type"]).where("id", "=", id);
  if (viewer.kind === "client") q = q.where(tenantOrOwnerOf(viewer, "contracts.client_id"));
  return (await q.executeTakeFirst()) ?? null;
}

// A guarantee's document (decision 0075): staff; the tenant of that contract.
export async function findGuaranteeDocumentFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db.selectFrom("guarantee_documents").select(["file_key", "file_name", "mime_type"]).where("id", "=", id);
  if (viewer.kind === "client") q = q.where("client_id", "in", viewerLeaseIds(viewer));
  return (await q.executeTakeFirst()) ?? null;
}

// Maintenance images are stored as WebP (re-encoded without EXIF); their name
// for a download is made from the request and the position.
export async function findMaintenanceImageFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db
    .selectFrom("maintenance_images")
    .innerJoin("maintenance_requests", "maintenance_requests.id", "maintenance_images.request_id")
    .select(["maintenance_images.file_key", "maintenance_images.request_id", "maintenance_images.position"])
    .where("maintenance_images.id", "=", id);
  if (viewer.kind === "client") q = q.where("maintenance_requests.client_id", "in", viewerLeaseIds(viewer));
  const row = await q.executeTakeFirst();
  if (!row) return null;
  return {
    file_key: row.file_key,
    file_name: `manutencao-${row.request_id}-${row.position + 1}.webp`,
    mime_type: "image/webp",
  };
}

export async function findMaintenanceDocumentFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db
    .selectFrom("maintenance_documents")
    .innerJoin("maintenance_requests", "maintenance_requests.id", "maintenance_documents.request_id")
    .select(["maintenance_documents.file_key", "maintenance_documents.file_name", "maintenance_documents.mime_type"])
    .where("maintenance_documents.id", "=", id);
  if (viewer.kind === "client") q = q.where("maintenance_requests.client_id", "in", viewerLeaseIds(viewer));
  return (await q.executeTakeFirst()) ?? null;
}

// A boleto attached to a billing: staff, or the client the billing is for.
export async function findBillingDocumentFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db
    .selectFrom("billing_documents")
    .innerJoin("billing", "billing.id", "billing_documents.billing_id")
    .select(["billing_documents.file_key", "billing_documents.file_name", "billing_documents.mime_type"])
    .where("billing_documents.id", "=", id);
  if (viewer.kind === "client") q = q.where("billing.client_id", "in", viewerLeaseIds(viewer));
  return (await q.executeTakeFirst()) ?? null;
}

// A boleto waiting in the boleto flow (draft or awaiting list): staff only;
// tenants see their boletos once they are attached to a billing.
export async function findQueuedBoletoFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  if (viewer.kind !== "staff") return null;
  return (
    (await db
      .selectFrom("boleto_queue")
      .select(["file_key", "file_name", "mime_type"])
      .where("id", "=", id)
      .executeTakeFirst()) ?? null
  );
}

// A rent receipt (docs/decisions/0031-charging-the-rent.md): staff, any of
// them (voided ones too, for the record); the client, only the one in force
// of their own billing.
export async function findReceiptFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db
    .selectFrom("billing_receipts")
    .innerJoin("billing", "billing.id", "billing_receipts.billing_id")
    .select([
      "billing_receipts.file_key",
      "billing_receipts.file_name",
      "billing_receipts.mime_type",
      "billing_receipts.voided_at",
      "billing_receipts.void_reason",
    ])
    .where("billing_receipts.id", "=", id);
  if (viewer.kind === "client")
    q = q.where("billing.client_id", "in", viewerLeaseIds(viewer)).where("billing_receipts.voided_at", "is", null);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const { voided_at, void_reason, ...file } = row;
  // Cancelled (an estorno, a devolução): staff read it stamped, never as if in force.
  return voided_at
    ? {
        ...file,
        stamp: [
          "CANCELADO",
          `Recibo nº ${id} cancelado em ${formatDateTime(voided_at)}.`,
          ...(void_reason ? [`Motivo: ${void_reason}`] : []),
        ],
      }
    : file;
}

// A bank statement imported for reconciliation: staff only (it lists every
// payer of the agency's account).
export async function findStatementFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  if (viewer.kind !== "staff") return null;
  return (
    (await db
      .selectFrom("statement_imports")
      .select(["file_key", "file_name", "mime_type"])
      .where("id", "=", id)
      .executeTakeFirst()) ?? null
  );
}

// An owner statement (repasse, docs/decisions/0040-owner-transfers.md): staff;
// the owner it is for, in their area (decision 0077). Never a tenant, not even
// the one whose rent it lists. Asked for before its PDF was drawn (seconds
// after the transfer), it is drawn now (mark-transfer.server.ts).
export async function findOwnerStatementFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  if (viewer.kind !== "staff" && !viewer.ownerId) return null;
  const ownerId = viewer.kind === "staff" ? null : viewer.ownerId!;
  const read = () => {
    let q = db.selectFrom("owner_statements").select(["file_key", "file_name", "mime_type"]).where("id", "=", id);
    if (ownerId !== null) q = q.where("owner_id", "=", ownerId);
    return q.executeTakeFirst();
  };
  const row = await read();
  if (!row || !isPdfPending(row.file_key)) return row ?? null;
  await drawStatementPdf(db, id);
  return (await read()) ?? null;
}

// A lease's "Termo Aditivo" (decision 0071): staff; the client, their own.
export async function findAddendumFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db.selectFrom("lease_versions").select(["file_key", "file_name", "mime_type"]).where("id", "=", id);
  if (viewer.kind === "client") q = q.where("client_id", "in", viewerLeaseIds(viewer));
  return asAccepted(db, "addendum", id, await q.executeTakeFirst());
}

// Once the tenant accepted a document (decision 0080), its file is the
// version with the "Registro de aceite" page, for everyone who may read it.
async function asAccepted(db: DB, kind: AcceptableKind, id: number, row: PrivateFile | undefined) {
  if (!row) return null;
  const accepted = await acceptedFileKey(db, kind, id);
  return accepted ? { ...row, file_key: accepted } : row;
}

// A readjustment's "Aviso de Reajuste" (decisions 0041, 0080): staff; the
// client, their own. A row made before notices were drawn has none.
export async function findReadjustmentNoticeFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db
    .selectFrom("readjustments")
    .select(["notice_key", "anniversary"])
    .where("id", "=", id)
    .where("notice_key", "is not", null);
  if (viewer.kind === "client") q = q.where("client_id", "in", viewerLeaseIds(viewer));
  const row = await q.executeTakeFirst();
  return asAccepted(
    db,
    "readjustment_notice",
    id,
    row
      ? {
          file_key: row.notice_key!,
          file_name: `Aviso de Reajuste ${row.anniversary}.pdf`,
          mime_type: "application/pdf",
        }
      : undefined,
  );
}

// A lease's "Termo de Encerramento" (decision 0069): staff; the client, their own.
export async function findSettlementFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db.selectFrom("lease_settlements").select(["file_key", "file_name", "mime_type"]).where("id", "=", id);
  if (viewer.kind === "client") q = q.where("client_id", "in", viewerLeaseIds(viewer));
  return asAccepted(db, "settlement", id, await q.executeTakeFirst());
}

// An inspection's photo (docs/decisions/0044-inspections.md): staff; the
// client, only of their own inspection once it is finalized.
export async function findInspectionPhotoFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db
    .selectFrom("inspection_photos")
    .innerJoin("inspection_items", "inspection_items.id", "inspection_photos.item_id")
    .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
    .innerJoin("inspections", "inspections.id", "inspection_rooms.inspection_id")
    .select(["inspection_photos.file_key", "inspection_photos.id"])
    .where("inspection_photos.id", "=", id);
  if (viewer.kind === "client")
    q = q
      .where("inspections.client_id", "in", viewerLeaseIds(viewer))
      .where("inspections.finalized_at", "is not", null);
  const row = await q.executeTakeFirst();
  return row ? { file_key: row.file_key, file_name: `vistoria-foto-${row.id}.webp`, mime_type: "image/webp" } : null;
}

// A meter's photo of an inspection: the same rules as an item's photo.
export async function findMeterPhotoFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db
    .selectFrom("inspection_meter_photos")
    .innerJoin("inspections", "inspections.id", "inspection_meter_photos.inspection_id")
    .select(["inspection_meter_photos.file_key", "inspection_meter_photos.id", "inspection_meter_photos.meter"])
    .where("inspection_meter_photos.id", "=", id);
  if (viewer.kind === "client")
    q = q
      .where("inspections.client_id", "in", viewerLeaseIds(viewer))
      .where("inspections.finalized_at", "is not", null);
  const row = await q.executeTakeFirst();
  return row
    ? { file_key: row.file_key, file_name: `vistoria-medidor-${row.meter}-${row.id}.webp`, mime_type: "image/webp" }
    : null;
}

// An inspection's report (Relatório): staff; the client, of their own; an
// owner of the lease.
export async function findInspectionReportFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db
    .selectFrom("inspections")
    .select(["report_key", "id", "kind"])
    .where("id", "=", id)
    .where("report_key", "is not", null);
  if (viewer.kind === "client") q = q.where(tenantOrOwnerOf(viewer, "inspections.client_id"));
  const row = await q.executeTakeFirst();
  return asAccepted(
    db,
    "inspection_report",
    id,
    row
      ? { file_key: row.report_key!, file_name: `Relatório de Vistoria nº ${row.id}.pdf`, mime_type: "application/pdf" }
      : undefined,
  );
}

// A photo the tenant sent with a contest: staff, or that tenant.
export async function findContestPhotoFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db
    .selectFrom("inspection_contest_photos")
    .innerJoin("inspection_contests", "inspection_contests.id", "inspection_contest_photos.contest_id")
    .innerJoin("inspection_items", "inspection_items.id", "inspection_contests.item_id")
    .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
    .innerJoin("inspections", "inspections.id", "inspection_rooms.inspection_id")
    .select(["inspection_contest_photos.file_key", "inspection_contest_photos.id"])
    .where("inspection_contest_photos.id", "=", id);
  if (viewer.kind === "client") q = q.where("inspections.client_id", "in", viewerLeaseIds(viewer));
  const row = await q.executeTakeFirst();
  return row ? { file_key: row.file_key, file_name: `contestacao-foto-${row.id}.webp`, mime_type: "image/webp" } : null;
}

// A proof of payment the tenant sent ("Já paguei", decision 0063): staff, or
// the tenant it belongs to (refused or not: it is their own file).
export async function findPaymentProofFile(db: DB, id: number, viewer: FileViewer): Promise<PrivateFile | null> {
  let q = db.selectFrom("payment_proofs").select(["file_key", "file_name", "mime_type"]).where("id", "=", id);
  if (viewer.kind === "client") q = q.where("client_id", "in", viewerLeaseIds(viewer));
  return (await q.executeTakeFirst()) ?? null;
}
