import {
  concatTransformationMatrix,
  fill,
  PDFDocument,
  PDFName,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  type PDFPage,
  type RGB,
} from "pdf-lib";
import QRCode from "qrcode";
import { drawable, embedFonts, needsUnicode, type PdfFonts } from "./pdf-fonts.server";
import { formatCpfCnpj, normalizeCpfCnpj } from "#app/models/clients/documents";
import { formatDay } from "#app/models/clients/status";
import { formatDocumentCode, type Verification } from "#app/models/documents/registry.server";
import { saveSigned } from "#app/models/documents/signing.server";

// One-column A4 documents drawn with pdf-lib, in Helvetica or, when a name
// needs it, an embedded DejaVu Sans (pdf-fonts.server.ts: every letter
// drawn), so the text is real text: it can be copied, pdf.js reads it back.
// Shared by the rent receipt
// (docs/decisions/0033-receipts.md) and the owner statement
// (docs/decisions/0040-owner-transfers.md): the agency's header, wrapped
// paragraphs, rows and the footer look the same on both.

// The verification QR's side, in points (about 2 cm: a phone reads it).
const QR_SIZE = 58;

// A4 in points, 2 cm margins.
export const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const MARGIN = 56.7;
export const CONTENT_W = PAGE_W - 2 * MARGIN;

export const INK = rgb(0.11, 0.12, 0.14);
export const MUTED = rgb(0.4, 0.43, 0.47);
export const RULE = rgb(0.82, 0.84, 0.87);
export const BRAND = rgb(0x16 / 255, 0x3e / 255, 0x66 / 255); // --color-brand-700
export const BRAND_TINT = rgb(0xee / 255, 0xf4 / 255, 0xfa / 255); // --color-brand-50

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
export function documentLabel(stored: string | null): string {
  if (!stored) return "";
  const value = normalizeCpfCnpj(stored);
  if (/^\d{11}$/.test(value)) return `CPF ${formatCpfCnpj(value)}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(value)) return `CNPJ ${formatCpfCnpj(value)}`;
  return `CPF/CNPJ ${stored.trim()}`;
}

export type Run = { text: string; bold?: boolean };
// A run on a line; `gap`: a space before it (drawn as an advance, not as a
// character, so that extracted text has one space between runs, not three).
type LineRun = Run & { gap: boolean };
type Fonts = PdfFonts;
type TextOpts = { bold?: boolean; color?: RGB };

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

export type PdfAgency = {
  name: string;
  legalName: string;
  creci: string;
  cnpj: string | null;
  address: string;
  city: string;
};

// "CRECI/MS 1234-J" as configured, "CRECI " added when it does not say so.
export const creciLabel = (agency: PdfAgency) =>
  /^creci/i.test(agency.creci.trim()) ? agency.creci.trim() : `CRECI ${agency.creci.trim()}`;

// "CRECI 1234-J  ·  CNPJ 12.345.678/0001-95".
export function agencyIdLine(agency: PdfAgency) {
  return [creciLabel(agency), agency.cnpj ? `CNPJ ${formatCpfCnpj(normalizeCpfCnpj(agency.cnpj))}` : ""]
    .filter(Boolean)
    .join("  ·  ");
}

// A document being drawn top-down: `y` is the top of the next thing drawn; a
// new page starts when what comes next does not fit above the footer.
export class PdfSheet {
  readonly doc: PDFDocument;
  readonly fonts: Fonts;
  readonly clean: (text: string) => string;
  readonly verification: Verification | null;
  page: PDFPage;
  y = PAGE_H - MARGIN;
  // The pages before it came from another document (after()): finish() draws
  // the footer on its own pages only.
  private firstPage = 0;

  private constructor(doc: PDFDocument, fonts: Fonts, verification: Verification | null) {
    this.doc = doc;
    this.fonts = fonts;
    this.verification = verification;
    this.clean = drawable(fonts.regular); // both weights cover the same characters
    this.page = doc.addPage([PAGE_W, PAGE_H]);
  }

  // The document information is UTF-16 text: names go in as they are.
  // `content`: the data the document draws, looked through once to choose
  // its font (Helvetica unless some text needs more).
  // `verification`: the code the document is checked by (its QR in the
  // header, the code in every page's footer; decision 0079).
  static async create(
    meta: { title: string; subject: string; author: string; creator: string; verification?: Verification | null },
    content: unknown,
  ) {
    const doc = await PDFDocument.create();
    const fonts = await embedFonts(doc, needsUnicode([meta.title, meta.subject, meta.author, content]));
    doc.setTitle(meta.title, { showInWindowTitleBar: true });
    doc.setSubject(meta.subject);
    doc.setAuthor(meta.author);
    doc.setCreator(meta.creator);
    doc.setLanguage("pt-BR");
    return new PdfSheet(doc, fonts, meta.verification ?? null);
  }

  // A sheet that continues `original`: its pages first, as they are (their
  // annotations dropped: a signature field of the original would claim to
  // sign this new file), then a new page drawn on.
  static async after(
    original: Uint8Array,
    meta: Parameters<typeof PdfSheet.create>[0],
    content: unknown,
  ): Promise<PdfSheet> {
    const sheet = await PdfSheet.create(meta, content);
    const source = await PDFDocument.load(original);
    const pages = await sheet.doc.copyPages(source, source.getPageIndices());
    pages.forEach((page, i) => {
      page.node.delete(PDFName.of("Annots"));
      sheet.doc.insertPage(i, page);
    });
    sheet.firstPage = pages.length;
    return sheet;
  }

  // A new page when `height` more points do not fit above the footer.
  room(height: number) {
    if (this.y - height >= MARGIN + 28) return;
    this.page = this.doc.addPage([PAGE_W, PAGE_H]);
    this.y = PAGE_H - MARGIN;
  }

  text(s: string, x: number, baseline: number, size: number, opts: TextOpts = {}) {
    this.page.drawText(this.clean(s), {
      x,
      y: baseline,
      size,
      font: opts.bold ? this.fonts.bold : this.fonts.regular,
      color: opts.color ?? INK,
    });
  }

  widthOf(s: string, size: number, bold = false) {
    return (bold ? this.fonts.bold : this.fonts.regular).widthOfTextAtSize(this.clean(s), size);
  }

  textRight(s: string, right: number, baseline: number, size: number, opts: TextOpts = {}) {
    this.text(s, right - this.widthOf(s, size, opts.bold), baseline, size, opts);
  }

  // The lines `s` takes at `size` within `width`, as strings.
  wrap(s: string, size: number, width: number, bold = false) {
    return wrapRuns([{ text: this.clean(s), bold }], this.fonts, size, width).map(plainLine);
  }

  // Wrapped runs from the current y; moves y below them.
  paragraph(runs: Run[], size: number, leading: number, x = MARGIN, width = CONTENT_W, color = INK) {
    const lines = wrapRuns(
      runs.map((r) => ({ ...r, text: this.clean(r.text) })),
      this.fonts,
      size,
      width,
    );
    for (const line of lines) {
      this.room(leading);
      let cx = x;
      for (const run of line) {
        const font = run.bold ? this.fonts.bold : this.fonts.regular;
        if (run.gap) cx += this.fonts.regular.widthOfTextAtSize(" ", size);
        this.page.drawText(run.text, { x: cx, y: this.y - size, size, font, color });
        cx += font.widthOfTextAtSize(run.text, size);
      }
      this.y -= leading;
    }
  }

  // Centred lines from the current y.
  centered(s: string, size: number, opts: TextOpts = {}) {
    for (const line of this.wrap(s, size, CONTENT_W, opts.bold)) {
      this.text(line, (PAGE_W - this.widthOf(line, size, opts.bold)) / 2, this.y - size, size, opts);
      this.y -= size + 4;
    }
  }

  hline(x1: number, x2: number, atY: number, thickness = 0.75, color = RULE) {
    this.page.drawLine({ start: { x: x1, y: atY }, end: { x: x2, y: atY }, thickness, color });
  }

  // Who issues the document: the agency's name, CRECI and CNPJ, address, a rule.
  // With a verification code, its QR at the right, beside the agency's lines.
  agencyHeader(agency: PdfAgency) {
    const top = this.y;
    const width = this.verification ? CONTENT_W - QR_SIZE - 16 : CONTENT_W;
    this.paragraph([{ text: agency.name, bold: true }], 17, 22, MARGIN, width, BRAND);
    this.y -= 2;
    this.paragraph([{ text: agencyIdLine(agency) }], 9, 12.5, MARGIN, width, MUTED);
    this.paragraph([{ text: agency.address }], 9, 12.5, MARGIN, width, MUTED);
    if (this.verification) {
      this.qr(this.verification.url, PAGE_W - MARGIN - QR_SIZE, top + 4, QR_SIZE);
      this.y = Math.min(this.y, top + 4 - QR_SIZE - 2);
    }
    this.y -= 10;
    this.hline(MARGIN, PAGE_W - MARGIN, this.y, 1.5, BRAND);
    this.y -= 28;
  }

  // The title on the left, an amount in a tinted box on the right.
  titleWithAmount(title: string, caption: string, amount: string) {
    const boxW = Math.max(150, this.widthOf(amount, 15, true) + 32);
    const boxH = 44;
    const y = this.y;
    this.page.drawRectangle({
      x: PAGE_W - MARGIN - boxW,
      y: y - boxH + 14,
      width: boxW,
      height: boxH,
      color: BRAND_TINT,
    });
    this.textRight(caption, PAGE_W - MARGIN - 14, y - 1, 7.5, { bold: true, color: MUTED });
    this.textRight(amount, PAGE_W - MARGIN - 14, y - 20, 15, { bold: true, color: BRAND });
    const titleW = CONTENT_W - boxW - 12;
    const lines = this.wrap(title, 19, titleW, true);
    lines.forEach((line, i) => this.text(line, MARGIN, y - 12 - i * 23, 19, { bold: true }));
    this.y -= Math.max(boxH, lines.length * 23) + 14;
  }

  // A table across the content width: a tinted header row, one row per line
  // (cells on one line each, amounts right-aligned), a bold row for totals.
  // Column widths are weights of the content width.
  table(columns: { title: string; weight: number; right?: boolean }[], rows: { cells: string[]; bold?: boolean }[]) {
    const padX = 8;
    const total = columns.reduce((s, c) => s + c.weight, 0);
    const xs: number[] = [];
    let x = MARGIN;
    for (const c of columns) {
      xs.push(x);
      x += (c.weight / total) * CONTENT_W;
    }
    const right = (i: number) => (i + 1 < xs.length ? xs[i + 1] : PAGE_W - MARGIN) - padX;
    const header = () => {
      this.room(22);
      this.page.drawRectangle({ x: MARGIN, y: this.y - 22, width: CONTENT_W, height: 22, color: BRAND_TINT });
      columns.forEach((c, i) => {
        const opts = { bold: true, color: BRAND };
        if (c.right) this.textRight(c.title.toUpperCase(), right(i), this.y - 14.5, 7.5, opts);
        else this.text(c.title.toUpperCase(), xs[i] + padX, this.y - 14.5, 7.5, opts);
      });
      this.y -= 22;
    };
    header();
    for (const row of rows) {
      const page = this.page;
      this.room(22);
      if (this.page !== page) header();
      if (row.bold) this.hline(MARGIN, PAGE_W - MARGIN, this.y, 1.2, INK);
      row.cells.forEach((cell, i) => {
        const opts = { bold: row.bold };
        if (columns[i].right) this.textRight(cell, right(i), this.y - 15, 10, opts);
        else this.text(cell, xs[i] + padX, this.y - 15, 10, opts);
      });
      this.y -= 22;
      if (!row.bold) this.hline(MARGIN, PAGE_W - MARGIN, this.y);
    }
  }

  // A QR code as vector squares, its top-left corner at (x, top), `size`
  // points wide with its quiet zone inside: each row's runs of dark modules
  // one rectangle, in module units under one transformation (whole numbers:
  // pdf-lib writes them fast), filled once. drawSvgPath parsed a path of a
  // thousand commands (2 ms a document). The mask is fixed: searching the
  // best of eight cost more than the QR itself, and any mask reads.
  qr(text: string, x: number, top: number, size: number) {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: "M", maskPattern: 0 });
    const n = modules.size;
    const cell = size / (n + 2);
    const ops = [
      pushGraphicsState(),
      setFillingRgbColor(INK.red, INK.green, INK.blue),
      // Module (col, row) of the symbol at x + (col + 1) cells, rows downwards.
      concatTransformationMatrix(cell, 0, 0, cell, x + cell, top - (n + 1) * cell),
    ];
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n;) {
        if (!modules.get(row, col)) {
          col++;
          continue;
        }
        const start = col;
        while (col < n && modules.get(row, col)) col++;
        ops.push(rectangle(start, n - 1 - row, col - start, 1));
      }
    }
    ops.push(fill(), popGraphicsState());
    this.page.pushOperators(...ops);
  }

  // A JPEG drawn with its top-left corner at (x, top), `w` × `h` points.
  async jpeg(bytes: Uint8Array, x: number, top: number, w: number, h: number) {
    const image = await this.doc.embedJpg(bytes);
    this.page.drawImage(image, { x, y: top - h, width: w, height: h });
  }

  // Footer on every page: which document this is (short: it never wraps);
  // the page count when there are several pages, or always with `countPages`.
  async finish(label: string, issuedOn: string, countPages = false) {
    const footer = `${label}  ·  emitido em ${formatDay(issuedOn)}`;
    // Below the footer: where and by what code anyone checks the document.
    const check = this.verification
      ? `Confira a autenticidade em ${new URL(this.verification.url).host}/verificar com o código ${formatDocumentCode(this.verification.code)}`
      : null;
    const pages = this.doc.getPages().slice(this.firstPage);
    pages.forEach((p, i) => {
      const text = pages.length > 1 || countPages ? `${footer}  ·  página ${i + 1} de ${pages.length}` : footer;
      p.drawLine({
        start: { x: MARGIN, y: MARGIN + 12 },
        end: { x: PAGE_W - MARGIN, y: MARGIN + 12 },
        thickness: 0.5,
        color: RULE,
      });
      p.drawText(this.clean(text), { x: MARGIN, y: MARGIN, size: 7.5, font: this.fonts.regular, color: MUTED });
      if (check)
        p.drawText(this.clean(check), { x: MARGIN, y: MARGIN - 11, size: 7.5, font: this.fonts.regular, color: MUTED });
    });
    return saveSigned(this.doc);
  }
}
