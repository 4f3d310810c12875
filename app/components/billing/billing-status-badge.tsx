import { billingStatusLabel } from "#app/models/billing/status";

// The billing status badge of the admin tab and the client area
// (docs/product.md §Cobranças): Pendente amber, Pago green, Em Atraso red; an
// unknown value raw, grey. Give it the effective status (pending and past due
// reads as overdue).
const TONES: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  overdue: "bg-red-100 text-red-900",
};

export function BillingStatusBadge({ status }: { status: string }) {
  const tone = Object.hasOwn(TONES, status) ? TONES[status] : "bg-slate-200 text-slate-700";
  return <span className={`inline-block rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ${tone}`}>{billingStatusLabel(status)}</span>;
}
