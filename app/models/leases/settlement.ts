import { addDays, daysBetween, daysInMonth } from "#app/models/shared/days";
import { cents, proRataDays, roundHalfUp, ZERO_CENTS, type Cents } from "#app/models/shared/money";

// The arithmetic of a lease's end (issue 36, docs/decisions/0069-lease-settlement.md),
// pure and client-safe.

// Lei 8.245 art. 4: the tenant may return the property before the term ends
// "pagando a multa pactuada, proporcionalmente ao período de cumprimento do
// contrato"; its sole paragraph waives it when the employer transfers the
// tenant elsewhere and the landlord had 30 days' written notice. The fine is
// the agreed number of rents times the share of the term left: the days
// after the return up to the end, over the term's days, half-up to the centavo.
export function terminationFine(t: {
  rentCents: Cents;
  fineRents: number;
  start: string; // "yyyy-MM-dd"
  end: string; // the term's last day
  returnedOn: string; // the day the keys came back
  exempt: boolean;
}): { fineCents: Cents; remainingDays: number; termDays: number } {
  const termDays = daysBetween(t.start, t.end) + 1;
  const remainingDays = Math.max(0, daysBetween(t.returnedOn, t.end));
  if (t.exempt || remainingDays === 0 || termDays <= 0 || t.fineRents <= 0)
    return { fineCents: ZERO_CENTS, remainingDays, termDays };
  const fineCents = cents(
    roundHalfUp(BigInt(t.rentCents) * BigInt(t.fineRents) * BigInt(remainingDays), BigInt(termDays)),
  );
  return { fineCents, remainingDays, termDays };
}

export type BilledPeriod = {
  amount_cents: Cents; // the rent billed for the period
  month_year: string;
  period_start: string | null;
  period_end: string | null;
};

// The days of a billing's period after the return, and their rent: what the
// tenant does not owe. A billing from before periods were recorded
// (migration 0034) is its calendar month.
export function unusedRent(b: BilledPeriod, returnedOn: string): { days: number; cents: Cents } {
  const [year, month] = b.month_year.split("-").map(Number);
  const start = b.period_start ?? `${b.month_year}-01`;
  const end = b.period_end ?? addDays(`${b.month_year}-01`, daysInMonth(year, month) - 1);
  if (end <= returnedOn) return { days: 0, cents: ZERO_CENTS };
  const billedDays = daysBetween(start, end) + 1;
  const days = start > returnedOn ? billedDays : daysBetween(returnedOn, end);
  if (days >= billedDays) return { days, cents: b.amount_cents };
  // The rent billed is for billedDays of periodDays: the unused part of it.
  return { days, cents: proRataDays(b.amount_cents, days, billedDays) };
}
