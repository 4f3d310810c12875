import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { removePrivateFiles, storeWithRow } from "#app/models/files/private-store.server";
import { localToday } from "#app/models/shared/days";
import type { PdfAgency } from "#app/utils/pdf-sheet.server";
import { chargesOn } from "./charges";
import { renderReceiptPdf, type ReceiptPdfData } from "./receipt-pdf.server";
import { nextReceiptNumber, receiptItems, voidReceipt } from "./receipts.server";
import type { BillingStatus } from "./status";
import { PAYMENT_TOLERANCE_CENTS, subtractCents, type Cents } from "#app/models/shared/money";

// Paying a billing (docs/product.md §Cobranças; docs/decisions/0031-charging-the-rent.md):
// Pago records the payment date and the amount received, and makes the
// numbered receipt ("Recibo de Aluguel nº N", Lei 8.245/91 art. 22 VI: the
// items, itemized) as a PDF under uploads/private. The billing, its receipt
// row and the audit rows are one transaction; the PDF is removed when they are
// not written. Taking a billing back from Pago voids its receipt (the row and
// the file stay, with voided_at): a number given is never given again.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// The billing with what charging and the receipt need.
function selectPayable(db: DB | Trx) {
  return db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select([
      "billing.id",
      "billing.client_id",
      "billing.month_year",
      "billing.amount_cents",
      "billing.due_date",
      "billing.status",
      "billing.payment_date",
      "billing.amount_paid_cents",
      "billing.payment_difference_cents",
      "billing.owner_statement_id",
      "clients.name as client_name",
      "clients.cpf_cnpj",
      "clients.property_address",
      "clients.late_fee_bp",
      "clients.monthly_interest_bp",
    ]);
}

// What the payment form proposes: the amount due on `day` (today by default).
export async function amountDueOn(db: DB, billingId: number, day: string) {
  const b = await selectPayable(db).where("billing.id", "=", billingId).executeTakeFirst();
  return b ? chargesOn(b, day) : null;
}

export type PaymentValues = {
  payment_date: string;
  amount_paid: Cents | null;
  // Reconciliation: a credit off by more than the tolerance is recorded as a
  // difference to settle (billing.payment_difference) instead of a discount.
  recordDifference?: boolean;
};
// The agency as the receipt prints it (pdfAgency(), settings.server.ts).
// `renderPdf` draws the receipt (default: renderReceiptPdf). Only the scale
// seed passes another one (scripts/seed-scale.ts,
// docs/decisions/0058-scale-data-set.md): it draws receipts of the last 90
// days and gives older ones a fixed stand-in PDF, so 280,000 payments do not
// spend most of their time drawing files nobody opens. Rows, numbers and
// files are written as for any payment.
export type ReceiptIssuer = {
  agency: PdfAgency;
  today?: string;
  renderPdf?: (data: ReceiptPdfData) => Promise<Uint8Array>;
};

export type PaymentResult =
  | {
      ok: true;
      clientName: string;
      month_year: string;
      payment_date: string;
      amount_paid: Cents;
      receiptNumber: number;
      difference: Cents | null; // recorded "pago a menor / a maior" (reconciliation)
    }
  | { ok: false; reason: "billing" | "future" }
  // In an owner statement already (docs/decisions/0040-owner-transfers.md):
  // the money went to the owner, the payment no longer changes.
  | { ok: false; reason: "transferred"; statementId: number };

// Marks the billing paid on `payment_date` with `amount_paid` received (null:
// the amount due that day) and makes its receipt. Marking again (a corrected
// date or amount) voids the receipt in force and makes a new one.
export async function registerPayment(
  db: DB,
  billingId: number,
  values: PaymentValues,
  actor: AuditActor,
  issuer: ReceiptIssuer,
): Promise<PaymentResult> {
  const today = issuer.today ?? localToday();
  if (values.payment_date > today) return { ok: false, reason: "future" };
  const created: string[] = [];
  try {
    return await db
      .transaction()
      .execute((trx) => payInTransaction(trx, billingId, values, actor, { ...issuer, today }, created));
  } catch (error) {
    // The transaction rolled back after the PDF was written: no file without its row.
    await removePrivateFiles(created);
    throw error;
  }
}

// registerPayment's work inside the caller's transaction, so several billings
// settle in one (reconciliation). The receipt PDF's key is pushed to `created`
// as soon as it is written: the caller removes those files if it rolls back.
export async function payInTransaction(
  trx: Trx,
  billingId: number,
  values: PaymentValues,
  actor: AuditActor,
  issuer: ReceiptIssuer & { today: string },
  created: string[],
): Promise<PaymentResult> {
  const { today } = issuer;
  if (values.payment_date > today) return { ok: false, reason: "future" };
  const b = await selectPayable(trx).where("billing.id", "=", billingId).executeTakeFirst();
  if (!b) return { ok: false, reason: "billing" };
  if (b.owner_statement_id !== null) return { ok: false, reason: "transferred", statementId: b.owner_statement_id };
  const charges = chargesOn(b, values.payment_date);
  const amountPaid = values.amount_paid ?? charges.total;
  const off = subtractCents(amountPaid, charges.total);
  const difference = values.recordDifference && Math.abs(off) > PAYMENT_TOLERANCE_CENTS ? off : null;
  const { items, adjustment } = receiptItems(charges, amountPaid, difference !== null);
  const now = new Date().toISOString();
  const after = {
    status: "paid" as const,
    payment_date: values.payment_date,
    amount_paid_cents: amountPaid,
    payment_difference_cents: difference,
  };
  // The update comes first: it takes the write lock, so the receipt
  // number read next cannot be taken by another process meanwhile.
  await trx
    .updateTable("billing")
    .set({ ...after, difference_resolved_at: null, updated_at: now })
    .where("id", "=", billingId)
    .execute();
  await recordAudit(trx, {
    actor,
    action: "update",
    entity: "billing",
    entityId: billingId,
    before: {
      status: b.status,
      payment_date: b.payment_date,
      amount_paid_cents: b.amount_paid_cents,
      payment_difference_cents: b.payment_difference_cents,
    },
    after,
  });
  await voidReceipt(trx, billingId, actor, now);
  const number = await nextReceiptNumber(trx);
  const pdf = await (issuer.renderPdf ?? renderReceiptPdf)({
    number,
    agency: issuer.agency,
    tenant: { name: b.client_name, cpfCnpj: b.cpf_cnpj },
    propertyAddress: b.property_address,
    monthYear: b.month_year,
    dueDate: b.due_date,
    items,
    totalCents: amountPaid,
    paymentDate: values.payment_date,
    issuedOn: today,
  });
  const row = {
    id: number,
    billing_id: billingId,
    payment_date: values.payment_date,
    days_late: charges.days,
    late_fee_bp: b.late_fee_bp,
    monthly_interest_bp: b.monthly_interest_bp,
    rent_cents: charges.rent,
    late_fee_cents: charges.lateFee,
    interest_cents: charges.interest,
    adjustment_cents: adjustment,
    total_cents: amountPaid,
    file_name: `Recibo de Aluguel nº ${number}.pdf`,
    mime_type: "application/pdf",
    size: pdf.byteLength,
    created_at: now,
    voided_at: null,
  };
  await storeWithRow(pdf, ".pdf", async (file_key) => {
    created.push(file_key);
    await trx
      .insertInto("billing_receipts")
      .values({ ...row, file_key })
      .execute();
    return true;
  });
  const { file_name: _f, mime_type: _m, size: _s, created_at: _c, voided_at: _v, ...shown } = row;
  await recordAudit(trx, { actor, action: "create", entity: "billing_receipt", entityId: number, after: shown });
  return {
    ok: true,
    clientName: b.client_name,
    month_year: b.month_year,
    payment_date: values.payment_date,
    amount_paid: amountPaid,
    receiptNumber: number,
    difference,
  };
}

// The status selector: any status from any other (docs/product.md
// §Cobranças). Pago on a billing not paid yet registers the payment with
// today's date and the amount due today (registerPayment); Pago on a paid one
// keeps its payment as it is. Any other status clears the payment and voids
// the receipt. null: no such billing.
export async function setBillingStatus(
  db: DB,
  id: number,
  status: BillingStatus,
  actor: AuditActor,
  issuer: ReceiptIssuer,
) {
  const today = issuer.today ?? localToday();
  const current = await db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select([
      "billing.status",
      "billing.payment_date",
      "billing.month_year",
      "billing.due_date",
      "billing.owner_statement_id",
      "clients.name",
    ])
    .where("billing.id", "=", id)
    .executeTakeFirst();
  if (!current) return null;
  const shown = { clientName: current.name, month_year: current.month_year, due_date: current.due_date };
  if (current.owner_statement_id !== null && status !== current.status)
    return { ...shown, status, transferred: current.owner_statement_id, payment_date: null, receiptNumber: null };
  if (status === "paid") {
    if (current.status === "paid")
      return { ...shown, status, transferred: null, payment_date: current.payment_date, receiptNumber: null };
    const paid = await registerPayment(db, id, { payment_date: today, amount_paid: null }, actor, { ...issuer, today });
    if (!paid.ok) return null;
    return { ...shown, status, transferred: null, payment_date: paid.payment_date, receiptNumber: paid.receiptNumber };
  }
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("billing")
      .select(["status", "payment_date", "amount_paid_cents", "payment_difference_cents", "owner_statement_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return null;
    // Tied to an owner statement between the first read and this transaction.
    if (before.owner_statement_id !== null)
      return { ...shown, status, transferred: before.owner_statement_id, payment_date: null, receiptNumber: null };
    const after = { status, payment_date: null, amount_paid_cents: null, payment_difference_cents: null };
    const now = new Date().toISOString();
    await trx
      .updateTable("billing")
      .set({ ...after, updated_at: now })
      .where("id", "=", id)
      .execute();
    const { owner_statement_id: _statement, ...was } = before;
    await recordAudit(trx, { actor, action: "update", entity: "billing", entityId: id, before: was, after });
    await voidReceipt(trx, id, actor, now);
    return { ...shown, status, transferred: null, payment_date: null, receiptNumber: null };
  });
}
