import type { Verification } from "#app/models/documents/registry.server";
import { FIRST_RENT_NOTE, WITHHELD_NOTE } from "./statement-words";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";
import {
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
} from "#app/utils/pdf-sheet.server";
import { shareNote, type OwnerMonth, type StatementLine } from "./statement";

// "Extrato do Proprietário nº N" (docs/decisions/0040-owner-transfers.md):
// what the agency received for the owner in a month, each rent on its line
// (tenant, period, date, received, of which multa and juros, the fee kept,
// net), the totals and the transfer, as the owner files it. Drawn on the
// shared sheet of the receipt.

export type OwnerStatementPdfData = {
  number: number;
  agency: PdfAgency;
  owner: { name: string; cpf_cnpj: string | null };
  // Where the transfer went, as frozen with the statement (decision 0077).
  destination: string | null;
  // The property of each lease the lines name (clientId → address).
  places: ReadonlyMap<number, string | null>;
  month: string; // "yyyy-MM"
  lines: StatementLine[];
  totals: Omit<OwnerMonth, "lines">;
  transferredOn: string;
  issuedOn: string;
  // The code the statement is checked by (decision 0079).
  verification?: Verification | null;
};

// The columns of a line: x of the left edge and width, right-aligned amounts.
const COLS = [
  { title: "INQUILINO / PERÍODO", w: 150 },
  { title: "PAGO EM", w: 52 },
  { title: "RECEBIDO", w: 62 },
  { title: "MULTA E JUROS", w: 62 },
  { title: "TAXA", w: 62 },
  { title: "LÍQUIDO", w: 62 },
] as const;

const signed = (amount: number) => (amount >= 0 ? `- ${formatBRL(amount)}` : formatBRL(-amount));

export async function renderOwnerStatementPdf(data: OwnerStatementPdfData): Promise<Uint8Array> {
  const sum = data.lines.reduce((s, l) => s + l.netCents, 0);
  if (sum !== data.totals.rentsNetCents) throw new Error(`owner statement ${data.number}: lines do not add up`);
  const title = `Extrato do Proprietário nº ${data.number}`;
  const period = periodLabel(data.month);
  const sheet = await PdfSheet.create(
    {
      title,
      subject: `Repasse de ${period}: ${data.owner.name}`,
      author: data.agency.legalName,
      creator: data.agency.name,
      verification: data.verification,
    },
    data,
  );
  sheet.agencyHeader(data.agency);
  sheet.titleWithAmount(title, "REPASSE", formatBRL(data.totals.netCents));

  const ownerDoc = documentLabel(data.owner.cpf_cnpj);
  sheet.paragraph(
    [
      { text: "Proprietário:" },
      { text: data.owner.name, bold: true },
      ...(ownerDoc ? [{ text: `(${ownerDoc})` }] : []),
    ],
    11,
    17,
  );
  sheet.paragraph([{ text: "Referência:" }, { text: `aluguéis recebidos em ${period}`, bold: true }], 11, 17);
  const where = data.destination;
  sheet.paragraph(
    [
      { text: "Repasse feito em" },
      { text: formatDay(data.transferredOn), bold: true },
      ...(where ? [{ text: `para ${where}.` }] : []),
    ],
    11,
    17,
  );
  sheet.y -= 14;

  // Header row, then one row per rent.
  const padX = 6;
  const xs: number[] = [];
  let x = MARGIN;
  const extra = (CONTENT_W - COLS.reduce((s, c) => s + c.w, 0)) / COLS.length;
  for (const c of COLS) {
    xs.push(x);
    x += c.w + extra;
  }
  const colRight = (i: number) => xs[i] + COLS[i].w + extra - padX;
  sheet.room(24);
  sheet.page.drawRectangle({ x: MARGIN, y: sheet.y - 22, width: CONTENT_W, height: 22, color: BRAND_TINT });
  COLS.forEach((c, i) => {
    const opts = { bold: true, color: BRAND };
    if (i < 2) sheet.text(c.title, xs[i] + padX, sheet.y - 14.5, 7, opts);
    else sheet.textRight(c.title, colRight(i), sheet.y - 14.5, 7, opts);
  });
  sheet.y -= 22;
  const size = 9;
  for (const l of data.lines) {
    const fee = l.firstRentFeeCents > 0 ? l.firstRentFeeCents : l.adminFeeCents;
    const feeNote = l.firstRentFeeCents > 0 ? "1º aluguel" : "administração";
    const width = COLS[0].w + extra - 2 * padX;
    const who = sheet.wrap(l.tenantName, size, width, true);
    // The property, as the owner knows it (the tenant's name alone was not enough).
    const place = sheet.wrap(data.places.get(l.clientId) ?? "", 7.5, width, false).filter(Boolean);
    const share = shareNote(l);
    const what = sheet.wrap(`Aluguel de ${periodLabel(l.monthYear)}${share ? ` · ${share}` : ""}`, 8, width, false);
    const rowH = 10 + (who.length + 1) * 12 + (place.length + what.length - 1) * 11;
    sheet.room(rowH);
    const base = sheet.y - 15;
    who.forEach((line, i) => sheet.text(line, xs[0] + padX, base - i * 12, size, { bold: true }));
    let below = base - who.length * 12;
    for (const [lines, points] of [
      [place, 7.5],
      [what, 8],
    ] as const)
      for (const line of lines) {
        sheet.text(line, xs[0] + padX, below, points, { color: MUTED });
        below -= 11;
      }
    sheet.text(formatDay(l.paymentDate), xs[1] + padX, base, size);
    sheet.textRight(formatBRL(l.receivedCents), colRight(2), base, size);
    sheet.textRight(l.chargesCents ? formatBRL(l.chargesCents) : "—", colRight(3), base, size);
    sheet.textRight(`- ${formatBRL(fee)}`, colRight(4), base, size);
    sheet.textRight(feeNote, colRight(4), base - 12, 7.5, { color: MUTED });
    sheet.textRight(formatBRL(l.netCents), colRight(5), base, size, { bold: true });
    sheet.y -= rowH;
    sheet.hline(MARGIN, PAGE_W - MARGIN, sheet.y);
  }

  // Totals: received, each fee, the transfer.
  const t = data.totals;
  const totals: [string, string, boolean][] = [["Total recebido", formatBRL(t.grossCents), false]];
  if (t.chargesCents) totals.push(["  dos quais multa e juros", formatBRL(t.chargesCents), false]);
  if (t.adminFeeCents) totals.push(["Taxa de administração", `- ${formatBRL(t.adminFeeCents)}`, false]);
  if (t.firstRentFeeCents) totals.push(["Taxa do primeiro aluguel", `- ${formatBRL(t.firstRentFeeCents)}`, false]);
  // Charges beside the rent the owner receives (decision 0068): no fee on them.
  if (t.reimbursedCents) totals.push(["Reembolsos de encargos", `+ ${formatBRL(t.reimbursedCents)}`, false]);
  // The owner's entries (decision 0064): each with its description, then
  // what was carried to the next statement when they exceed the rents.
  for (const d of t.deductions)
    for (const [i, part] of sheet.wrap(d.description, 10, CONTENT_W / 2, false).entries())
      totals.push([part, i === 0 ? signed(d.amountCents) : "", false]);
  if (t.carriedCents) totals.push(["Saldo devedor para o próximo extrato", formatBRL(t.carriedCents), false]);
  totals.push(["Valor repassado", formatBRL(t.netCents), true]);
  sheet.y -= 8;
  for (const [label, value, strong] of totals) {
    sheet.room(20);
    if (strong) {
      sheet.y -= 6;
      sheet.hline(MARGIN + CONTENT_W / 2, PAGE_W - MARGIN, sheet.y, 1.2, INK);
    }
    sheet.text(label, MARGIN + CONTENT_W / 2 - 90, sheet.y - 15, strong ? 11 : 10, { bold: strong });
    sheet.textRight(value, PAGE_W - MARGIN - padX, sheet.y - 15, strong ? 11 : 10, { bold: strong });
    sheet.y -= strong ? 24 : 18;
  }

  // What the fees are, in words (the owner's most common question).
  const notes = [
    ...(t.firstRentFeeCents ? [`Taxa do primeiro aluguel: ${FIRST_RENT_NOTE}`] : []),
    ...(t.adminFeeCents
      ? ["Taxa de administração: a remuneração mensal da imobiliária pela cobrança e pela gestão do contrato."]
      : []),
    ...(data.lines.some((l) => l.withheldCents) ? [`IRRF: ${WITHHELD_NOTE}`] : []),
  ];
  if (notes.length) {
    sheet.y -= 10;
    for (const note of notes) {
      sheet.room(30);
      sheet.paragraph([{ text: note }], 8.5, 12);
    }
  }

  sheet.y -= 20;
  sheet.room(60);
  sheet.paragraph([{ text: `${data.agency.city}, ${longDay(data.issuedOn)}.` }], 10, 15);
  sheet.paragraph([{ text: data.agency.legalName, bold: true }], 10, 15);
  return sheet.finish(title, data.issuedOn);
}
