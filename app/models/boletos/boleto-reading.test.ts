import { describe, expect, it } from "vitest";
import { bankBarcodeToLine, buildBankBarcode, collectionBarcodeToLine, buildCollectionBarcode } from "./boleto-line";
import { hasTrustedCode, interpretBoleto } from "./boleto-reading";

const today = "2026-11-22";
const barcode = buildBankBarcode({
  bank: "237",
  dueDate: "2026-12-15",
  amountCents: 98000,
  freeField: "3381090000004567890012340",
});
const line = bankBarcodeToLine(barcode);
const other = buildBankBarcode({
  bank: "104",
  dueDate: "2027-01-10",
  amountCents: 152590,
  freeField: "1234567000100040000000019",
});

describe("interpretBoleto", () => {
  it("trusts a valid line over the labels, and takes the month from the text", () => {
    const text = `Vencimento 01/12/2026\nValor R$ 10,00\nCompetência 11/2026\n${line}`;
    expect(interpretBoleto({ text, barcodes: [other], today })).toEqual({
      dueDate: "2026-12-15",
      amountCents: 98000,
      monthYear: "2026-11",
      digitableLine: line,
      source: "line",
    });
  });

  it("uses a decoded barcode when the text holds no valid line; the month is then the due date's", () => {
    const text = `Vencimento 01/12/2026\n${line.slice(0, 40)}`;
    expect(interpretBoleto({ text, barcodes: ["123", other], today })).toEqual({
      dueDate: "2027-01-10",
      amountCents: 152590,
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
      amountCents: 65000,
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
        amountCents: 31290,
        company: "0048",
        freeField: "0000000004587130000112026",
      }),
    );
    const text = `Vencimento: 20/12/2026\nTotal a pagar: R$ 999,99\n${energy}`;
    expect(interpretBoleto({ text, barcodes: [], today })).toEqual({
      dueDate: "2026-12-20",
      amountCents: 31290,
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

describe("hasTrustedCode", () => {
  it("is true only for a line or barcode whose check digits hold", () => {
    expect(hasTrustedCode({ text: line, barcodes: [], today })).toBe(true);
    expect(hasTrustedCode({ text: "", barcodes: [other], today })).toBe(true);
    expect(hasTrustedCode({ text: "Vencimento 10/12/2026 Valor 1,00", barcodes: ["1234"], today })).toBe(false);
  });
});
