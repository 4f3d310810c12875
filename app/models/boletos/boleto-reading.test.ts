import { describe, expect, it } from "vitest";
import {
  bankBarcodeToLine,
  bankLineToBarcode,
  bankMod11,
  buildBankBarcode,
  collectionBarcodeToLine,
  buildCollectionBarcode,
  isValidBankLine,
} from "./boleto-line";
import { agreedReadings, hasTrustedCode, interpretBoleto } from "./boleto-reading";
import { cents } from "#app/models/shared/money";

const today = "2026-11-22";
const barcode = buildBankBarcode({
  bank: "237",
  dueDate: "2026-12-15",
  amountCents: cents(98000),
  freeField: "3381090000004567890012340",
});
const line = bankBarcodeToLine(barcode);
const other = buildBankBarcode({
  bank: "104",
  dueDate: "2027-01-10",
  amountCents: cents(152590),
  freeField: "1234567000100040000000019",
});

describe("interpretBoleto", () => {
  it("trusts a valid line the printed labels agree with, and takes the month from the text", () => {
    const text = `Vencimento 15/12/2026\nValor R$ 980,00\nCompetência 11/2026\n${line}`;
    expect(interpretBoleto({ text, barcodes: [], today })).toEqual({
      dueDate: "2026-12-15",
      amountCents: cents(98000),
      monthYear: "2026-11",
      digitableLine: line,
      source: "line",
    });
  });

  it("gives no due date or amount rather than one of two that disagree (line against printed labels)", () => {
    const text = `Vencimento 01/12/2026\nValor R$ 10,00\nCompetência 11/2026\n${line}`;
    expect(interpretBoleto({ text, barcodes: [], today })).toEqual({
      dueDate: null,
      amountCents: null,
      monthYear: "2026-11",
      digitableLine: null,
      source: null,
    });
    // Only the amount disagrees: the date stays, the line (which carries the amount) goes.
    expect(interpretBoleto({ text: `Vencimento 15/12/2026\nValor R$ 10,00\n${line}`, barcodes: [], today })).toEqual({
      dueDate: "2026-12-15",
      amountCents: null,
      monthYear: "2026-12",
      digitableLine: null,
      source: "text",
    });
  });

  it("uses a decoded barcode when the text holds no valid line; the month is then the due date's", () => {
    const text = `Vencimento 10/01/2027\n${line.slice(0, 40)}`;
    expect(interpretBoleto({ text, barcodes: ["123", other], today })).toEqual({
      dueDate: "2027-01-10",
      amountCents: cents(152590),
      monthYear: "2027-01",
      digitableLine: bankBarcodeToLine(other),
      source: "barcode",
    });
  });

  it("falls back to the text rules, never to a barcode that fails its check digit", () => {
    const broken = other.slice(0, 43) + String((Number(other[43]) + 1) % 10);
    const text = "Data de Vencimento: 10.12.2026\nValor do documento: 650,00\nReferente a novembro/2026";
    expect(interpretBoleto({ text, barcodes: [broken], today })).toEqual({
      dueDate: "2026-12-10",
      amountCents: cents(65000),
      monthYear: "2026-11",
      digitableLine: null,
      source: "text",
    });
  });

  it("fills what the line leaves out from the text (an arrecadação bill without a date in its free field)", () => {
    const energy = collectionBarcodeToLine(
      buildCollectionBarcode({
        segment: "3",
        valueKind: "8",
        amountCents: cents(31290),
        company: "0048",
        freeField: "0000000004587130000112026",
      }),
    );
    const text = `Vencimento: 20/12/2026\nTotal a pagar: R$ 312,90\n${energy}`;
    expect(interpretBoleto({ text, barcodes: [], today })).toEqual({
      dueDate: "2026-12-20",
      amountCents: cents(31290),
      monthYear: "2026-12",
      digitableLine: energy,
      source: "line",
    });
  });

  it("says nothing when nothing is there", () => {
    const nothing = { dueDate: null, amountCents: null, monthYear: null, digitableLine: null, source: null };
    expect(interpretBoleto({ text: "Prezada Maria, a vistoria será na próxima semana.", barcodes: [], today })).toEqual(
      nothing,
    );
    expect(interpretBoleto({ text: "", barcodes: [], today })).toEqual(nothing);
  });
});

// The line as a corrupted picture reads it: the amount field changed (same
// factor) so that the general check digit still holds; `lookalike` draws its
// zeros as the letter O, as OCR reads a sharpened photo.
function forged(realLine: string, lookalike = false): { text: string; amountCents: number } {
  const real = bankLineToBarcode(realLine);
  const amount = Number(real.slice(9, 19));
  for (let cents = 0; cents < 100; cents++) {
    const fake = String(amount * 100 + cents).padStart(10, "0");
    if (bankMod11(real.slice(0, 4) + real.slice(5, 9) + fake + real.slice(19)) !== Number(real[4])) continue;
    const fakeLine = realLine.slice(0, 37) + fake;
    expect(isValidBankLine(fakeLine)).toBe(true);
    const text = `${fakeLine.slice(0, 32)} ${fakeLine[32]} ${lookalike ? fakeLine.slice(33).replace(/0/g, "O") : fakeLine.slice(33)}`;
    return { text, amountCents: amount * 100 + cents };
  }
  throw new Error("no forged amount");
}

describe("interpretBoleto is never wrong", () => {
  const fake = forged(line);
  const fakeOcr = forged(line, true);

  it("prefers the decoded barcode to an OCR line that disagrees with it", () => {
    // The forged line passes every check digit: R$ 9.800.0xx,xx for R$ 980,00.
    expect(fake.amountCents).toBeGreaterThan(98000 * 100);
    const text = `Data de Vencimento 15.12.2026\n(=) Valor cobrado 980,00\n237-2 ${fake.text}`;
    expect(interpretBoleto({ text, barcodes: [barcode], today })).toMatchObject({
      dueDate: "2026-12-15",
      amountCents: cents(98000),
      digitableLine: line,
      source: "barcode",
    });
    // No labels read: the barcode stands on its own.
    expect(interpretBoleto({ text: fake.text, barcodes: [barcode], today })).toMatchObject({
      amountCents: cents(98000),
      digitableLine: line,
    });
  });

  it("gives no amount from an OCR line with look-alike letters that nothing confirms", () => {
    const reading = interpretBoleto({ text: `Pagável em qualquer banco\n${fakeOcr.text}`, barcodes: [], today });
    expect(reading.amountCents).toBeNull();
    expect(reading.dueDate).toBeNull();
    expect(reading.digitableLine).toBeNull();
    // The same line printed cleanly (a text layer) stands on its own.
    expect(interpretBoleto({ text: line, barcodes: [], today }).amountCents).toBe(98000);
  });

  it("gives no amount when the line and the printed Valor disagree, with or without a barcode", () => {
    const text = `Vencimento 15/12/2026\nValor do documento R$ 980,00\n${fake.text}`;
    const alone = interpretBoleto({ text, barcodes: [], today });
    expect(alone.amountCents).toBeNull();
    expect(alone.dueDate).toBe("2026-12-15");
    expect(alone.digitableLine).toBeNull();
    // A barcode that disagrees with the print too: still nothing rather than either.
    const printedOther = `Vencimento 15/12/2026\nValor do documento R$ 1.525,90\n${line}`;
    expect(interpretBoleto({ text: printedOther, barcodes: [barcode], today }).amountCents).toBeNull();
  });

  it("takes a line read by OCR only where the print confirms each value it carries", () => {
    // Clean digits, but from a picture: a misread digit in the last field may pass the check digit.
    expect(interpretBoleto({ text: line, barcodes: [], today, ocr: true })).toMatchObject({
      dueDate: null,
      amountCents: null,
      digitableLine: null,
    });
    const dated = `Vencimento 15/12/2026\n${line}`;
    expect(interpretBoleto({ text: dated, barcodes: [], today, ocr: true })).toMatchObject({
      dueDate: "2026-12-15",
      amountCents: null,
      digitableLine: null,
    });
    const printed = `Vencimento 15/12/2026\nValor do documento R$ 980,00\n${line}`;
    expect(interpretBoleto({ text: printed, barcodes: [], today, ocr: true })).toMatchObject({
      dueDate: "2026-12-15",
      amountCents: cents(98000),
      digitableLine: line,
    });
  });

  it("never joins digit runs of different text lines, nor slides a window over a run", () => {
    const half = fake.text.indexOf(" ", 20);
    const split = `${fake.text.slice(0, half)}\n${fake.text.slice(half + 1)}`;
    expect(interpretBoleto({ text: split, barcodes: [], today }).digitableLine).toBeNull();
    expect(interpretBoleto({ text: `4${line}12`, barcodes: [], today }).digitableLine).toBeNull();
  });

  it("does not trust a reference month more than a year from the due date", () => {
    // Not the due date's month either: the page names one, misread.
    const text = `Vencimento 15/12/2026\nReferente a outubro/2028\n${line}`;
    expect(interpretBoleto({ text, barcodes: [], today }).monthYear).toBeNull();
    const near = `Vencimento 15/12/2026\nReferente a outubro/2026\n${line}`;
    expect(interpretBoleto({ text: near, barcodes: [], today }).monthYear).toBe("2026-10");
  });

  it("lists every slip of a carnê page and says the first was read", () => {
    const second = bankBarcodeToLine(
      buildBankBarcode({
        bank: "237",
        dueDate: "2027-01-15",
        amountCents: cents(98000),
        freeField: "3381090000004567890012341",
      }),
    );
    const carne = `Vencimento 15/12/2026 Valor R$ 980,00\n${line}\nParcela 2\nVencimento 15/01/2027 Valor R$ 980,00\n${second}`;
    const reading = interpretBoleto({ text: carne, barcodes: [], today });
    expect(reading).toMatchObject({ dueDate: "2026-12-15", amountCents: cents(98000), digitableLine: line });
    expect(reading.slips).toEqual([
      { dueDate: "2026-12-15", amountCents: cents(98000), digitableLine: line },
      { dueDate: "2027-01-15", amountCents: cents(98000), digitableLine: second },
    ]);
    expect(reading.notice).toBe("2 boletos nesta página; lido o primeiro");
    expect(interpretBoleto({ text: line, barcodes: [barcode], today }).slips).toBeUndefined();
    // Two lines that no print confirms (a quoted old boleto beside the new one): neither.
    const unconfirmed = interpretBoleto({ text: `${line}\nParcela 2\n${second}`, barcodes: [], today });
    expect(unconfirmed).toMatchObject({ dueDate: null, amountCents: null, digitableLine: null });
  });
});

describe("hasTrustedCode", () => {
  it("is true only for a line or barcode whose check digits hold", () => {
    expect(hasTrustedCode({ text: line, barcodes: [], today })).toBe(true);
    expect(hasTrustedCode({ text: "", barcodes: [other], today })).toBe(true);
    expect(hasTrustedCode({ text: "Vencimento 10/12/2026 Valor 1,00", barcodes: ["1234"], today })).toBe(false);
  });
});

describe("agreedReadings", () => {
  it("keeps only the values two OCR readings of one picture both give", () => {
    const first = {
      dueDate: "2026-12-10",
      amountCents: cents(2125000),
      monthYear: "2026-11",
      digitableLine: null,
      source: "text" as const,
    };
    const second = {
      dueDate: "2026-12-10",
      amountCents: cents(125000),
      monthYear: "2026-11",
      digitableLine: null,
      source: "text" as const,
    };
    expect(agreedReadings(first, second)).toEqual({ ...first, amountCents: null });
    expect(agreedReadings(first, { ...second, dueDate: null, amountCents: null })).toEqual({
      dueDate: null,
      amountCents: null,
      monthYear: "2026-11",
      digitableLine: null,
      source: null,
    });
  });
});
