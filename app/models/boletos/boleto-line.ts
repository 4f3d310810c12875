// Boleto maths (FEBRABAN layouts): check digits, the 44-digit barcode and its
// digitable line (47 digits for a bank boleto, 48 for an "arrecadação" bill
// of a utility, tax or fee), and what they say: due date and amount.
// Pure and client-safe. Nothing here trusts a number whose check digits fail:
// a digit misread by OCR must give "not found", never a wrong date or amount.

import { dayNumber, dayOfNumber, isRealDate } from "#app/models/shared/days";
import { cents, type Cents } from "#app/models/shared/money";

export type BoletoKind = "bank" | "collection";

export type DecodedBoleto = {
  kind: BoletoKind;
  barcode: string; // 44 digits
  digitableLine: string; // 47 (bank) or 48 (collection) digits
  dueDate: string | null; // "YYYY-MM-DD"
  amountCents: Cents | null;
};

// Factor 1000 was 2000-07-03; factor 9999 was 2025-02-21. On 2025-02-22 the
// factor started again at 1000, i.e. every 9000 days it wraps.
const FACTOR_BASE = dayNumber("1997-10-07");
const FACTOR_CYCLE = 9000;

const ONLY_DIGITS = /^\d+$/;

const digitsOf = (s: string) => Array.from(s, Number);

// Weights 2,1,2,1... from the right; two-digit products add their digits.
export function mod10(digits: string): number {
  let sum = 0;
  const d = digitsOf(digits);
  for (let i = d.length - 1, w = 2; i >= 0; i--, w = w === 2 ? 1 : 2) {
    const p = d[i] * w;
    sum += p > 9 ? p - 9 : p;
  }
  return (10 - (sum % 10)) % 10;
}

function mod11Sum(digits: string): number {
  let sum = 0;
  const d = digitsOf(digits);
  for (let i = d.length - 1, w = 2; i >= 0; i--, w = w === 9 ? 2 : w + 1) sum += d[i] * w;
  return sum % 11;
}

// The general check digit of a bank barcode: 0, 10 and 11 become 1.
export function bankMod11(digits: string): number {
  const dv = 11 - mod11Sum(digits);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

// The mod 11 of "arrecadação" layouts: remainders 0 and 1 give 0.
export function collectionMod11(digits: string): number {
  const r = mod11Sum(digits);
  return r === 0 || r === 1 ? 0 : 11 - r;
}

// The due date of a bank boleto's factor: of the dates the factor can stand
// for (one per 9000-day cycle), the nearest to `today` (the agency's day).
// Factor 0000 means "no due date"; factors below 1000 belong to dates before
// 2000 and are not trusted.
export function dueDateFromFactor(factor: number, today: string): string | null {
  if (!Number.isInteger(factor) || factor < 1000 || factor > 9999) return null;
  const t = dayNumber(today);
  const first = FACTOR_BASE + factor;
  const k = Math.max(0, Math.round((t - first) / FACTOR_CYCLE));
  let best = first + k * FACTOR_CYCLE;
  for (const c of [k - 1, k + 1]) {
    if (c < 0) continue;
    const day = first + c * FACTOR_CYCLE;
    if (Math.abs(day - t) < Math.abs(best - t)) best = day;
  }
  return dayOfNumber(best);
}

// The factor printed for a due date (from 2000-07-03 on).
export function factorFromDueDate(dueDate: string): number {
  const days = dayNumber(dueDate) - FACTOR_BASE;
  if (days < 1000) throw new Error(`no due-date factor before 2000-07-03: ${dueDate}`);
  return ((days - 1000) % FACTOR_CYCLE) + 1000;
}

// ---- bank boletos (47-digit line) ----------------------------------------

// Barcode: bank(3) currency(1) DV(1) factor(4) amount(10) free field(25).
// Line: field 1 = bank+currency+free[0,5) + DV10; field 2 = free[5,15) + DV10;
// field 3 = free[15,25) + DV10; field 4 = the barcode's DV; field 5 = factor+amount.

export function bankBarcodeToLine(barcode: string): string {
  if (barcode.length !== 44 || !ONLY_DIGITS.test(barcode)) throw new Error("a bank barcode has 44 digits");
  const free = barcode.slice(19);
  const f1 = barcode.slice(0, 4) + free.slice(0, 5);
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  return `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${barcode[4]}${barcode.slice(5, 19)}`;
}

export function bankLineToBarcode(line: string): string {
  if (line.length !== 47 || !ONLY_DIGITS.test(line)) throw new Error("a bank digitable line has 47 digits");
  return line.slice(0, 4) + line[32] + line.slice(33, 47) + line.slice(4, 9) + line.slice(10, 20) + line.slice(21, 31);
}

// The currency digit is 9 (real) on every boleto in circulation.
export function isValidBankBarcode(barcode: string): boolean {
  if (barcode.length !== 44 || !ONLY_DIGITS.test(barcode) || barcode[3] !== "9") return false;
  return bankMod11(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4]);
}

// Each of the three field DVs and the general DV must hold.
export function isValidBankLine(line: string): boolean {
  if (line.length !== 47 || !ONLY_DIGITS.test(line)) return false;
  const fields: [number, number][] = [
    [0, 9],
    [10, 20],
    [21, 31],
  ];
  for (const [start, dvAt] of fields) if (mod10(line.slice(start, dvAt)) !== Number(line[dvAt])) return false;
  return isValidBankBarcode(bankLineToBarcode(line));
}

export function buildBankBarcode(input: {
  bank: string;
  dueDate: string | null;
  amountCents: number;
  freeField: string;
}): string {
  const { bank, dueDate, amountCents, freeField } = input;
  if (!/^\d{3}$/.test(bank)) throw new Error("bank code: 3 digits");
  if (!/^\d{25}$/.test(freeField)) throw new Error("free field: 25 digits");
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > 99_999_999_99)
    throw new Error("amount out of range");
  const factor = dueDate ? String(factorFromDueDate(dueDate)) : "0000";
  const rest = `${bank}9${factor}${String(amountCents).padStart(10, "0")}${freeField}`;
  return rest.slice(0, 4) + bankMod11(rest) + rest.slice(4);
}

function decodeBankBarcode(barcode: string, today: string): DecodedBoleto {
  const amount = Number(barcode.slice(9, 19));
  return {
    kind: "bank",
    barcode,
    digitableLine: bankBarcodeToLine(barcode),
    dueDate: dueDateFromFactor(Number(barcode.slice(5, 9)), today),
    // Zero means "amount filled in by the payer"; the text may say it.
    amountCents: amount > 0 ? cents(amount) : null,
  };
}

// ---- "arrecadação" (48-digit line, barcode starting with 8) ---------------

// Barcode: "8", segment(1), value kind(1), DV(1), value(11), then the company
// (4 digits, or a CNPJ root of 8 for segment 6) and the free field. Value
// kind 6 and 7 use mod 10, 8 and 9 mod 11; 6 and 8 carry the amount in
// centavos, 7 and 9 a reference quantity (not money).
// Line: four blocks of 11 barcode digits, each followed by its check digit.

type CollectionScheme = { mod: (digits: string) => number; effectiveValue: boolean };

function collectionScheme(valueKind: string): CollectionScheme | null {
  switch (valueKind) {
    case "6":
      return { mod: mod10, effectiveValue: true };
    case "7":
      return { mod: mod10, effectiveValue: false };
    case "8":
      return { mod: collectionMod11, effectiveValue: true };
    case "9":
      return { mod: collectionMod11, effectiveValue: false };
    default:
      return null;
  }
}

export function collectionBarcodeToLine(barcode: string): string {
  if (barcode.length !== 44 || !ONLY_DIGITS.test(barcode)) throw new Error("a collection barcode has 44 digits");
  const scheme = collectionScheme(barcode[2]);
  if (!scheme) throw new Error("unknown value kind");
  let line = "";
  for (let i = 0; i < 44; i += 11) {
    const block = barcode.slice(i, i + 11);
    line += block + scheme.mod(block);
  }
  return line;
}

export function collectionLineToBarcode(line: string): string {
  if (line.length !== 48 || !ONLY_DIGITS.test(line)) throw new Error("a collection digitable line has 48 digits");
  return line.slice(0, 11) + line.slice(12, 23) + line.slice(24, 35) + line.slice(36, 47);
}

// Segments 1-7 and 9 exist (0 and 8 are not assigned).
const SEGMENT = /^8[1-79]/;

export function isValidCollectionBarcode(barcode: string): boolean {
  if (barcode.length !== 44 || !ONLY_DIGITS.test(barcode) || !SEGMENT.test(barcode)) return false;
  const scheme = collectionScheme(barcode[2]);
  if (!scheme) return false;
  return scheme.mod(barcode.slice(0, 3) + barcode.slice(4)) === Number(barcode[3]);
}

export function isValidCollectionLine(line: string): boolean {
  if (line.length !== 48 || !ONLY_DIGITS.test(line) || !SEGMENT.test(line)) return false;
  const scheme = collectionScheme(line[2]);
  if (!scheme) return false;
  for (let i = 0; i < 48; i += 12) if (scheme.mod(line.slice(i, i + 11)) !== Number(line[i + 11])) return false;
  return isValidCollectionBarcode(collectionLineToBarcode(line));
}

export function buildCollectionBarcode(input: {
  segment: string;
  valueKind: "6" | "7" | "8" | "9";
  amountCents: number;
  company: string; // 4 digits (8 for segment 6)
  freeField: string; // the rest: 25 digits (21 for segment 6)
}): string {
  const { segment, valueKind, amountCents, company, freeField } = input;
  if (!/^[1-79]$/.test(segment)) throw new Error("segment: 1 to 7 or 9");
  const companyLength = segment === "6" ? 8 : 4;
  if (company.length !== companyLength || !ONLY_DIGITS.test(company))
    throw new Error(`company: ${companyLength} digits`);
  if (freeField.length !== 40 - 11 - companyLength || !ONLY_DIGITS.test(freeField))
    throw new Error("free field length");
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > 999_999_999_99)
    throw new Error("amount out of range");
  const rest = `8${segment}${valueKind}${String(amountCents).padStart(11, "0")}${company}${freeField}`;
  const scheme = collectionScheme(valueKind)!;
  return rest.slice(0, 3) + scheme.mod(rest) + rest.slice(3);
}

// Many issuers start the free field with the due date as AAAAMMDD. Eight
// digits that merely look like a date are common, so the date is taken only
// when it is a real day within five years of today.
function collectionDueDate(barcode: string, today: string): string | null {
  const start = barcode[1] === "6" ? 23 : 19;
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(barcode.slice(start));
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isRealDate(y, mo, d)) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return Math.abs(dayNumber(iso) - dayNumber(today)) <= 5 * 366 ? iso : null;
}

function decodeCollectionBarcode(barcode: string, today: string): DecodedBoleto {
  const scheme = collectionScheme(barcode[2])!;
  const value = Number(barcode.slice(4, 15));
  return {
    kind: "collection",
    barcode,
    digitableLine: collectionBarcodeToLine(barcode),
    dueDate: collectionDueDate(barcode, today),
    amountCents: scheme.effectiveValue && value > 0 ? cents(value) : null,
  };
}

// ---- entry points ----------------------------------------------------------

// A 47- or 48-digit line (digits only) whose every check digit holds, or null.
export function decodeDigitableLine(line: string, today: string): DecodedBoleto | null {
  if (line.length === 47 && isValidBankLine(line)) return decodeBankBarcode(bankLineToBarcode(line), today);
  if (line.length === 48 && isValidCollectionLine(line))
    return decodeCollectionBarcode(collectionLineToBarcode(line), today);
  return null;
}

// A 44-digit barcode (as an ITF reader gives it) whose check digit holds, or
// null. One starting with 8 is an "arrecadação" barcode when it holds as one.
export function decodeBarcode(barcode: string, today: string): DecodedBoleto | null {
  if (isValidCollectionBarcode(barcode)) return decodeCollectionBarcode(barcode, today);
  if (isValidBankBarcode(barcode)) return decodeBankBarcode(barcode, today);
  return null;
}
