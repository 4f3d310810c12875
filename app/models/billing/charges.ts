// What an open billing costs on a given day, and when a billing is issued
// (docs/decisions/0031-charging-the-rent.md; docs/product.md §Cobranças).
// Pure and client-safe; integer centavos and integer arithmetic throughout.
//
// Lei 8.245/91 leaves the late fee and the interest to the contract: each
// client row carries them in basis points (10% = 1000). A billing overdue by
// D days (the agency's day minus the due date) is due that day:
//   multa = round(amount × late_fee / 100)
//   juros = round(amount × monthly_interest / 100 × D / 30)
// each rounded half-up to the centavo, separately.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayNumber(day: string) {
  const m = DAY.exec(day);
  if (!m) throw new Error(`not a day: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
}

// Calendar days from `from` to `to` ("2026-01-31" → "2026-03-01": 29); days
// have no time zone here: "today" is already the agency's (localToday()).
export function daysBetween(from: string, to: string) {
  return dayNumber(to) - dayNumber(from);
}

export function addDays(day: string, n: number) {
  const t = new Date((dayNumber(day) + n) * 86_400_000);
  return t.toISOString().slice(0, 10);
}

// Days past the due date on `day`; 0 on the due date and before.
export function daysOverdue(dueDate: string, day: string) {
  return Math.max(0, daysBetween(dueDate, day));
}

// round(numerator / denominator), half-up, for non-negative integers, in
// BigInt so that a large amount times a rate times years of days stays exact.
export function roundHalfUp(numerator: bigint, denominator: bigint): number {
  if (numerator < 0n || denominator <= 0n) throw new Error("roundHalfUp takes non-negative values");
  return Number((2n * numerator + denominator) / (2n * denominator));
}

export type ChargeTerms = {
  amount_cents: number;
  due_date: string;
  late_fee_bp: number;
  monthly_interest_bp: number;
};

export type Charges = {
  days: number; // days overdue
  rent: number; // the billing's amount
  lateFee: number; // multa
  interest: number; // juros
  total: number; // "Total a pagar hoje"
  lateFeeBp: number;
  interestBp: number;
};

// The amount due on `day` (a payment on or before the due date owes the rent).
export function chargesOn(terms: ChargeTerms, day: string): Charges {
  const days = daysOverdue(terms.due_date, day);
  const rent = terms.amount_cents;
  const lateFee = days > 0 ? roundHalfUp(BigInt(rent) * BigInt(terms.late_fee_bp), 10_000n) : 0;
  const interest =
    days > 0 ? roundHalfUp(BigInt(rent) * BigInt(terms.monthly_interest_bp) * BigInt(days), 10_000n * 30n) : 0;
  return {
    days,
    rent,
    lateFee,
    interest,
    total: rent + lateFee + interest,
    lateFeeBp: terms.late_fee_bp,
    interestBp: terms.monthly_interest_bp,
  };
}

// How far a payment may be from the amount due and still count as paid in
// full (decisions 0036 and 0037): beyond it reconciliation never matches as
// exact, and a confirmed credit records "pago a menor / a maior".
export const PAYMENT_TOLERANCE_CENTS = 5;

// Percent as people type it ("10", "2,5", "0,33") ⇄ basis points (1000, 250, 33).
export function percentToBp(text: string): number | null {
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

export function formatPercent(bp: number) {
  const whole = Math.trunc(bp / 100);
  const rest = bp % 100;
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

// "Multa (10%)", "Juros (12 dias)": the labels of the itemized total.
export const lateFeeLabel = (bp: number) => `Multa (${formatPercent(bp)}%)`;
export const interestLabel = (days: number) => `Juros (${days} ${days === 1 ? "dia" : "dias"})`;

// A billing is issued (the tenant sees it, the job announces it) from
// `issueDays` before its due date (BILLING_ISSUE_DAYS).
export function isIssued(dueDate: string, today: string, issueDays: number) {
  return daysBetween(today, dueDate) <= issueDays;
}

// The last due date a tenant may see today.
export function issueHorizon(today: string, issueDays: number) {
  return addDays(today, issueDays);
}
