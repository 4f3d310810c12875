// Billing status (docs/product.md §Cobranças; docs/decisions/0009-billing.md).
// Pure and client-safe.
//
// A pending billing whose due date (and its grace, decision 0066) has passed is overdue. The hourly job
// stores that (markOverdue), but every read also judges it, so the admin tab,
// the client area and the counts agree at once, even before the job runs.
// "Today" is the agency's day (localToday(): America/Campo_Grande); a billing
// due today is not overdue yet.

export const BILLING_STATUS_VALUES = ["pending", "paid", "overdue"] as const;
export type BillingStatus = (typeof BILLING_STATUS_VALUES)[number];

const LABELS: Record<BillingStatus, string> = { pending: "Pendente", paid: "Pago", overdue: "Em Atraso" };

export function isBillingStatus(value: string): value is BillingStatus {
  return Object.hasOwn(LABELS, value);
}

// "Pendente", "Pago", "Em Atraso"; an unknown value is shown as it is.
export const billingStatusLabel = (status: string) => (isBillingStatus(status) ? LABELS[status] : status);

export const BILLING_STATUS_OPTIONS = BILLING_STATUS_VALUES.map((value) => ({ value, label: LABELS[value] }));

// Why a billing saved as Pendente reads Em Atraso: said in the row, the
// billing's dialog and the toast, where a staff member who chose Pendente
// sees Em Atraso instead.
export const PAST_DUE_NOTE = "vencida: aparece como Em Atraso";

export function isPastDue(dueDate: string, today: string) {
  return dueDate < today;
}

// A billing something was paid into and still open (the ledger, decision
// 0061): "Pago parcialmente", with "Saldo devedor R$ X" beside it.
export const PARTIAL_LABEL = "Pago parcialmente";
export function isPartiallyPaid(b: { status: string; amount_paid_cents: number | null }) {
  return b.status !== "paid" && (b.amount_paid_cents ?? 0) > 0;
}

// The status every view shows: pending and past its grace day (the due date,
// or the next business day after a weekend or holiday: billing.grace_until,
// decision 0066) reads as overdue.
export function effectiveStatus(status: BillingStatus, graceUntil: string, today: string): BillingStatus {
  return status === "pending" && isPastDue(graceUntil, today) ? "overdue" : status;
}
