import { StatusBadge, toneOf, type BadgeTone } from "#app/components/ui/status-badge";
import { billingStatusLabel, type BillingStatus } from "#app/models/billing/status";

// The billing status badge of the admin tab and the client area
// (docs/product.md §Cobranças): Pendente amber, Pago green, Em Atraso red; an
// unknown value raw, grey. Give it the effective status (pending and past due
// reads as overdue).
const TONES: Record<BillingStatus, BadgeTone> = { pending: "amber", paid: "emerald", overdue: "red" };

export function BillingStatusBadge({ status }: { status: string }) {
  return <StatusBadge tone={toneOf(TONES, status)}>{billingStatusLabel(status)}</StatusBadge>;
}
