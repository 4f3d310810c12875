import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";
import { formatBRL } from "#app/utils/format";
import { formatDay } from "#app/models/clients/status";
import { formatCpfCnpj, normalizeCpfCnpj } from "#app/models/clients/documents";
import { amountInWords } from "./amount-in-words";
import { periodLabel } from "./months";

// "Recibo de Aluguel nº N" as a one-page A4 PDF (docs/decisions/0033-receipts.md):
// the itemized receipt the landlord owes the tenant (Lei 8.245/91, art. 22, VI:
// "recibo discriminado ... vedada a quitação genérica"). Drawn with pdf-lib
// and the standard Helvetica (WinAnsi covers Portuguese), so the text is
// real text: a tenant can copy it, pdf.js can read it back, nothing embedded.

export type ReceiptPdfData = {
  number: number; // N of "Recibo de Aluguel nº N"
  agency: { name: string; legalName: string; creci: string; cnpj: string | null; address: string; city: string };
  tenant: { name: string; cpfCnpj: string | null }; // as stored: digits, or an alphanumeric CNPJ
  propertyAddress: string | null;
  monthYear: string; // "yyyy-MM"
  dueDate: string; // "yyyy-MM-dd"
  items: { label: string; cents: number }[]; // Aluguel, Multa, Juros, a discount as a negative amount
  totalCents: number; // the total paid (the sum of the items)
  paymentDate: string; // "yyyy-MM-dd"
  issuedOn: string; // "yyyy-MM-dd"
};

// A4 in points, 2 cm margins.
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 56.7;
const CONTENT_W = PAGE_W - 2 * MARGIN;

const INK = rgb(0.11, 0.12, 0.14);
const MUTED = rgb(0.4, 0.43, 0.47);
const RULE = rgb(0.82, 0.84, 0.87);
const BRAND = rgb(0x16 / 255, 0x3e / 255, 0x66 / 255); // --color-brand-700
const BRAND_TINT = rgb(0xee / 255, 0xf4 / 255, 0xfa / 255); // --color-brand-50

// "2026-11-23" -> "23 de novembro de 2026"; the first day as "1º", as dates
// are written in Brazil.
const longDayFmt = new Intl.DateTimeFormat("pt-BR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
export function longDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const text = longDayFmt.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
  return text.replace(/^1 /, "1º ");
}

// "CPF 123.456.789-09", "CNPJ 12.ABC.345/01DE-35", or "" when not recorded.
function documentLabel(stored: string | null): string {
  if (!stored) return "";
  const value = normalizeCpfCnpj(stored);
  if (/^\d{11}$/.test(value)) return `CPF ${formatCpfCnpj(value)}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(value)) return `CNPJ ${formatCpfCnpj(value)}`;
  return `CPF/CNPJ ${stored.trim()}`;
}

// Characters a standard font cannot draw (a name typed with "ő" or "ł", an
// emoji, a tab) would make pdf-lib throw: each becomes its letter without
// the accent when there is one, a space for control characters, else "?".
const LOOKALIKE: Record<string, string> = { "\u2212": "-", ł: "l", Ł: "L", đ: "d", Đ: "D", ı: "i" };
function drawable(font: PDFFont) {
  const known = new Set(font.getCharacterSet());
  return (text: string) => {
    let out = "";
    for (const ch of text.normalize("NFC")) {
      const cp = ch.codePointAt(0)!;
      if (known.has(cp)) out += ch;
      else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || /\s/.test(ch)) out += " ";
      else if (LOOKALIKE[ch]) out += LOOKALIKE[ch];
      else {
        const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
        out += base && [...base].every((c) => known.has(c.codePointAt(0)!)) ? base : "?";
      }
    }
    return out;
  };
}

type Run = { text: string; bold?: boolean };
// A run on a line; `gap`: a space before it (drawn as an advance, not as a
// character, so that extracted text has one space between runs, not three).
type LineRun = Run & { gap: boolean };
type Fonts = { regular: PDFFont; bold: PDFFont };

// Words of mixed regular and bold runs laid out on lines of at most `width`
// points; a word longer than a line (a long code, a URL) is cut by letters.
function wrapRuns(runs: Run[], fonts: Fonts, size: number, width: number): LineRun[][] {
  const words: Run[] = [];
  for (const run of runs) {
    const font = run.bold ? fonts.bold : fonts.regular;
    for (const word of run.text.split(/\s+/).filter(Boolean)) {
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        words.push({ text: rest.slice(0, cut), bold: run.bold });
        rest = rest.slice(cut);
      }
      words.push({ text: rest, bold: run.bold });
    }
  }
  const space = fonts.regular.widthOfTextAtSize(" ", size);
  const lines: LineRun[][] = [];
  let line: LineRun[] = [];
  let used = 0;
  for (const word of words) {
    const w = (word.bold ? fonts.bold : fonts.regular).widthOfTextAtSize(word.text, size);
    if (line.length && used + space + w > width) {
      lines.push(line);
      line = [];
      used = 0;
    }
    used += (line.length ? space : 0) + w;
    // Consecutive words of one weight are drawn as one run.
    const last = line[line.length - 1];
    if (last && !!last.bold === !!word.bold) last.text += ` ${word.text}`;
    else line.push({ text: word.text, bold: word.bold, gap: line.length > 0 });
  }
  if (line.length) lines.push(line);
  return lines;
}

// A line of one weight as one string.
const plainLine = (line: LineRun[]) => line.map((r) => (r.gap ? " " : "") + r.text).join("");

export async function renderReceiptPdf(data: ReceiptPdfData): Promise<Uint8Array> {
  // A receipt whose lines do not add up to its total is a bug upstream, and a
  // legal document that contradicts itself: refuse it rather than print it.
  const sum = data.items.reduce((acc, item) => acc + item.cents, 0);
  if (sum !== data.totalCents)
    throw new Error(`receipt ${data.number}: items add up to ${sum}, total is ${data.totalCents}`);
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const clean = drawable(fonts.regular); // both fonts draw the same WinAnsi set

  const title = `Recibo de Aluguel nº ${data.number}`;
  const period = periodLabel(data.monthYear);
  // The document information is UTF-16 text: names go in as they are.
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setSubject(`Aluguel de ${period}: ${data.tenant.name}`);
  doc.setAuthor(data.agency.legalName);
  doc.setCreator(data.agency.name);
  doc.setLanguage("pt-BR");

  let page: PDFPage = doc.addPage([PAGE_W, PAGE_H]);
  let y = PAGE_H - MARGIN; // the top of the next thing drawn

  // A new page when `height` more points do not fit above the footer.
  const room = (height: number) => {
    if (y - height >= MARGIN + 28) return;
    page = doc.addPage([PAGE_W, PAGE_H]);
    y = PAGE_H - MARGIN;
  };
  const text = (s: string, x: number, baseline: number, size: number, opts: { bold?: boolean; color?: RGB } = {}) =>
    page.drawText(clean(s), {
      x,
      y: baseline,
      size,
      font: opts.bold ? fonts.bold : fonts.regular,
      color: opts.color ?? INK,
    });
  const widthOf = (s: string, size: number, bold = false) =>
    (bold ? fonts.bold : fonts.regular).widthOfTextAtSize(clean(s), size);
  const textRight = (
    s: string,
    right: number,
    baseline: number,
    size: number,
    opts: { bold?: boolean; color?: RGB } = {},
  ) => text(s, right - widthOf(s, size, opts.bold), baseline, size, opts);
  // Wrapped runs from the current y; returns nothing, moves y below them.
  const paragraph = (runs: Run[], size: number, leading: number, x = MARGIN, width = CONTENT_W, color = INK) => {
    for (const line of wrapRuns(
      runs.map((r) => ({ ...r, text: clean(r.text) })),
      fonts,
      size,
      width,
    )) {
      room(leading);
      let cx = x;
      for (const run of line) {
        const font = run.bold ? fonts.bold : fonts.regular;
        if (run.gap) cx += fonts.regular.widthOfTextAtSize(" ", size);
        page.drawText(run.text, { x: cx, y: y - size, size, font, color });
        cx += font.widthOfTextAtSize(run.text, size);
      }
      y -= leading;
    }
  };
  const hline = (x1: number, x2: number, atY: number, thickness = 0.75, color = RULE) =>
    page.drawLine({ start: { x: x1, y: atY }, end: { x: x2, y: atY }, thickness, color });

  // Header: who issues the receipt.
  const agencyId = [
    /^creci/i.test(data.agency.creci.trim()) ? data.agency.creci.trim() : `CRECI ${data.agency.creci.trim()}`,
    data.agency.cnpj ? `CNPJ ${formatCpfCnpj(normalizeCpfCnpj(data.agency.cnpj))}` : "",
  ]
    .filter(Boolean)
    .join("  ·  ");
  paragraph([{ text: data.agency.name, bold: true }], 17, 22, MARGIN, CONTENT_W, BRAND);
  y -= 2;
  paragraph([{ text: agencyId }], 9, 12.5, MARGIN, CONTENT_W, MUTED);
  paragraph([{ text: data.agency.address }], 9, 12.5, MARGIN, CONTENT_W, MUTED);
  y -= 10;
  hline(MARGIN, PAGE_W - MARGIN, y, 1.5, BRAND);
  y -= 28;

  // Title on the left, the amount in a tinted box on the right.
  const total = formatBRL(data.totalCents);
  const boxW = Math.max(150, widthOf(total, 15, true) + 32);
  const boxH = 44;
  page.drawRectangle({ x: PAGE_W - MARGIN - boxW, y: y - boxH + 14, width: boxW, height: boxH, color: BRAND_TINT });
  textRight("VALOR", PAGE_W - MARGIN - 14, y - 1, 7.5, { bold: true, color: MUTED });
  textRight(total, PAGE_W - MARGIN - 14, y - 20, 15, { bold: true, color: BRAND });
  text(title, MARGIN, y - 12, 19, { bold: true });
  y -= boxH + 14;

  // The sentence that says who paid what, for which month and property.
  const tenantDoc = documentLabel(data.tenant.cpfCnpj);
  const runs: Run[] = [
    { text: "Recebemos de" },
    { text: `${data.tenant.name},`, bold: true },
    ...(tenantDoc ? [{ text: `${tenantDoc},` }] : []),
    { text: "a importância de" },
    { text: total, bold: true },
    { text: `(${amountInWords(data.totalCents)}),` },
    { text: "referente ao aluguel de" },
    { text: data.propertyAddress ? period : `${period},`, bold: true },
    ...(data.propertyAddress ? [{ text: `do imóvel situado em ${data.propertyAddress},` }] : []),
    { text: `com vencimento em ${formatDay(data.dueDate)}, paga em ${formatDay(data.paymentDate)}.` },
  ];
  paragraph(runs, 11, 17);
  y -= 16;

  // The items, as the law asks: every amount paid, not one lump sum.
  const valueColW = 120;
  const labelW = CONTENT_W - valueColW - 24;
  const padX = 10;
  room(24);
  page.drawRectangle({ x: MARGIN, y: y - 22, width: CONTENT_W, height: 22, color: BRAND_TINT });
  text("DISCRIMINAÇÃO", MARGIN + padX, y - 14.5, 8, { bold: true, color: BRAND });
  textRight("VALOR", PAGE_W - MARGIN - padX, y - 14.5, 8, { bold: true, color: BRAND });
  y -= 22;
  for (const item of data.items) {
    const lines = wrapRuns([{ text: clean(item.label) }], fonts, 10.5, labelW);
    const rowH = 10 + lines.length * 14;
    room(rowH);
    lines.forEach((line, i) => text(plainLine(line), MARGIN + padX, y - 17 - i * 14, 10.5));
    textRight(formatBRL(item.cents), PAGE_W - MARGIN - padX, y - 17, 10.5);
    y -= rowH;
    hline(MARGIN, PAGE_W - MARGIN, y);
  }
  room(30);
  hline(MARGIN, PAGE_W - MARGIN, y, 1.2, INK);
  text("Total pago", MARGIN + padX, y - 19, 11.5, { bold: true });
  textRight(total, PAGE_W - MARGIN - padX, y - 19, 11.5, { bold: true });
  y -= 46;

  // The closing (quitação, place and date, signature) stays together: on a
  // page of its own only when the items fill the page.
  room(190);
  paragraph(
    [{ text: `Damos quitação das importâncias acima discriminadas, referentes ao aluguel de ${period}.` }],
    10,
    15,
  );

  // Place and date, then the signature of whoever received.
  y -= 26;
  paragraph([{ text: `${data.agency.city}, ${longDay(data.issuedOn)}.` }], 11, 16);
  y -= 58;
  const sigW = 260;
  const sigX = (PAGE_W - sigW) / 2;
  hline(sigX, sigX + sigW, y, 0.8, INK);
  y -= 6;
  const centered = (s: string, size: number, opts: { bold?: boolean; color?: RGB } = {}) => {
    const lines = wrapRuns([{ text: clean(s), bold: opts.bold }], fonts, size, CONTENT_W);
    for (const line of lines) {
      const lineText = plainLine(line);
      text(lineText, (PAGE_W - widthOf(lineText, size, opts.bold)) / 2, y - size, size, opts);
      y -= size + 4;
    }
  };
  centered(data.agency.legalName, 10.5, { bold: true });
  if (agencyId) centered(agencyId, 9, { color: MUTED });

  // Footer on every page: which receipt this is (short: it never wraps).
  const footer = `${title}  ·  emitido em ${formatDay(data.issuedOn)}`;
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    const label = pages.length > 1 ? `${footer}  ·  página ${i + 1} de ${pages.length}` : footer;
    p.drawLine({
      start: { x: MARGIN, y: MARGIN + 12 },
      end: { x: PAGE_W - MARGIN, y: MARGIN + 12 },
      thickness: 0.5,
      color: RULE,
    });
    p.drawText(label, { x: MARGIN, y: MARGIN, size: 7.5, font: fonts.regular, color: MUTED });
  });

  return doc.save();
}
