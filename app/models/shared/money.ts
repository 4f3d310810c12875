import { SOB_CONSULTA } from "#app/utils/format";

// Money: integer centavos, one type and one set of rules
// (docs/decisions/0052-money-and-days.md). Pure and client-safe: the public
// pages format prices with it, so it imports nothing server-side.
//
// `Cents` is a number at run time (zero cost) that the type checker tells apart
// from any other number: a database money column reads and writes `Cents`
// (app/db/schema.ts), so a raw number, a count or an amount in reais cannot be
// stored by mistake. Every value comes from `cents()` (which checks it is a
// safe integer), from parseBRL, from a money column or from the helpers below.

export type Cents = number & { readonly __brand: "Cents" };

// A whole number of centavos; anything else (a fraction, NaN, beyond 2^53) is
// a bug of the caller, not an input to round.
export function cents(n: number): Cents {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number of centavos: ${n}`);
  return n as Cents;
}

// cents() for a value that may be absent (a nullable column).
export function centsOrNull(n: number | null | undefined): Cents | null {
  return n == null ? null : cents(n);
}

export const ZERO_CENTS = 0 as Cents;

// Sums and differences of centavos stay centavos (checked: a sum past 2^53
// would no longer be exact).
export function addCents(...values: readonly number[]): Cents {
  let total = 0;
  for (const v of values) total += v;
  return cents(total);
}

export function sumCents(values: Iterable<number>): Cents {
  let total = 0;
  for (const v of values) total += v;
  return cents(total);
}

export function subtractCents(from: number, ...values: readonly number[]): Cents {
  let total = from;
  for (const v of values) total -= v;
  return cents(total);
}

export const minCents = (a: Cents, b: Cents): Cents => (a <= b ? a : b);

// round(numerator / denominator) to an integer, half-up: x.5 goes up
// (2,5 → 3). A negative fraction rounds by its magnitude, half away from zero
// (−2,5 → −3), so that a difference and its opposite round alike. In BigInt, so
// that a large amount times a rate times years of days stays exact.
export function roundHalfUp(numerator: bigint, denominator: bigint): number {
  if (denominator <= 0n) throw new RangeError("roundHalfUp takes a positive denominator");
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = Number((2n * magnitude + denominator) / (2n * denominator));
  return negative ? -rounded : rounded;
}

const BP = 10_000n; // basis points in a whole (10% = 1000)

// A percentage of an amount, in basis points, rounded half-up to the centavo:
// the multa (10% = 1000), the administration and first-rent fees.
export function applyBp(amount: Cents, bp: number): Cents {
  return cents(roundHalfUp(BigInt(amount) * BigInt(whole(bp, "bp")), BP));
}

// One owner's part of an amount a contract's owners share in basis points
// (docs/decisions/0067-co-owners.md): the shares laid end to end from 0 to
// 10000, each part the rounded end of its share minus the rounded start, so
// that the parts sum to the whole to the centavo whatever the rounding.
export function shareOf(amount: Cents, beforeBp: number, shareBp: number): Cents {
  const at = (bp: number) => roundHalfUp(BigInt(amount) * BigInt(whole(bp, "bp")), BP);
  return cents(at(beforeBp + shareBp) - at(beforeBp));
}

// A rate per period applied for some days of it, pro rata, rounded once
// (half-up) at the end: the juros are amount × monthly rate × D / 30.
export function applyBpProRata(amount: Cents, bp: number, days: number, periodDays: number): Cents {
  if (whole(periodDays, "periodDays") <= 0) throw new RangeError("a period has days");
  return cents(
    roundHalfUp(BigInt(amount) * BigInt(whole(bp, "bp")) * BigInt(whole(days, "days")), BP * BigInt(periodDays)),
  );
}

// An amount for `days` of a period of `periodDays` (a rent for part of a
// month), rounded half-up to the centavo.
export function proRataDays(amount: Cents, days: number, periodDays: number): Cents {
  if (whole(periodDays, "periodDays") <= 0) throw new RangeError("a period has days");
  return cents(roundHalfUp(BigInt(amount) * BigInt(whole(days, "days")), BigInt(periodDays)));
}

function whole(n: number, what: string) {
  if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be a whole number: ${n}`);
  return n;
}

// How far a payment may be from the amount due and still count as paid in
// full (decisions 0036 and 0037): beyond it reconciliation never matches as
// exact, and a confirmed credit records "pago a menor / a maior".
export const PAYMENT_TOLERANCE_CENTS = cents(5);

export const withinTolerance = (paid: number, due: number) => Math.abs(paid - due) <= PAYMENT_TOLERANCE_CENTS;

// ---- BRL text ---------------------------------------------------------------

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

// "R$ 1.250,50". Intl puts a no-break space after "R$"; a plain space reads the
// same and keeps copy/paste and tests simple.
export function formatBRL(centavos: number) {
  return brl.format(centavos / 100).replace(/\u00a0/g, " ");
}

// A property's price: NULL is SOB CONSULTA.
export function formatPrice(centavos: number | null | undefined) {
  return centavos == null || !Number.isFinite(centavos) ? SOB_CONSULTA : formatBRL(centavos);
}

// Centavos as a plain decimal in reais ("1250.50"), with integer arithmetic
// only, for machines (JSON-LD, a link's query); `whole` drops ",00"-like
// cents ("350000"). Negative amounts never reach these places.
export function reaisDecimal(centavos: number, { whole = false } = {}) {
  const reais = Math.trunc(centavos / 100);
  const rest = centavos - reais * 100;
  return whole && rest === 0 ? String(reais) : `${reais}.${String(rest).padStart(2, "0")}`;
}

// Accepts "450.000,00", "450000", "R$ 1.250,5" or "SOB CONSULTA"; returns
// centavos, null for SOB CONSULTA, or undefined when the text is not a price.
// Exact: the text's digits are read as integers, never through a float.
export function parseBRL(input: string): Cents | null | undefined {
  const text = input.trim();
  if (text.toUpperCase() === SOB_CONSULTA) return null;
  const cleaned = text.replace(/^R\$\s*/i, "").replace(/\s/g, "");
  let m = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(cleaned);
  if (m) {
    const reais = Number(m[1].replace(/\./g, ""));
    const rest = m[2] ? Number(m[2].padEnd(2, "0")) : 0;
    const value = reais * 100 + rest;
    return Number.isSafeInteger(value) ? (value as Cents) : undefined;
  }
  // "450000.00" typed with a decimal point.
  m = /^(\d+)\.(\d{2})$/.exec(cleaned);
  if (m) {
    const value = Number(m[1]) * 100 + Number(m[2]);
    return Number.isSafeInteger(value) ? (value as Cents) : undefined;
  }
  return undefined;
}
