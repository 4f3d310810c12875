import { StatusBadge, toneOf, type BadgeTone } from "#app/components/ui/status-badge";
import { formatBRL } from "#app/models/shared/money";
import { billingStatusLabel, PARTIAL_LABEL, type BillingStatus } from "#app/models/billing/status";

// The billing status badge of the admin tab and the client area
// (docs/product.md §Cobranças): Pendente amber, Pago green, Em Atraso red; an
// unknown value raw, grey. Give it the effective status (pending and past due
// reads as overdue). A billing paid in part reads "Pago parcialmente", in the
// tone of its status (red once past due).
const TONES: Record<BillingStatus, BadgeTone> = { pending: "amber", paid: "emerald", overdue: "red" };

export function BillingStatusBadge({ status, partial = false }: { status: string; partial?: boolean }) {
  return (
    <StatusBadge tone={toneOf(TONES, status)}>
      {partial && status !== "paid" ? PARTIAL_LABEL : billingStatusLabel(status)}
    </StatusBadge>
  );
}

// "Saldo devedor R$ X" under a billing paid in part.
export function OpenBalance({ cents, className = "" }: { cents: number; className?: string }) {
  return (
    <span className={`block text-xs font-medium whitespace-nowrap text-slate-700 ${className}`}>
      Saldo devedor {formatBRL(cents)}
    </span>
  );
}
