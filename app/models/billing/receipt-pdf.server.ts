import { formatBRL } from "#app/models/shared/money";
import { formatDay } from "#app/models/clients/status";
import {
  agencyIdLine,
  BRAND,
  BRAND_TINT,
  CONTENT_W,
  documentLabel,
  INK,
  longDay,
  MARGIN,
  MUTED,
  PAGE_W,
  PdfSheet,
  type PdfAgency,
  type Run,
} from "#app/utils/pdf-sheet.server";
import type { Verification } from "#app/models/documents/registry.server";
import { amountInWords } from "./amount-in-words";
import { periodLabel } from "./months";

// "Recibo de Aluguel nº N" as a one-page A4 PDF (docs/decisions/0033-receipts.md):
// the itemized receipt the landlord owes the tenant (Lei 8.245/91, art. 22, VI:
// "recibo discriminado ... vedada a quitação genérica"). Drawn with pdf-lib
// on the shared sheet (app/utils/pdf-sheet.server.ts): real text a tenant can
// copy and pdf.js can read back.

export type ReceiptPdfData = {
  number: number; // N of "Recibo de Aluguel nº N"
  agency: PdfAgency;
  tenant: { name: string; cpfCnpj: string | null }; // as stored: digits, or an alphanumeric CNPJ
  propertyAddress: string | null;
  monthYear: string; // "yyyy-MM"
  dueDate: string; // "yyyy-MM-dd"
  items: { label: string; cents: number }[]; // Aluguel, Multa, Juros, a discount as a negative amount
  totalCents: number; // the total paid (the sum of the items)
  paymentDate: string; // "yyyy-MM-dd"
  issuedOn: string; // "yyyy-MM-dd"
  // What the billing still owes after this payment (Código Civil art. 323:
  // the quittance of part reserves the rest by name) and the months before it
  // still open (art. 322: a later month's quittance would presume them paid).
  openAfter?: { label: string; cents: number }[];
  earlierOpen?: string[]; // "yyyy-MM"
  // The IRRF a company tenant withheld from this rent (decision 0074): part of
  // the payment, paid to the Receita by the tenant, named in the quittance.
  withheldCents?: number;
  // The owners the agency receives for (their names, in the lease's order):
  // the agency, not the landlord, receives, "por conta e ordem" of them.
  landlords?: readonly string[];
  // The code the receipt is checked by (decision 0079).
  verification?: Verification | null;
};

// "por conta e ordem do locador Ana Souza," / "dos locadores Ana Souza e Rui Lima,".
export function onBehalfOf(landlords: readonly string[]) {
  if (landlords.length === 0) return "";
  const names =
    landlords.length === 1 ? landlords[0] : `${landlords.slice(0, -1).join(", ")} e ${landlords[landlords.length - 1]}`;
  return `por conta e ordem ${landlords.length === 1 ? "do locador" : "dos locadores"} ${names},`;
}

export { longDay };

export async function renderReceiptPdf(data: ReceiptPdfData): Promise<Uint8Array> {
  // A receipt whose lines do not add up to its total is a bug upstream, and a
  // legal document that contradicts itself: refuse it rather than print it.
  const sum = data.items.reduce((acc, item) => acc + item.cents, 0);
  if (sum !== data.totalCents)
    throw new Error(`receipt ${data.number}: items add up to ${sum}, total is ${data.totalCents}`);
  const title = `Recibo de Aluguel nº ${data.number}`;
  const period = periodLabel(data.monthYear);
  const sheet = await PdfSheet.create(
    {
      title,
      subject: `Aluguel de ${period}: ${data.tenant.name}`,
      author: data.agency.legalName,
      creator: data.agency.name,
      verification: data.verification,
    },
    data,
  );
  sheet.agencyHeader(data.agency);
  const total = formatBRL(data.totalCents);
  sheet.titleWithAmount(title, "VALOR", total);

  // The sentence that says who paid what, for which month and property.
  const tenantDoc = documentLabel(data.tenant.cpfCnpj);
  const runs: Run[] = [
    { text: "Recebemos de" },
    { text: `${data.tenant.name},`, bold: true },
    ...(tenantDoc ? [{ text: `${tenantDoc},` }] : []),
    ...(data.landlords?.length ? [{ text: onBehalfOf(data.landlords) }] : []),
    { text: "a importância de" },
    { text: total, bold: true },
    { text: `(${amountInWords(data.totalCents)}),` },
    { text: "referente ao aluguel de" },
    { text: data.propertyAddress ? period : `${period},`, bold: true },
    ...(data.propertyAddress ? [{ text: `do imóvel situado em ${data.propertyAddress},` }] : []),
    { text: `com vencimento em ${formatDay(data.dueDate)}, paga em ${formatDay(data.paymentDate)}.` },
  ];
  sheet.paragraph(runs, 11, 17);
  sheet.y -= 16;

  // The items, as the law asks: every amount paid, not one lump sum.
  const valueColW = 120;
  const labelW = CONTENT_W - valueColW - 24;
  const padX = 10;
  const right = PAGE_W - MARGIN - padX;
  sheet.room(24);
  sheet.page.drawRectangle({ x: MARGIN, y: sheet.y - 22, width: CONTENT_W, height: 22, color: BRAND_TINT });
  sheet.text("DISCRIMINAÇÃO", MARGIN + padX, sheet.y - 14.5, 8, { bold: true, color: BRAND });
  sheet.textRight("VALOR", right, sheet.y - 14.5, 8, { bold: true, color: BRAND });
  sheet.y -= 22;
  for (const item of data.items) {
    const lines = sheet.wrap(item.label, 10.5, labelW);
    const rowH = 10 + lines.length * 14;
    sheet.room(rowH);
    lines.forEach((line, i) => sheet.text(line, MARGIN + padX, sheet.y - 17 - i * 14, 10.5));
    sheet.textRight(formatBRL(item.cents), right, sheet.y - 17, 10.5);
    sheet.y -= rowH;
    sheet.hline(MARGIN, PAGE_W - MARGIN, sheet.y);
  }
  sheet.room(30);
  sheet.hline(MARGIN, PAGE_W - MARGIN, sheet.y, 1.2, INK);
  sheet.text("Total pago", MARGIN + padX, sheet.y - 19, 11.5, { bold: true });
  sheet.textRight(total, right, sheet.y - 19, 11.5, { bold: true });
  sheet.y -= 46;

  // The closing (quitação, place and date, signature) stays together: on a
  // page of its own only when the items fill the page.
  sheet.room(190);
  for (const sentence of quittance(data, period)) {
    sheet.paragraph([{ text: sentence }], 10, 15);
    sheet.y -= 6;
  }

  // Place and date, then the signature of whoever received.
  sheet.y -= 26;
  sheet.paragraph([{ text: `${data.agency.city}, ${longDay(data.issuedOn)}.` }], 11, 16);
  sheet.y -= 58;
  const sigW = 260;
  const sigX = (PAGE_W - sigW) / 2;
  sheet.hline(sigX, sigX + sigW, sheet.y, 0.8, INK);
  sheet.y -= 6;
  sheet.centered(data.agency.legalName, 10.5, { bold: true });
  const agencyId = agencyIdLine(data.agency);
  if (agencyId) sheet.centered(agencyId, 9, { color: MUTED });

  return sheet.finish(title, data.issuedOn);
}

// The closing sentences (Código Civil arts. 320, 322, 323): quittance of the
// items above only; what the month still owes, by item; the earlier months
// still open, reserved.
export function quittance(
  data: Pick<ReceiptPdfData, "openAfter" | "earlierOpen" | "withheldCents">,
  period: string,
): string[] {
  const open = (data.openAfter ?? []).filter((i) => i.cents > 0);
  const out: string[] = [];
  if (data.withheldCents)
    out.push(
      `O locatário reteve na fonte ${formatBRL(data.withheldCents)} de imposto de renda sobre este aluguel (código 3208), que recolhe à Receita Federal em nome do locador; a retenção integra o pagamento.`,
    );
  if (open.length === 0)
    out.push(`Damos quitação das importâncias acima discriminadas, referentes ao aluguel de ${period}.`);
  else {
    const total = open.reduce((sum, i) => sum + i.cents, 0);
    const list = open.map((i) => `${i.label} ${formatBRL(i.cents)}`).join("; ");
    out.push(
      `Damos quitação somente das importâncias acima discriminadas. Permanece em aberto, referente ao aluguel de ${period}, o saldo de ${formatBRL(total)} (${list}), acrescido dos encargos até o pagamento.`,
    );
  }
  const earlier = data.earlierOpen ?? [];
  if (earlier.length > 0)
    out.push(
      `Ficam ressalvados os aluguéis em aberto de ${earlier.map(periodLabel).join(", ")}, que este recibo não quita.`,
    );
  return out;
}
