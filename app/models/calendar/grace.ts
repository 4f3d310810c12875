// A billing's grace day (docs/decisions/0066-lease-dates.md). Pure and client-safe.
//
// A due date on a weekend or holiday is paid on the next business day without
// multa or juros: the term extends to it (Código Civil art. 132 §1º), and no
// bank may charge late interest on a bill due on a non-working day and paid
// the next one (Lei 7.089/1983 art. 1º). billing.grace_until keeps that day,
// worked out from the holidays table when the billing is made (and again when
// staff change a holiday near it).

import { businessDaysAfter } from "#app/models/shared/days";

// The longest run of non-business days after a due date the tables may hold
// (Carnival: Saturday to Tuesday; a holiday week decreed by a municipality):
// the queries bound their index range by it, and the grace is looked up
// within it.
export const GRACE_MAX_DAYS = 10;

// The due date itself when it is a business day, else the next business day.
export function graceUntil(dueDate: string, holidays: ReadonlySet<string>): string {
  return businessDaysAfter(dueDate, 0, holidays);
}
