import { decodeBarcode, type DecodedBoleto } from "./boleto-line";
import {
  findAmount,
  findDueDate,
  findLinesInText,
  findReferenceMonth,
  printedAmounts,
  printedDueDates,
} from "./boleto-text";

// One boleto of a page that holds several (a carnê): what its code says.
export type BoletoSlip = {
  dueDate: string | null; // "YYYY-MM-DD"
  amountCents: number | null;
  digitableLine: string; // digits only (47 or 48)
};

// What a read boleto says (the public shape of readBoleto). Pure and
// client-safe, so a route's component may import the type. A value is right
// or absent, never a guess between disagreeing readings.
export type BoletoReading = {
  dueDate: string | null; // "YYYY-MM-DD"
  amountCents: number | null; // integer centavos
  monthYear: string | null; // "YYYY-MM"
  digitableLine: string | null; // digits only (47 or 48)
  source: "line" | "barcode" | "text" | null;
  // Only when the page holds more than one boleto: each of them, in reading
  // order (the values above are the first's), and what to tell the user.
  slips?: BoletoSlip[];
  notice?: string;
};

// Everything the reader saw on a file: its text (text layer or OCR) and the
// ITF barcodes decoded from its image. `today` is the agency's day, the
// reference that picks a due-date factor's cycle.
export type BoletoEvidence = { text: string; barcodes: string[]; today: string };

type Code = { decoded: DecodedBoleto; fromBarcode: boolean; form: "line" | "barcode" | null; lookalikes: boolean };

// The codes of the page, each once, in reading order: lines found in the text
// first, then barcodes no line matched. `conflict`: the text holds a line that
// no decoded barcode matches (OCR joined or misread digits), so the code's
// values are trusted only where the printed labels confirm them.
function codesOf({ text, barcodes, today }: BoletoEvidence): { codes: Code[]; conflict: boolean } {
  const decodedBarcodes: DecodedBoleto[] = [];
  for (const raw of barcodes) {
    const decoded = decodeBarcode(raw.replace(/\D/g, ""), today);
    if (decoded && !decodedBarcodes.some((d) => d.barcode === decoded.barcode)) decodedBarcodes.push(decoded);
  }
  const lines = findLinesInText(text, today);
  const codes: Code[] = [];
  let conflict = false;
  for (const line of lines) {
    const scanned = decodedBarcodes.some((d) => d.barcode === line.decoded.barcode);
    // Barcode first: where zxing decoded one, a line of the text that none
    // confirms is dropped.
    if (decodedBarcodes.length > 0 && !scanned) {
      conflict = true;
      continue;
    }
    codes.push({ decoded: line.decoded, fromBarcode: scanned, form: line.form, lookalikes: line.lookalikes });
  }
  for (const decoded of decodedBarcodes)
    if (!codes.some((c) => c.decoded.barcode === decoded.barcode))
      codes.push({ decoded, fromBarcode: true, form: null, lookalikes: false });
  return { codes, conflict };
}

// A code's value against what the page prints for it: kept when the print
// agrees, or when nothing is printed (read) and the code stands on its own
// (a barcode, or a line read without look-alike letters and without a
// disagreeing barcode); dropped otherwise.
function checked<T>(value: T | null, printed: T[], standsAlone: boolean): { value: T | null; dropped: boolean } {
  if (value === null) return { value, dropped: false };
  const ok = printed.length > 0 ? printed.includes(value) : standsAlone;
  return ok ? { value, dropped: false } : { value: null, dropped: true };
}

// The order of trust (docs/decisions/0014-boleto-reading.md, 0038): a decoded
// barcode, confirmed by the line in the text when both are read; a line whose
// check digits hold; then the text's labels. The code's due date and amount
// are cross-checked against the printed Vencimento and Valor: a disagreement
// gives no value rather than one of the two. What the code leaves out (no
// factor, an amount of zero, a utility bill without a date in its free field)
// comes from the text rules.
export function interpretBoleto(evidence: BoletoEvidence): BoletoReading {
  const { text } = evidence;
  const { codes, conflict } = codesOf(evidence);
  const first = codes[0];
  let dueDate: string | null;
  let amountCents: number | null;
  let digitableLine: string | null = null;
  let source: BoletoReading["source"] = null;
  if (first) {
    const standsAlone = first.fromBarcode || (!conflict && !first.lookalikes);
    const due = checked(first.decoded.dueDate, printedDueDates(text), standsAlone);
    const amount = checked(first.decoded.amountCents, printedAmounts(text), standsAlone);
    dueDate = due.dropped ? null : (due.value ?? findDueDate(text));
    amountCents = amount.dropped ? null : (amount.value ?? findAmount(text));
    // The line is given only when the values it carries were kept.
    if (!due.dropped && !amount.dropped) {
      digitableLine = first.decoded.digitableLine;
      source = first.form ?? "barcode";
    } else if (dueDate !== null || amountCents !== null) source = "text";
  } else {
    // No code: a wrong OCR line that was dropped leaves the labels alone.
    dueDate = findDueDate(text);
    amountCents = findAmount(text);
    if (dueDate !== null || amountCents !== null) source = "text";
  }
  const reading: BoletoReading = {
    dueDate,
    amountCents,
    monthYear: findReferenceMonth(text, dueDate) ?? (dueDate ? dueDate.slice(0, 7) : null),
    digitableLine,
    source,
  };
  if (codes.length > 1 && digitableLine !== null) {
    // Each slip's values under the same checks as the first's.
    const [dates, amounts] = [printedDueDates(text), printedAmounts(text)];
    reading.slips = codes.map((c) => {
      const standsAlone = c.fromBarcode || (!conflict && !c.lookalikes);
      return {
        dueDate: checked(c.decoded.dueDate, dates, standsAlone).value,
        amountCents: checked(c.decoded.amountCents, amounts, standsAlone).value,
        digitableLine: c.decoded.digitableLine,
      };
    });
    reading.notice = severalSlipsNotice(codes.length);
  }
  return reading;
}

export const severalSlipsNotice = (n: number) => `${n} boletos nesta página; lido o primeiro`;

// True when the evidence already holds a line or barcode whose check digits
// hold: the reader can stop before the slower steps (OCR of a second page).
export function hasTrustedCode(evidence: BoletoEvidence): boolean {
  return codesOf(evidence).codes.length > 0;
}
