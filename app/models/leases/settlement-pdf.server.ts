import type { Verification } from "#app/models/documents/registry.server";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";
import { CONTENT_W, documentLabel, type PdfAgency, type Run } from "#app/utils/pdf-sheet.server";
import { leaseSheet, parties, signatures } from "./lease-pdf.server";
import type { SettlementLine } from "./settlement.server";

// "Termo de Encerramento" (docs/decisions/0069-lease-settlement.md): the
// settlement of an ended lease on the receipt's sheet, for the tenant and the
// owners: who, which property, the term and the day the keys came back, each
// line (open rents, the days after the return, the art. 4 fine, the repairs,
// the caução with its yield), and what is left either way.

export type SettlementPdfData = {
  agency: PdfAgency;
  contract: {
    name: string;
    cpf_cnpj: string | null;
    property_address: string | null;
    contract_start_date: string | null;
    contract_end_date: string | null;
  };
  owners: string[];
  returnedOn: string;
  lines: SettlementLine[];
  owedAfterCents: number;
  toReturnCents: number;
  issuedOn: string;
  // The code the Termo is checked by (decision 0079).
  verification?: Verification | null;
};

// The description column's width (7 of 9 of the content), less its padding.
const LABEL_W = (CONTENT_W * 7) / 9 - 16;

const signed = (c: number) => (c < 0 ? `- ${formatBRL(-c)}` : formatBRL(c));

export async function renderSettlementPdf(d: SettlementPdfData): Promise<Uint8Array> {
  const title = "Termo de Encerramento";
  const sheet = await leaseSheet(title, `Termo de encerramento da locação: ${d.contract.name}`, d.agency, d);
  const [caption, amount] =
    d.owedAfterCents > 0
      ? ["SALDO DEVEDOR DO LOCATÁRIO", formatBRL(d.owedAfterCents)]
      : ["A DEVOLVER AO LOCATÁRIO", formatBRL(d.toReturnCents)];
  sheet.titleWithAmount(title, caption, amount);
  const tenantDoc = documentLabel(d.contract.cpf_cnpj);
  const tenant: Run[] = [{ text: "Locatário:" }, { text: d.contract.name, bold: true }];
  if (tenantDoc) tenant.push({ text: `(${tenantDoc})` });
  parties(sheet, tenant, d.owners, d.contract.property_address);
  sheet.paragraph(
    [
      {
        text: `Contrato de ${formatDay(d.contract.contract_start_date) || "—"} a ${formatDay(d.contract.contract_end_date) || "—"}; imóvel devolvido em ${formatDay(d.returnedOn)}.`,
      },
    ],
    10,
    15,
  );
  sheet.y -= 12;
  sheet.table(
    [
      { title: "Descrição", weight: 7 },
      { title: "Valor", weight: 2, right: true },
    ],
    [
      // The table does not wrap: a long label goes on as many rows as it
      // needs, the amount on its first, the note on a row of its own.
      ...d.lines.flatMap((l) => [
        ...sheet.wrap(l.label, 10, LABEL_W).map((part, i) => ({ cells: [part, i === 0 ? signed(l.cents) : ""] })),
        ...(l.note ? sheet.wrap(l.note, 10, LABEL_W).map((part) => ({ cells: [`  ${part}`, ""] })) : []),
      ]),
      d.owedAfterCents > 0
        ? { cells: ["Saldo devedor do locatário", formatBRL(d.owedAfterCents)], bold: true }
        : { cells: ["A devolver ao locatário", formatBRL(d.toReturnCents)], bold: true },
    ],
  );
  sheet.y -= 20;
  sheet.room(120);
  sheet.paragraph(
    [
      {
        text: "As partes dão por encerrada a locação nas condições acima. Os valores pagos com a caução têm recibo próprio; o saldo devedor, se houver, segue cobrável como as demais cobranças do contrato.",
      },
    ],
    9.5,
    14,
  );
  signatures(sheet, d.agency, d.issuedOn);
  return sheet.finish(`${title}  ·  ${d.contract.name}`, d.issuedOn);
}
