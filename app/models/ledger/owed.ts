// What a billing owes on a day, from its row alone (docs/decisions/0061-rent-ledger.md):
// the ledger's projection on the billing (open_cents, rent_open_cents,
// accrued_through) plus the multa and juros run since they were last
// charged. Pure and client-safe, so every list (the tab, the client area, the
// dashboard, the notices, the matcher) reads it without the entries. For a
// billing nothing was paid into, it is exactly chargesOn (charges.ts).

import { daysOverdue, type Charges, type ChargeTerms } from "#app/models/billing/charges";
import { addCents, cents, subtractCents, type Cents } from "#app/models/shared/money";
import { accrue } from "./allocation";

export type OwedTerms = ChargeTerms & {
  open_cents: number;
  rent_open_cents: number;
  accrued_through: string | null;
};

export type Owed = Charges & {
  earlier: Cents; // multa, juros and other charges posted before and still open
};

export function owedOn(b: OwedTerms, day: string): Owed {
  const more = accrue(
    b,
    {
      rentOpen: cents(b.rent_open_cents),
      lateFeeCharged: b.accrued_through !== null,
      interestThrough: b.accrued_through,
    },
    day,
  );
  const rent = cents(b.rent_open_cents);
  const earlier = subtractCents(b.open_cents, rent);
  return {
    days: b.accrued_through === null ? daysOverdue(b.grace_until, day) : more.days,
    rent,
    lateFee: more.lateFee,
    interest: more.interest,
    earlier,
    total: addCents(b.open_cents, more.lateFee, more.interest),
    lateFeeBp: b.late_fee_bp,
    interestBp: b.monthly_interest_bp,
  };
}
