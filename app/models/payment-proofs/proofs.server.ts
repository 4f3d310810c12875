import { stat } from "node:fs/promises";
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, SYSTEM_ACTOR_NAME, type AuditActor } from "#app/models/audit/audit.server";
import { effectiveStatus } from "#app/models/billing/status";
import { PrivateImageError, storePrivateWebp } from "#app/models/files/private-images.server";
import {
  privateFilePath,
  removePrivateFiles,
  storedFileName,
  storePrivateFile,
} from "#app/models/files/private-store.server";
import { owedOn } from "#app/models/ledger/owed";
import { periodLabel } from "#app/models/billing/months";
import { queueStaffAlert } from "#app/models/email/staff-alerts.server";
import { localToday } from "#app/models/shared/days";
import type { Cents } from "#app/models/shared/money";
import { pageOf } from "#app/models/shared/paging.server";
import { detectFileType } from "#app/utils/uploads.server";
import { isAcceptedPhotoType } from "#app/utils/image-rules";
import { MAX_PENDING_PER_BILLING, MAX_PROOF_BYTES } from "./proofs.schema";

// "Já paguei" (issue 35; docs/decisions/0063-payment-proofs.md). A tenant
// sends a proof of payment for one of their own open billings; it goes to
// staff's "Comprovantes a conferir" and settles nothing: money moves only
// through the ledger's named actions (Registrar pagamento, reconciliation).
// A proof waiting is closed as checked when its billing becomes Pago
// (close.server.ts, called by the ledger's projection).

type DB = Kysely<Database>;

// The billing a tenant may send a proof for: their own, issued (due within
// the client area's horizon) and not paid. Anything else is null: the route
// answers 404 for another tenant's billing exactly as for a missing one.
export async function proofBilling(db: DB, clientId: number, billingId: number, horizon: string) {
  const row = await db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select([
      "billing.id",
      "billing.month_year",
      "billing.due_date",
      "billing.grace_until",
      "billing.status",
      "billing.amount_cents",
      "billing.open_cents",
      "billing.rent_open_cents",
      "billing.accrued_through",
      "clients.late_fee_bp",
      "clients.monthly_interest_bp",
      "clients.name as client_name",
    ])
    .where("billing.id", "=", billingId)
    .where("billing.client_id", "=", clientId)
    .where("billing.due_date", "<=", horizon)
    .executeTakeFirst();
  return row ?? null;
}

export type ProofUpload = {
  fileName: string;
  bytes: Uint8Array;
  paid_on: string | null;
  amount_cents: Cents | null;
  note: string | null;
  op_key: string;
};

export type SendProofResult =
  | { ok: true; id: number; duplicate: boolean; sentAt: string }
  | { ok: false; reason: "billing" | "paid" | "type" | "too-large" | "unreadable" | "too-many" | "future" };

// Stores the proof and its row. The file's type is judged by its bytes: a
// PDF is kept as sent; a photo (JPEG, PNG, WebP, HEIC) is re-encoded to WebP
// as every photo a tenant sends is (private-images.server.ts: upright, no
// EXIF, so no GPS position of the tenant's home). The same one-time key twice
// stores one proof and answers the first; a file whose row is not written is
// removed.
export async function sendPaymentProof(
  db: DB,
  clientId: number,
  billingId: number,
  upload: ProofUpload,
  { horizon, today = localToday() }: { horizon: string; today?: string },
): Promise<SendProofResult> {
  const first = await proofOfKey(db, clientId, upload.op_key);
  if (first) return first;
  const billing = await proofBilling(db, clientId, billingId, horizon);
  if (!billing) return { ok: false, reason: "billing" };
  if (billing.status === "paid") return { ok: false, reason: "paid" };
  if (upload.paid_on !== null && upload.paid_on > today) return { ok: false, reason: "future" };
  if (upload.bytes.byteLength > MAX_PROOF_BYTES) return { ok: false, reason: "too-large" };
  const mime = await detectFileType(upload.bytes);
  let stored: { file_key: string; mime_type: string; ext: string; size: number };
  if (mime === "application/pdf") {
    stored = {
      file_key: await storePrivateFile(upload.bytes, ".pdf"),
      mime_type: mime,
      ext: ".pdf",
      size: upload.bytes.byteLength,
    };
  } else if (mime && isAcceptedPhotoType(mime)) {
    try {
      const image = await storePrivateWebp(Buffer.from(upload.bytes));
      stored = { file_key: image.file_key, mime_type: "image/webp", ext: ".webp", size: 0 };
    } catch (error) {
      if (error instanceof PrivateImageError) return { ok: false, reason: "unreadable" };
      throw error;
    }
  } else return { ok: false, reason: "type" };
  try {
    const sentAt = new Date().toISOString();
    const written = await db.transaction().execute(async (trx): Promise<SendProofResult> => {
      // Checked again inside the write: the billing may have been paid, or
      // other proofs sent, since the first look.
      const now = await trx
        .selectFrom("billing")
        .select("status")
        .where("id", "=", billingId)
        .where("client_id", "=", clientId)
        .executeTakeFirst();
      if (!now) return { ok: false, reason: "billing" };
      if (now.status === "paid") return { ok: false, reason: "paid" };
      const waiting = await trx
        .selectFrom("payment_proofs")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("billing_id", "=", billingId)
        .where("status", "=", "pending")
        .executeTakeFirstOrThrow();
      if (Number(waiting.n) >= MAX_PENDING_PER_BILLING) return { ok: false, reason: "too-many" };
      const file_name = storedFileName(
        upload.fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "") + stored.ext,
        { mime: stored.mime_type, ext: stored.ext },
        "comprovante",
      );
      const size = stored.size || (await fileSize(stored.file_key));
      const row = await trx
        .insertInto("payment_proofs")
        .values({
          billing_id: billingId,
          client_id: clientId,
          file_key: stored.file_key,
          file_name,
          mime_type: stored.mime_type,
          size,
          paid_on: upload.paid_on,
          amount_cents: upload.amount_cents,
          note: upload.note,
          op_key: upload.op_key,
          sent_at: sentAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // The tenant is no staff member: "Sistema" acts, as for an inspection contest.
      await recordAudit(trx, {
        actor: null,
        action: "create",
        entity: "payment_proof",
        entityId: row.id,
        after: {
          billing_id: billingId,
          client_id: clientId,
          file_name,
          paid_on: upload.paid_on,
          amount_cents: upload.amount_cents,
        },
      });
      await queueStaffAlert(trx, {
        key: `proof:${row.id}`,
        subject: `Comprovante de pagamento: ${billing.client_name}`,
        lines: [
          `${billing.client_name} enviou em "Já paguei" um comprovante do aluguel de ${periodLabel(billing.month_year)}.`,
          "Confira e registre o pagamento em Comprovantes.",
        ],
        path: "/admin/comprovantes",
      });
      return { ok: true, id: row.id, duplicate: false, sentAt };
    });
    if (!written.ok) await removePrivateFiles([stored.file_key]);
    return written;
  } catch (error) {
    await removePrivateFiles([stored.file_key]);
    // Two posts of one key at once: the second meets the unique key and
    // answers the first's result.
    if (error instanceof Error && /UNIQUE constraint failed: payment_proofs\.op_key/.test(error.message)) {
      const again = await proofOfKey(db, clientId, upload.op_key);
      if (again) return again;
    }
    throw error;
  }
}

async function fileSize(key: string) {
  return (await stat(privateFilePath(key))).size;
}

// A key already used by this tenant: its proof. Another tenant's key (never
// seen from a form: keys are random) is not theirs to learn of.
async function proofOfKey(db: DB, clientId: number, opKey: string): Promise<SendProofResult | null> {
  const row = await db
    .selectFrom("payment_proofs")
    .select(["id", "client_id", "sent_at"])
    .where("op_key", "=", opKey)
    .executeTakeFirst();
  if (!row) return null;
  if (row.client_id !== clientId) return { ok: false, reason: "billing" };
  return { ok: true, id: row.id, duplicate: true, sentAt: row.sent_at };
}

export type ClientProof = {
  id: number;
  status: "pending" | "checked" | "refused";
  sent_at: string;
  refusal_reason: string | null;
};

// The latest proof of each of these billings of the tenant (the client area's
// open billings: a handful).
export async function latestProofs(db: DB, clientId: number, billingIds: readonly number[]) {
  const map = new Map<number, ClientProof>();
  if (billingIds.length === 0) return map;
  const rows = await db
    .selectFrom("payment_proofs")
    .select(["id", "billing_id", "status", "sent_at", "refusal_reason"])
    .where("client_id", "=", clientId)
    .where("billing_id", "in", billingIds)
    .orderBy("id", "desc")
    .execute();
  for (const r of rows)
    if (!map.has(r.billing_id))
      map.set(r.billing_id, { id: r.id, status: r.status, sent_at: r.sent_at, refusal_reason: r.refusal_reason });
  return map;
}

// How many proofs wait for staff (the dashboard's line), on the partial index.
export async function pendingProofCount(db: DB) {
  const row = await db
    .selectFrom("payment_proofs")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(sql<boolean>`status = 'pending'`)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// "Comprovantes a conferir": the proofs waiting, oldest first, a page at a
// time (decision 0057): counted on the partial index, then only the page's
// rows read with their tenant and billing; what the billing owes today is
// computed from its row alone (owedOn).
export async function proofQueue(db: DB, page: number, today = localToday()) {
  const waiting = db.selectFrom("payment_proofs").where(sql<boolean>`payment_proofs.status = 'pending'`);
  const paged = await pageOf(waiting, page, (q) =>
    q
      .innerJoin("billing", "billing.id", "payment_proofs.billing_id")
      .innerJoin("clients", "clients.id", "payment_proofs.client_id")
      .select([
        "payment_proofs.id",
        "payment_proofs.billing_id",
        "payment_proofs.client_id",
        "payment_proofs.file_name",
        "payment_proofs.mime_type",
        "payment_proofs.paid_on",
        "payment_proofs.amount_cents",
        "payment_proofs.note",
        "payment_proofs.sent_at",
        "clients.name as client_name",
        "billing.month_year",
        "billing.due_date",
        "billing.grace_until",
        "billing.status",
        "billing.amount_cents as billing_amount_cents",
        "billing.open_cents",
        "billing.rent_open_cents",
        "billing.accrued_through",
        "clients.late_fee_bp",
        "clients.monthly_interest_bp",
      ])
      .orderBy("payment_proofs.sent_at")
      .orderBy("payment_proofs.id"),
  );
  return {
    ...paged,
    rows: paged.rows.map((r) => ({
      id: r.id,
      billingId: r.billing_id,
      clientId: r.client_id,
      clientName: r.client_name,
      fileName: r.file_name,
      isImage: r.mime_type.startsWith("image/"),
      paidOn: r.paid_on,
      amountCents: r.amount_cents,
      note: r.note,
      sentAt: r.sent_at,
      monthYear: r.month_year,
      dueDate: r.due_date,
      status: effectiveStatus(r.status, r.grace_until, today),
      owedToday: owedOn({ ...r, amount_cents: r.billing_amount_cents }, today).total,
    })),
  };
}

export type ReviewResult = { ok: true; clientName: string } | { ok: false; reason: "missing" | "done" };

// "Marcar como conferido" / "Recusar": a proof still waiting is closed with
// staff's decision (and the reason the tenant reads), audited. One already
// closed is left as it is: a second post changes nothing.
export async function reviewProof(
  db: DB,
  id: number,
  decision: { intent: "check" } | { intent: "refuse"; reason: string },
  actor: AuditActor,
): Promise<ReviewResult> {
  return db.transaction().execute(async (trx): Promise<ReviewResult> => {
    const proof = await trx
      .selectFrom("payment_proofs")
      .innerJoin("clients", "clients.id", "payment_proofs.client_id")
      .select(["payment_proofs.status", "clients.name"])
      .where("payment_proofs.id", "=", id)
      .executeTakeFirst();
    if (!proof) return { ok: false, reason: "missing" };
    if (proof.status !== "pending") return { ok: false, reason: "done" };
    const after = {
      status: decision.intent === "check" ? ("checked" as const) : ("refused" as const),
      reviewed_at: new Date().toISOString(),
      reviewed_by_name: actor?.name ?? SYSTEM_ACTOR_NAME,
      reviewed_by: "staff" as const,
      refusal_reason: decision.intent === "refuse" ? decision.reason : null,
    };
    await trx.updateTable("payment_proofs").set(after).where("id", "=", id).where("status", "=", "pending").execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "payment_proof",
      entityId: id,
      before: { status: "pending" },
      after: { status: after.status, refusal_reason: after.refusal_reason },
    });
    return { ok: true, clientName: proof.name };
  });
}
