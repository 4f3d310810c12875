import { describe, expect, it } from "vitest";
import {
  bankBarcodeToLine,
  bankLineToBarcode,
  bankMod11,
  buildBankBarcode,
  buildCollectionBarcode,
  collectionBarcodeToLine,
  collectionLineToBarcode,
  collectionMod11,
  decodeBarcode,
  decodeDigitableLine,
  dueDateFromFactor,
  factorFromDueDate,
  isValidBankLine,
  isValidCollectionLine,
  mod10,
} from "./boleto-line";

// Published examples (not made by this module): a Banco do Brasil line from
// FEBRABAN-era documentation, and the two examples of
// @brazilian-utils/brazilian-utils's getBoletoInfo.
const BB_2007 = "00190500954014481606906809350314337370000000100"; // 31/12/2007, R$ 1,00
const BB_2018 = "00190000090114971860168524522114675860000102656"; // 15/07/2018, R$ 1.026,56
const BB_2018_BARCODE = "00196758600001026560000001149718606852452211";
const TELECOM = "846100000005246100291102005460339004695895061080"; // segment 4, R$ 24,61

// Changes the digit at `index` (always to a different digit).
const mutate = (digits: string, index: number) =>
  digits.slice(0, index) + String((Number(digits[index]) + 3) % 10) + digits.slice(index + 1);

describe("check digits", () => {
  it("mod 10 (weights 2,1 from the right, products' digits added)", () => {
    expect(mod10("001905009")).toBe(5);
    expect(mod10("4014481606")).toBe(9);
    expect(mod10("0680935031")).toBe(4);
    expect(mod10("0")).toBe(0);
  });

  it("mod 11 of a bank barcode turns 0, 10 and 11 into 1; of arrecadação, remainders 0 and 1 into 0", () => {
    expect(bankMod11("0019373700000001000500940144816060680935031")).toBe(3);
    // sum % 11 === 0 -> 11 -> 1 (bank) and 0 (arrecadação).
    expect(bankMod11("0")).toBe(1);
    expect(collectionMod11("0")).toBe(0);
    // "1" alone: 1*2 = 2 -> 11 - 2 = 9 in both.
    expect(bankMod11("1")).toBe(9);
    expect(collectionMod11("1")).toBe(9);
    // "5": 10 -> remainder 10 -> 11 - 10 = 1 in both.
    expect(bankMod11("5")).toBe(1);
    expect(collectionMod11("5")).toBe(1);
  });
});

describe("bank boletos (47-digit line)", () => {
  it("decodes published lines: due date by factor, amount in centavos", () => {
    expect(decodeDigitableLine(BB_2007, "2007-12-01")).toEqual({
      kind: "bank",
      barcode: "00193373700000001000500940144816060680935031",
      digitableLine: BB_2007,
      dueDate: "2007-12-31",
      amountCents: 100,
    });
    expect(decodeDigitableLine(BB_2018, "2025-06-15")).toMatchObject({
      dueDate: "2018-07-15",
      amountCents: 102656,
      barcode: BB_2018_BARCODE,
    });
  });

  it("converts a 44-digit barcode to its line and back", () => {
    expect(bankBarcodeToLine(BB_2018_BARCODE)).toBe(BB_2018);
    expect(bankLineToBarcode(BB_2018)).toBe(BB_2018_BARCODE);
    expect(decodeBarcode(BB_2018_BARCODE, "2025-06-15")).toMatchObject({
      digitableLine: BB_2018,
      dueDate: "2018-07-15",
      amountCents: 102656,
    });
    const built = buildBankBarcode({
      bank: "341",
      dueDate: "2026-12-10",
      amountCents: 125000,
      freeField: "1090000012345678901234560",
    });
    expect(bankLineToBarcode(bankBarcodeToLine(built))).toBe(built);
    expect(isValidBankLine(bankBarcodeToLine(built))).toBe(true);
  });

  it("gives due dates on both sides of the factor's restart on 2025-02-22", () => {
    const today = "2026-11-22";
    for (const dueDate of [
      "2024-12-31",
      "2025-01-15",
      "2025-02-21",
      "2025-02-22",
      "2025-03-01",
      "2026-12-10",
      "2028-06-30",
    ]) {
      const barcode = buildBankBarcode({
        bank: "001",
        dueDate,
        amountCents: 9990,
        freeField: "0000001234567890123456717",
      });
      expect(decodeBarcode(barcode, today)?.dueDate, dueDate).toBe(dueDate);
      expect(decodeDigitableLine(bankBarcodeToLine(barcode), today)?.dueDate, dueDate).toBe(dueDate);
    }
  });

  it("prints factor 1000 from 2025-02-22 (9999 the day before)", () => {
    expect(factorFromDueDate("2000-07-03")).toBe(1000);
    expect(factorFromDueDate("2025-02-21")).toBe(9999);
    expect(factorFromDueDate("2025-02-22")).toBe(1000);
    expect(factorFromDueDate("2025-02-23")).toBe(1001);
    expect(factorFromDueDate("2025-01-15")).toBe(9962);
    expect(() => factorFromDueDate("1999-01-01")).toThrow();
  });

  it("reads a factor as the date of its cycle nearest today", () => {
    expect(dueDateFromFactor(1000, "2000-07-10")).toBe("2000-07-03");
    expect(dueDateFromFactor(1000, "2025-03-01")).toBe("2025-02-22");
    expect(dueDateFromFactor(1000, "2026-11-22")).toBe("2025-02-22");
    expect(dueDateFromFactor(9999, "2025-02-25")).toBe("2025-02-21");
    expect(dueDateFromFactor(9999, "2049-07-10")).toBe("2049-10-13");
    // A boleto issued in January 2025 for March 2025 is read in February.
    expect(dueDateFromFactor(factorFromDueDate("2025-03-10"), "2025-02-01")).toBe("2025-03-10");
    expect(dueDateFromFactor(0, "2026-11-22")).toBeNull();
    expect(dueDateFromFactor(999, "2026-11-22")).toBeNull();
  });

  it("never trusts a line with one wrong digit: a field's digit or DV, the general DV, the factor or the amount", () => {
    expect(isValidBankLine(BB_2018)).toBe(true);
    // 3: field 1; 9: field 1's DV; 15: field 2; 20: field 2's DV; 25: field 3;
    // 31: field 3's DV; 32: the general DV; 36: the factor; 45: the amount.
    for (const index of [0, 3, 9, 15, 20, 25, 31, 32, 36, 45]) {
      const wrong = mutate(BB_2018, index);
      expect(isValidBankLine(wrong), `digit ${index}`).toBe(false);
      expect(decodeDigitableLine(wrong, "2025-06-15"), `digit ${index}`).toBeNull();
    }
    // Two neighbours swapped in the amount.
    expect(
      decodeDigitableLine(BB_2018.slice(0, 42) + BB_2018[43] + BB_2018[42] + BB_2018.slice(44), "2025-06-15"),
    ).toBeNull();
    expect(decodeBarcode(mutate(BB_2018_BARCODE, 4), "2025-06-15")).toBeNull();
    expect(decodeBarcode(mutate(BB_2018_BARCODE, 30), "2025-06-15")).toBeNull();
  });

  it("leaves out what the line does not hold: factor 0000, amount zero", () => {
    const barcode = buildBankBarcode({
      bank: "237",
      dueDate: null,
      amountCents: 0,
      freeField: "3381090000004567890012340",
    });
    expect(decodeBarcode(barcode, "2026-11-22")).toMatchObject({ dueDate: null, amountCents: null });
  });

  it("refuses what is not a line: wrong length, letters, a currency other than 9", () => {
    expect(decodeDigitableLine(BB_2018.slice(1), "2025-06-15")).toBeNull();
    expect(decodeDigitableLine(BB_2018 + "0", "2025-06-15")).toBeNull();
    expect(decodeDigitableLine(BB_2018.replace("0", "O"), "2025-06-15")).toBeNull();
    expect(decodeBarcode("0018" + BB_2018_BARCODE.slice(4), "2025-06-15")).toBeNull();
  });
});

describe("arrecadação (48-digit line, starting with 8)", () => {
  it("decodes the published telecom bill: effective value, no due date", () => {
    expect(isValidCollectionLine(TELECOM)).toBe(true);
    expect(decodeDigitableLine(TELECOM, "2025-06-15")).toEqual({
      kind: "collection",
      barcode: "84610000000246100291100054603390069589506108",
      digitableLine: TELECOM,
      dueDate: null,
      amountCents: 2461,
    });
    expect(collectionLineToBarcode(TELECOM)).toBe("84610000000246100291100054603390069589506108");
    expect(collectionBarcodeToLine("84610000000246100291100054603390069589506108")).toBe(TELECOM);
  });

  it("checks with mod 10 (value kinds 6, 7) or mod 11 (8, 9); kinds 7 and 9 carry no amount", () => {
    for (const valueKind of ["6", "7", "8", "9"] as const) {
      const barcode = buildCollectionBarcode({
        segment: "3",
        valueKind,
        amountCents: 31290,
        company: "0048",
        freeField: "0000000004587130000112026",
      });
      const line = collectionBarcodeToLine(barcode);
      expect(isValidCollectionLine(line), valueKind).toBe(true);
      const effective = valueKind === "6" || valueKind === "8";
      expect(decodeDigitableLine(line, "2026-11-22")?.amountCents, valueKind).toBe(effective ? 31290 : null);
      expect(decodeBarcode(barcode, "2026-11-22")?.digitableLine, valueKind).toBe(line);
    }
  });

  it("takes a due date from the free field (AAAAMMDD) only when it is a real, near day", () => {
    const bill = (freeField: string, segment = "2", company = "0123") =>
      decodeDigitableLine(
        collectionBarcodeToLine(
          buildCollectionBarcode({ segment, valueKind: "6", amountCents: 18743, company, freeField }),
        ),
        "2026-11-22",
      );
    expect(bill("2026121500458713000000001")).toMatchObject({ dueDate: "2026-12-15", amountCents: 18743 });
    expect(bill("2026023000458713000000001")?.dueDate).toBeNull(); // 30 Feb
    expect(bill("2026130100458713000000001")?.dueDate).toBeNull(); // month 13
    expect(bill("2010121500458713000000001")?.dueDate).toBeNull(); // 16 years ago
    expect(bill("0045871300000000120261215")?.dueDate).toBeNull(); // not at the start
    // Segment 6 identifies the company by 8 digits of its CNPJ: the free field starts later.
    expect(bill("202701100045871300001", "6", "12345678")?.dueDate).toBe("2027-01-10");
  });

  it("never trusts a line with one wrong digit (a block's digit or DV, the general DV), nor segment 8", () => {
    // 2: value kind; 3: general DV; 5: amount; 11: block 1's DV; 14 and 23: block 2;
    // 30: block 3; 47: block 4's DV.
    for (const index of [3, 5, 11, 14, 23, 30, 40, 47]) {
      expect(decodeDigitableLine(mutate(TELECOM, index), "2025-06-15"), `digit ${index}`).toBeNull();
    }
    // Its check digit holds, but no segment 8 exists.
    const body = "886" + "00000000100" + "0001" + "0".repeat(25);
    const segment8 = body.slice(0, 3) + mod10(body) + body.slice(3);
    expect(decodeBarcode(segment8, "2026-11-22")).toBeNull();
  });
});
