import { decodeBarcode, type DecodedBoleto } from "./boleto-line";
import { findAmount, findDueDate, printedAmounts, printedDueDates, readReferenceMonth } from "./boleto-labels";
import { findLinesInText } from "./boleto-text";
import type { Cents } from "#app/models/shared/money";

// One boleto of a page that holds several (a carnê): what its code says.
export type BoletoSlip = {
  dueDate: string | null; // "YYYY-MM-DD"
  amountCents: Cents | null;
  digitableLine: string; // digits only (47 or 48)
};

// What a read boleto says (the public shape of readBoleto). Pure and
// client-safe, so a route's component may import the type. A value is right
// or absent, never a guess between disagreeing readings.
export type BoletoReading = {
  dueDate: string | null; // "YYYY-MM-DD"
  amountCents: Cents | null; // integer centavos
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
// reference that picks a due-date factor's cycle. `ocr`: some of the text was
// read by OCR (a line in it may hold a misread digit its check digits pass).
export type BoletoEvidence = { text: string; barcodes: string[]; today: string; ocr?: boolean };

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

// How a code stands against the print. "confirmed": each value it carries is
// one the page prints under its label (or it is a decoded barcode and the
// print says nothing against it); "alone": nothing printed was read for some
// value and the code is trusted on its own; "unconfirmed": the same, but the
// code is not trusted on its own (read by OCR, with look-alike letters, or
// beside a barcode that disagrees); "disagrees": a value differs from the
// print.
type Verdict = "confirmed" | "alone" | "unconfirmed" | "disagrees";
type Judged = {
  code: Code;
  dueDate: string | null;
  amountCents: Cents | null;
  verdict: Verdict;
  against: { dueDate: boolean; amountCents: boolean }; // the values that differ from the print
};

function judge(code: Code, printed: { dates: string[]; amounts: number[] }, trusted: boolean): Judged {
  let { dueDate } = code.decoded;
  // An arrecadação bill's date is only a guess from its free field (issuers
  // differ): it counts where the print shows it, and is no disagreement where not.
  if (code.decoded.kind === "collection" && dueDate !== null && !printed.dates.includes(dueDate)) dueDate = null;
  const { amountCents } = code.decoded;
  const against = {
    dueDate: dueDate !== null && printed.dates.length > 0 && !printed.dates.includes(dueDate),
    amountCents: amountCents !== null && printed.amounts.length > 0 && !printed.amounts.includes(amountCents),
  };
  const unprinted =
    (dueDate !== null && printed.dates.length === 0) || (amountCents !== null && printed.amounts.length === 0);
  const verdict: Verdict =
    against.dueDate || against.amountCents
      ? "disagrees"
      : !unprinted || code.fromBarcode
        ? "confirmed"
        : trusted
          ? "alone"
          : "unconfirmed";
  return { code, dueDate, amountCents, verdict, against };
}

// The order of trust (docs/decisions/0014-boleto-reading.md, 0038): a decoded
// barcode, confirmed by the line in the text when both are read; a line of a
// PDF's text layer whose check digits hold; then the text's labels. Every
// code is checked against the printed Vencimento and Valor, and one that
// disagrees is dropped whole; when no code is left and one disagreed, that
// value is absent rather than one of the two. A line read by OCR counts only
// where the print confirms each value it carries (its amount field is guarded
// by the general check digit alone). Several codes count only when each is
// confirmed (a carnê); several lines that nothing confirms (a quoted old
// boleto beside the new one) give none. What the code leaves out (no factor,
// an amount of zero, a utility bill without a printed date) comes from the
// text rules.
export function interpretBoleto(evidence: BoletoEvidence): BoletoReading {
  const { text } = evidence;
  const { codes, conflict } = codesOf(evidence);
  const printed = { dates: printedDueDates(text), amounts: printedAmounts(text) };
  const judged = codes.map((c) => judge(c, printed, c.fromBarcode || (!evidence.ocr && !conflict && !c.lookalikes)));
  const usable = judged.filter((j) => j.verdict === "confirmed" || j.verdict === "alone");
  const chosen = usable.length === 1 || usable.every((j) => j.verdict === "confirmed") ? usable : [];
  const first = chosen[0];
  // With no code kept, a value some code disagreed on is absent rather than the print's.
  const disputed = (key: "dueDate" | "amountCents") => !first && judged.some((j) => j.against[key]);
  const dueDate = first?.dueDate ?? (disputed("dueDate") ? null : findDueDate(text));
  const amountCents = first?.amountCents ?? (disputed("amountCents") ? null : findAmount(text));
  const reference = readReferenceMonth(text, dueDate);
  const reading: BoletoReading = {
    dueDate,
    amountCents,
    monthYear: reference.month ?? (reference.labelled || !dueDate ? null : dueDate.slice(0, 7)),
    digitableLine: first ? first.code.decoded.digitableLine : null,
    source: first ? (first.code.form ?? "barcode") : dueDate !== null || amountCents !== null ? "text" : null,
  };
  if (chosen.length > 1) {
    reading.slips = chosen.map((j) => ({
      dueDate: j.dueDate,
      amountCents: j.amountCents,
      digitableLine: j.code.decoded.digitableLine,
    }));
    reading.notice = severalSlipsNotice(chosen.length);
  }
  return reading;
}

// Two OCR readings of one picture (at two scales) whose values come from the
// labels alone: each value is kept only when both give it.
export function agreedReadings(first: BoletoReading, second: BoletoReading): BoletoReading {
  const same = <T>(a: T | null, b: T | null) => (a === b ? a : null);
  const dueDate = same(first.dueDate, second.dueDate);
  const amountCents = same(first.amountCents, second.amountCents);
  return {
    dueDate,
    amountCents,
    monthYear: same(first.monthYear, second.monthYear),
    digitableLine: null,
    source: dueDate !== null || amountCents !== null ? "text" : null,
  };
}

export const severalSlipsNotice = (n: number) => `${n} boletos nesta página; lido o primeiro`;

// True when the evidence already holds a line or barcode whose check digits
// hold: the reader can stop before the slower steps (OCR of a second page).
export function hasTrustedCode(evidence: BoletoEvidence): boolean {
  return codesOf(evidence).codes.length > 0;
}
