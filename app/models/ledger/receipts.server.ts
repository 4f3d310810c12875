import type { Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { lateFeeLabel, interestLabel, daysOverdue } from "#app/models/billing/charges";
import { noticeKey } from "#app/models/billing/notices.server";
import { renderReceiptPdf, type ReceiptPdfData } from "#app/models/billing/receipt-pdf.server";
import { cancelDocuments, firstNames, newVerification, registerDocument } from "#app/models/documents/registry.server";
import { nextReceiptNumber } from "#app/models/billing/receipts.server";
import { dropQueuedEmail } from "#app/models/email/outbox.server";
import { storeWithRow } from "#app/models/files/private-store.server";
import { sumCents, ZERO_CENTS } from "#app/models/shared/money";
import { chargesOfBillings } from "#app/models/charges/beside.server";
import { withheldOfBillings } from "#app/models/withholding/irrf.server";
import type { PdfAgency } from "#app/utils/pdf-sheet.server";
import { openTotal, type Allocation, type LedgerItem } from "./allocation";
import type { BillingBook } from "./ledger.server";

// Receipts from allocations (docs/decisions/0061-rent-ledger.md; Código
// Civil arts. 320, 322, 323; Lei 8.245/91 art. 22 VI): one "Recibo de
// Aluguel nº N" for each billing a credit paid into, listing what it paid of
// each item; quittance only of that; the month's balance and the earlier
// months still open written out. Numbers follow the table's sequence and are
// never given again; a reversed credit voids its receipts, which stay.

type Trx = Transaction<Database>;

// The agency as the receipt prints it (pdfAgency(), settings.server.ts).
// `renderPdf` draws the receipt (default: renderReceiptPdf); only the scale
// seed passes another (docs/decisions/0058-scale-data-set.md).
export type ReceiptIssuer = {
  agency: PdfAgency;
  today?: string;
  renderPdf?: (data: ReceiptPdfData) => Promise<Uint8Array>;
};

const OPEN_LABELS: Record<LedgerItem, string> = {
  rent: "aluguel",
  late_fee: "multa",
  interest: "juros",
  other: "outros encargos",
};

export async function issueCreditReceipts(
  trx: Trx,
  paid: { creditId: number; paidOn: string; allocations: Allocation[]; books: Map<number, BillingBook> },
  actor: AuditActor,
  issuer: ReceiptIssuer & { today: string },
  created: string[],
) {
  const receipts: { id: number; billingId: number }[] = [];
  const billingIds = [...new Set(paid.allocations.map((a) => a.billingId))];
  for (const billingId of billingIds) {
    const sum = (item: LedgerItem) =>
      sumCents(paid.allocations.filter((a) => a.billingId === billingId && a.item === item).map((a) => a.cents));
    const b = await trx
      .selectFrom("billing")
      .innerJoin("clients", "clients.id", "billing.client_id")
      .select([
        "billing.client_id",
        "billing.month_year",
        "billing.due_date",
        "billing.grace_until",
        "clients.name",
        "clients.cpf_cnpj",
        "clients.property_address",
        "clients.late_fee_bp",
        "clients.monthly_interest_bp",
      ])
      .where("billing.id", "=", billingId)
      .executeTakeFirstOrThrow();
    const open = paid.books.get(billingId)?.open;
    // Counted as the juros were: from the grace day (decision 0066).
    const days = daysOverdue(b.grace_until, paid.paidOn);
    const rent = sum("rent");
    const lateFee = sum("late_fee");
    const interest = sum("interest");
    const other = sum("other");
    const items = [];
    if (rent > 0) items.push({ label: open && open.rent > 0 ? "Aluguel (parte)" : "Aluguel", cents: rent });
    if (lateFee > 0) items.push({ label: lateFeeLabel(b.late_fee_bp), cents: lateFee });
    if (interest > 0) items.push({ label: interestLabel(days), cents: interest });
    if (other > 0) {
      // The charges beside the rent each by its description when this
      // receipt paid them all (decision 0068); else together.
      const beside = (await chargesOfBillings(trx, [billingId])).get(billingId) ?? [];
      if (beside.length > 0 && sumCents(beside.map((c) => c.amount_cents)) === other)
        for (const c of beside) items.push({ label: c.description, cents: c.amount_cents });
      else items.push({ label: "Outros encargos", cents: other });
    }
    const total = sumCents(items.map((i) => i.cents));
    const openAfter = open
      ? (["rent", "late_fee", "interest", "other"] as const)
          .filter((item) => open[item] > 0)
          .map((item) => ({ label: OPEN_LABELS[item], cents: open[item] }))
      : [];
    const earlier = await trx
      .selectFrom("billing")
      .select("month_year")
      .where("client_id", "=", b.client_id)
      .where("status", "!=", "paid")
      .where("due_date", "<", b.due_date)
      .orderBy("due_date")
      .execute();
    const number = await nextReceiptNumber(trx);
    const landlords = await trx
      .selectFrom("lease_owners")
      .innerJoin("owners", "owners.id", "lease_owners.owner_id")
      .select("owners.name")
      .where("lease_owners.client_id", "=", b.client_id)
      .orderBy("lease_owners.position")
      .execute();
    const verification = newVerification();
    const pdf = await (issuer.renderPdf ?? renderReceiptPdf)({
      number,
      verification,
      landlords: landlords.map((l) => l.name),
      agency: issuer.agency,
      tenant: { name: b.name, cpfCnpj: b.cpf_cnpj },
      propertyAddress: b.property_address,
      monthYear: b.month_year,
      dueDate: b.due_date,
      items,
      totalCents: total,
      paymentDate: paid.paidOn,
      issuedOn: issuer.today,
      openAfter,
      earlierOpen: earlier.map((e) => e.month_year),
      // Named by the receipt that settles the rent (decision 0074).
      ...(rent > 0 && !(open && open.rent > 0)
        ? { withheldCents: (await withheldOfBillings(trx, [billingId])).get(billingId) ?? 0 }
        : {}),
    });
    const row = {
      id: number,
      billing_id: billingId,
      credit_id: paid.creditId,
      payment_date: paid.paidOn,
      days_late: days,
      late_fee_bp: b.late_fee_bp,
      monthly_interest_bp: b.monthly_interest_bp,
      rent_cents: rent,
      late_fee_cents: lateFee,
      interest_cents: interest,
      adjustment_cents: other,
      total_cents: total,
      open_after_cents: open ? openTotal(open) : ZERO_CENTS,
      file_name: `Recibo de Aluguel nº ${number}.pdf`,
      mime_type: "application/pdf",
      size: pdf.byteLength,
      created_at: new Date().toISOString(),
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
    await registerDocument(
      trx,
      verification,
      {
        kind: "receipt",
        refId: number,
        title: `Recibo de Aluguel nº ${number}`,
        issuedOn: issuer.today,
        parties: firstNames([b.name, ...landlords.map((l) => l.name)]),
        amountCents: total,
      },
      pdf,
    );
    const { file_name: _f, mime_type: _m, size: _s, created_at: _c, voided_at: _v, ...shown } = row;
    await recordAudit(trx, { actor, action: "create", entity: "billing_receipt", entityId: number, after: shown });
    receipts.push({ id: number, billingId });
  }
  return receipts;
}

// The receipts of a reversed credit, voided with the reason (the rows and
// files stay; a number given is never given again); their notices, if not
// sent yet, go with them.
export async function voidCreditReceipts(trx: Trx, creditId: number, reason: string, actor: AuditActor, now: string) {
  const voided = await trx
    .updateTable("billing_receipts")
    .set({ voided_at: now, void_reason: reason })
    .where("credit_id", "=", creditId)
    .where("voided_at", "is", null)
    .returning(["id", "billing_id"])
    .execute();
  await cancelDocuments(
    trx,
    "receipt",
    voided.map((r) => r.id),
    reason,
    now,
  );
  for (const r of voided) {
    await dropQueuedEmail(trx, noticeKey(r.billing_id, "receipt", r.id));
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "billing_receipt",
      entityId: r.id,
      before: { voided_at: null },
      after: { voided_at: now, void_reason: reason },
    });
  }
  return voided.map((r) => r.id);
}
