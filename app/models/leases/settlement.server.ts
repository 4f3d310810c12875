import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { periodLabel } from "#app/models/billing/months";
import { graceFor } from "#app/models/calendar/holidays.server";
import { writeCharge } from "#app/models/charges/charges.server";
import { formatDay } from "#app/models/clients/status";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { receiveCredit } from "#app/models/ledger/credits.server";
import { grantDiscount } from "#app/models/ledger/discount.server";
import { refreshBillings, tenantCreditLeft } from "#app/models/ledger/ledger.server";
import { owedOn } from "#app/models/ledger/owed";
import type { ReceiptIssuer } from "#app/models/ledger/receipts.server";
import { leaseOwners } from "#app/models/owners/lease-owners.server";
import { cents, formatBRL, minCents, sumCents, ZERO_CENTS, type Cents } from "#app/models/shared/money";
import type { PdfAgency } from "#app/utils/pdf-sheet.server";
import { terminationFine, unusedRent } from "./settlement";
import type { SettlementInput, SettlementRepair } from "./settlement.schema";
import { renderSettlementPdf } from "./settlement-pdf.server";
import { firstNames, newVerification, registerDocument } from "#app/models/documents/registry.server";
import { queueLeaseDocument } from "./document-emails.server";
import { storeTermo } from "./documents.server";

// "Acerto de saída" (issue 36, docs/decisions/0069-lease-settlement.md): what
// an ended contract still owes, less the rent of the days after the keys came
// back, plus the art. 4 fine and the exit's repairs, paid first from the
// caução; one transaction, once per contract, its money in the ledger and
// its "Termo de Encerramento" drawn as a PDF.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

export type SettlementLine = { label: string; cents: number; note?: string };

async function contractOf(db: DB | Trx, clientId: number) {
  return db
    .selectFrom("clients")
    .select([
      "id",
      "name",
      "cpf_cnpj",
      "property_address",
      "contract_start_date",
      "contract_end_date",
      "monthly_rent_cents",
      "ended_on",
      "late_fee_bp",
      "monthly_interest_bp",
    ])
    .where("id", "=", clientId)
    .executeTakeFirst();
}

async function openBillingsOf(db: DB | Trx, clientId: number) {
  return db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select([
      "billing.id",
      "billing.month_year",
      "billing.due_date",
      "billing.grace_until",
      "billing.amount_cents",
      "billing.period_start",
      "billing.period_end",
      "billing.open_cents",
      "billing.rent_open_cents",
      "billing.accrued_through",
      "clients.late_fee_bp",
      "clients.monthly_interest_bp",
    ])
    .where("billing.client_id", "=", clientId)
    .where("billing.status", "!=", "paid")
    .orderBy("billing.due_date")
    .orderBy("billing.id")
    .execute();
}

// What the settlement would be with these values, today: the page's
// preview, and the write's own figures.
export async function settlementPreview(
  db: DB | Trx,
  clientId: number,
  values: Omit<SettlementInput, "chave">,
  today: string,
) {
  const c = await contractOf(db, clientId);
  if (!c) return null;
  if (!c.ended_on) return { ok: false as const, reason: "not-ended" as const, contract: c };
  const returnedOn = c.ended_on;
  const open = await openBillingsOf(db, clientId);
  const rent = cents(c.monthly_rent_cents ?? 0);
  const fine =
    c.contract_start_date && c.contract_end_date
      ? terminationFine({
          rentCents: rent,
          fineRents: values.fineRents,
          start: c.contract_start_date,
          end: c.contract_end_date,
          returnedOn,
          exempt: values.exempt,
        })
      : { fineCents: ZERO_CENTS, remainingDays: 0, termDays: 0 };
  const billings = open.map((b) => {
    const owed = owedOn(b, today).total;
    // The days after the return are not owed: at most the rent still open.
    const unused = minCents(unusedRent(b, returnedOn).cents, cents(b.rent_open_cents));
    const period = periodLabel(b.month_year);
    return { id: b.id, label: `Aluguel de ${period}`, period, owed, unused };
  });
  const lines: SettlementLine[] = [];
  // A billing wholly after the return (the term billed ahead) owes nothing:
  // one line for all of them, not two each.
  const after = billings.filter((b) => b.unused > 0 && b.unused === b.owed);
  for (const b of billings) {
    if (after.includes(b)) continue;
    lines.push({ label: `${b.label} (em aberto)`, cents: b.owed });
    if (b.unused > 0) lines.push({ label: `Dias após a devolução (${b.label.toLowerCase()})`, cents: -b.unused });
  }
  if (fine.fineCents > 0)
    lines.push({
      label: "Multa rescisória (Lei 8.245, art. 4º)",
      cents: fine.fineCents,
      note: `${values.fineRents} aluguéis × ${fine.remainingDays} de ${fine.termDays} dias do prazo`,
    });
  for (const r of values.repairs) lines.push({ label: `Reparo: ${r.description}`, cents: r.amount_cents });
  if (after.length > 0)
    lines.push({
      label:
        after.length === 1
          ? `${after[0].label}, depois da devolução: cancelado`
          : `${after.length} aluguéis depois da devolução (${after[0].period} a ${after[after.length - 1].period}): cancelados`,
      cents: 0,
      note: `${formatBRL(sumCents(after.map((b) => b.unused)))} não cobrados`,
    });
  const owedCents = sumCents(lines.map((l) => l.cents));
  const fromCaution = minCents(values.cautionCents, owedCents > 0 ? cents(owedCents) : ZERO_CENTS);
  if (values.cautionCents > 0)
    lines.push({ label: "Caução devolvida com o rendimento (art. 38 §2º)", cents: -values.cautionCents });
  const result = cents(owedCents - values.cautionCents);
  return {
    ok: true as const,
    contract: c,
    returnedOn,
    fine,
    billings,
    lines,
    owedCents: cents(owedCents),
    fromCaution,
    // > 0: the tenant still owes it; < 0: the tenant gets it back.
    resultCents: result,
  };
}

export type SettleResult =
  | { ok: true; id: number; duplicate: boolean; owedAfterCents: Cents; toReturnCents: Cents }
  | { ok: false; reason: "not-ended" | "already" | "client" };

// Writes the settlement: the unused days forgiven on their billings, the
// fine and the repairs charged on a billing of their own (due today, rent
// 0), the caução received as a credit that pays the oldest debts first
// (receipts for what it settles), the row and the Termo's PDF.
export async function settleLease(
  db: DB,
  clientId: number,
  input: SettlementInput,
  actor: AuditActor,
  issuer: ReceiptIssuer & { today: string; pdfAgency: PdfAgency },
): Promise<SettleResult> {
  const created: string[] = [];
  try {
    return await db.transaction().execute(async (trx): Promise<SettleResult> => {
      const earlier = await trx
        .selectFrom("lease_settlements")
        .select(["id", "owed_after_cents", "to_return_cents"])
        .where("client_id", "=", clientId)
        .executeTakeFirst();
      if (earlier) return { ok: false, reason: "already" };
      const today = issuer.today;
      const preview = await settlementPreview(trx, clientId, input, today);
      if (!preview) return { ok: false, reason: "client" };
      if (!preview.ok) return { ok: false, reason: "not-ended" };
      const now = new Date().toISOString();
      const returned = formatDay(preview.returnedOn);
      for (const b of preview.billings)
        if (b.unused > 0) {
          const done = await grantDiscount(
            trx,
            b.id,
            "rent",
            b.unused,
            `Dias após a devolução do imóvel em ${returned}`,
            actor,
            today,
            `acerto-${clientId}-dias-${b.id}`,
          );
          if (!done.ok) throw new Error(`settlement ${clientId}: discount on ${b.id} refused (${done.reason})`);
        }
      let billingId: number | null = null;
      if (preview.fine.fineCents > 0 || input.repairs.length > 0) {
        const row = {
          client_id: clientId,
          month_year: preview.returnedOn.slice(0, 7),
          amount_cents: ZERO_CENTS,
          due_date: today,
          grace_until: await graceFor(trx, today),
          status: "pending" as const,
          open_cents: ZERO_CENTS,
          rent_open_cents: ZERO_CENTS,
          created_at: now,
          updated_at: now,
        };
        billingId = (await trx.insertInto("billing").values(row).returning("id").executeTakeFirstOrThrow()).id;
        await recordAudit(trx, { actor, action: "create", entity: "billing", entityId: billingId, after: row });
        const billing = { id: billingId, client_id: clientId, due_date: today };
        if (preview.fine.fineCents > 0)
          await writeCharge(
            trx,
            billing,
            {
              kind: "multa_rescisoria",
              description: `Multa rescisória: ${input.fineRents} aluguéis × ${preview.fine.remainingDays}/${preview.fine.termDays} dias`,
              amount: preview.fine.fineCents,
              receiver: "owner",
            },
            {},
            actor,
            now,
          );
        for (const r of input.repairs)
          await writeCharge(
            trx,
            billing,
            { kind: "reparo", description: `Reparo: ${r.description}`, amount: r.amount_cents, receiver: r.receiver },
            {},
            actor,
            now,
          );
        await refreshBillings(trx, [billingId], actor, today, { audit: false });
      }
      let creditId: number | null = null;
      if (input.cautionCents > 0) {
        const credit = await receiveCredit(
          trx,
          {
            clientId,
            amount: input.cautionCents,
            paidOn: today,
            method: "caucao",
            namedBillingId: null,
            reference: "Caução do contrato",
            opKey: `acerto-${clientId}-caucao`,
          },
          actor,
          issuer,
          created,
        );
        creditId = credit.creditId;
      }
      const after = await openBillingsOf(trx, clientId);
      const owedAfter = sumCents(after.map((b) => cents(b.open_cents)));
      const toReturn = await tenantCreditLeft(trx, clientId);
      const owners = await leaseOwners(trx, clientId);
      const verification = newVerification();
      const pdf = await renderSettlementPdf({
        agency: issuer.pdfAgency,
        verification,
        contract: preview.contract,
        owners: owners.map((o) => o.name),
        returnedOn: preview.returnedOn,
        lines: preview.lines,
        owedAfterCents: owedAfter,
        toReturnCents: toReturn,
        issuedOn: today,
      });
      const row = {
        client_id: clientId,
        returned_on: preview.returnedOn,
        fine_rents: input.fineRents,
        fine_exempt: input.exempt ? 1 : 0,
        fine_cents: preview.fine.fineCents,
        unused_cents: sumCents(preview.billings.map((b) => b.unused)),
        repairs: JSON.stringify(input.repairs satisfies SettlementRepair[]),
        caution_cents: input.cautionCents,
        billing_id: billingId,
        credit_id: creditId,
        owed_after_cents: owedAfter,
        to_return_cents: toReturn,
        lines: JSON.stringify(preview.lines),
        ...(await storeTermo(pdf, `Termo de Encerramento - ${preview.contract.name}.pdf`, created)),
        created_by_name: actor?.name ?? "Sistema",
        created_at: now,
      };
      const { id } = await trx.insertInto("lease_settlements").values(row).returning("id").executeTakeFirstOrThrow();
      await registerDocument(
        trx,
        verification,
        {
          kind: "settlement",
          refId: id,
          title: "Termo de Encerramento",
          issuedOn: today,
          parties: firstNames([preview.contract.name, ...owners.map((o) => o.name)]),
        },
        pdf,
      );
      await queueLeaseDocument(trx, {
        key: `lease-settlement:${id}`,
        title: "Termo de Encerramento",
        clientId,
        file_key: row.file_key,
        file_name: row.file_name,
        intro: `Segue o termo de encerramento da locação, com o acerto de saída (imóvel devolvido em ${returned}).`,
      });
      const { lines: _l, file_key: _k, ...shown } = row;
      await recordAudit(trx, { actor, action: "create", entity: "lease_settlement", entityId: id, after: shown });
      return { ok: true, id, duplicate: false, owedAfterCents: owedAfter, toReturnCents: toReturn };
    });
  } catch (error) {
    // Rolled back after a PDF was written: no file without its row.
    await removePrivateFiles(created);
    throw error;
  }
}

export async function getSettlement(db: DB, clientId: number) {
  return (
    (await db
      .selectFrom("lease_settlements")
      .select([
        "id",
        "returned_on",
        "fine_cents",
        "caution_cents",
        "owed_after_cents",
        "to_return_cents",
        "lines",
        "created_at",
        "created_by_name",
      ])
      .where("client_id", "=", clientId)
      .executeTakeFirst()) ?? null
  );
}
