import { decodeBarcode, type DecodedBoleto } from "./boleto-line";
import { findAmount, findDueDate, findLineInText, findReferenceMonth } from "./boleto-text";

// What a read boleto says (the public shape of readBoleto). Pure and
// client-safe, so a route's component may import the type.
export type BoletoReading = {
  dueDate: string | null; // "YYYY-MM-DD"
  amountCents: number | null; // integer centavos
  monthYear: string | null; // "YYYY-MM"
  digitableLine: string | null; // digits only (47 or 48)
  source: "line" | "barcode" | "text" | null;
};

// Everything the reader saw on a file: its text (text layer or OCR) and the
// ITF barcodes decoded from its image. `today` is the agency's day, the
// reference that picks a due-date factor's cycle.
export type BoletoEvidence = { text: string; barcodes: string[]; today: string };

// The order of trust (docs/decisions/0014-boleto-reading.md): a digitable line
// whose check digits hold, then a decoded barcode that holds, then the text's
// labels. What the line leaves out (no factor, an amount of zero, a utility
// bill without a date in its free field) comes from the text rules.
export function interpretBoleto({ text, barcodes, today }: BoletoEvidence): BoletoReading {
  let decoded: DecodedBoleto | null = null;
  let source: BoletoReading["source"] = null;
  const inText = findLineInText(text, today);
  if (inText) {
    decoded = inText.decoded;
    source = inText.form;
  } else {
    for (const barcode of barcodes) {
      decoded = decodeBarcode(barcode.replace(/\D/g, ""), today);
      if (decoded) {
        source = "barcode";
        break;
      }
    }
  }

  const dueDate = decoded?.dueDate ?? findDueDate(text);
  const amountCents = decoded?.amountCents ?? findAmount(text);
  if (!decoded && (dueDate !== null || amountCents !== null)) source = "text";
  return {
    dueDate,
    amountCents,
    monthYear: findReferenceMonth(text) ?? (dueDate ? dueDate.slice(0, 7) : null),
    digitableLine: decoded?.digitableLine ?? null,
    source,
  };
}

// True when the evidence already holds a trusted line or barcode: the reader
// can stop before the slower steps (OCR of a second page).
export function hasTrustedCode({ text, barcodes, today }: BoletoEvidence): boolean {
  return (
    findLineInText(text, today) !== null || barcodes.some((b) => decodeBarcode(b.replace(/\D/g, ""), today) !== null)
  );
}
