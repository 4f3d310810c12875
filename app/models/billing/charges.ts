// What an open billing costs on a given day, and when a billing is issued
// (docs/decisions/0031-charging-the-rent.md; docs/product.md §Cobranças).
// Pure and client-safe; integer centavos and integer arithmetic throughout.
//
// Lei 8.245/91 leaves the late fee and the interest to the contract: each
// client row carries them in basis points (10% = 1000). A billing overdue by
// D days (the agency's day minus its grace day: the due date, or the next
// business day when that is a weekend or holiday, decision 0066) is due that day:
//   multa = round(amount × late_fee / 100)
//   juros = round(amount × monthly_interest / 100 × D / 30)
// each rounded half-up to the centavo, separately.

import { addDays, daysBetween } from "#app/models/shared/days";
import { addCents, applyBp, applyBpProRata, ZERO_CENTS, type Cents } from "#app/models/shared/money";

// Interest is pro rata over a 30-day month (the contract's rate is monthly).
const INTEREST_MONTH_DAYS = 30;

// Days past the grace day on `day`; 0 on it and before.
export function daysOverdue(graceUntil: string, day: string) {
  return Math.max(0, daysBetween(graceUntil, day));
}

export type ChargeTerms = {
  amount_cents: Cents;
  due_date: string;
  grace_until: string; // billing.grace_until: the last day paid without charges
  late_fee_bp: number;
  monthly_interest_bp: number;
};

export type Charges = {
  days: number; // days overdue
  rent: Cents; // the billing's amount
  lateFee: Cents; // multa
  interest: Cents; // juros
  total: Cents; // "Total a pagar hoje"
  lateFeeBp: number;
  interestBp: number;
};

// The amount due on `day` (a payment on or before the grace day owes the rent).
export function chargesOn(terms: ChargeTerms, day: string): Charges {
  const days = daysOverdue(terms.grace_until, day);
  const rent = terms.amount_cents;
  const lateFee = days > 0 ? applyBp(rent, terms.late_fee_bp) : ZERO_CENTS;
  const interest = days > 0 ? applyBpProRata(rent, terms.monthly_interest_bp, days, INTEREST_MONTH_DAYS) : ZERO_CENTS;
  return {
    days,
    rent,
    lateFee,
    interest,
    total: addCents(rent, lateFee, interest),
    lateFeeBp: terms.late_fee_bp,
    interestBp: terms.monthly_interest_bp,
  };
}

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
