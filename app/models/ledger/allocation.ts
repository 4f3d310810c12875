// Which debt a payment settles, and what a late billing owes on a day
// (docs/decisions/0061-rent-ledger.md). Pure and client-safe; integer centavos.
//
// Código Civil, arts. 352-355: the debtor may name the debt he pays (352: a
// Pix txid, a boleto, the billing staff register the payment on); interest
// before capital (354); otherwise the debt due first (355). So a credit goes
// to the billing it names, then to the open billings by due date, oldest
// first; within a billing to juros, then multa, then rent, then any other
// charge. What is left is the tenant's credit: it never reaches an owner.

import { daysBetween } from "#app/models/shared/days";
import {
  applyBp,
  applyBpProRata,
  cents,
  minCents,
  subtractCents,
  ZERO_CENTS,
  type Cents,
} from "#app/models/shared/money";

export const LEDGER_ITEMS = ["interest", "late_fee", "rent", "other"] as const;
export type LedgerItem = (typeof LEDGER_ITEMS)[number];

export type OpenItems = Record<LedgerItem, Cents>;

export type OpenBilling = { id: number; due_date: string; open: OpenItems };

export type Allocation = { billingId: number; item: LedgerItem; cents: Cents };

export const noItems = (): OpenItems => ({
  interest: ZERO_CENTS,
  late_fee: ZERO_CENTS,
  rent: ZERO_CENTS,
  other: ZERO_CENTS,
});

export function openTotal(open: OpenItems): Cents {
  return cents(open.interest + open.late_fee + open.rent + open.other);
}

// The order a credit meets the billings: the one it names, then by due date
// (then id, for two due the same day).
export function allocationOrder<T extends { id: number; due_date: string }>(
  billings: readonly T[],
  named: number | null,
) {
  return [...billings].sort((a, b) => {
    if (a.id === named) return -1;
    if (b.id === named) return 1;
    return a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id - b.id;
  });
}

// Spends `amount` on the billings' open items in the order above. Returns the
// allocations (none of zero) and what is left.
export function allocate(
  amount: Cents,
  billings: readonly OpenBilling[],
  named: number | null = null,
): { allocations: Allocation[]; left: Cents } {
  if (amount < 0) throw new RangeError("a credit is not negative");
  let left = amount;
  const allocations: Allocation[] = [];
  for (const b of allocationOrder(billings, named))
    for (const item of LEDGER_ITEMS) {
      if (left === 0) return { allocations, left };
      const take = minCents(left, b.open[item]);
      if (take <= 0) continue;
      allocations.push({ billingId: b.id, item, cents: take });
      left = subtractCents(left, take);
    }
  return { allocations, left };
}

// Interest is pro rata over a 30-day month (the contract's rate is monthly;
// charges.ts does the same for a billing paid whole).
const INTEREST_MONTH_DAYS = 30;

// grace_until: the last day without charges, the due date or the next
// business day after it (billing.grace_until, Código Civil art. 132 §1º).
export type AccrualTerms = { grace_until: string; late_fee_bp: number; monthly_interest_bp: number };

export type AccrualState = {
  rentOpen: Cents; // the rent not paid nor forgiven yet: what multa and juros run on
  lateFeeCharged: boolean; // the multa is charged once
  interestThrough: string | null; // the last day juros were charged to
};

// What a billing owes beyond its charges on `day`: the multa on the rent
// still open when it fell due, once, and juros on the open rent from the due
// date's grace (or the day they were last charged to) until `day`, each
// rounded half-up to the centavo on its own (decision 0061, "Multa and juros
// on a partial payment"). Nothing on or before the grace day (decision 0066:
// a due date on a weekend or holiday is paid the next business day). A billing paid whole
// on one day owes exactly what chargesOn says.
export function accrue(terms: AccrualTerms, state: AccrualState, day: string) {
  if (day <= terms.grace_until || state.rentOpen <= 0) return { lateFee: ZERO_CENTS, interest: ZERO_CENTS, days: 0 };
  const from =
    state.interestThrough && state.interestThrough > terms.grace_until ? state.interestThrough : terms.grace_until;
  const days = Math.max(0, daysBetween(from, day));
  return {
    lateFee: state.lateFeeCharged ? ZERO_CENTS : applyBp(state.rentOpen, terms.late_fee_bp),
    interest: applyBpProRata(state.rentOpen, terms.monthly_interest_bp, days, INTEREST_MONTH_DAYS),
    days,
  };
}
