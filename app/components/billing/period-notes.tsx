import { proRataNote, type BillingPeriod } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";

// What a billing's dates mean beyond its due date (decision 0066), said the
// same way to staff (billing rows) and tenants (the Cobrança tab).
// A pro rata month says which days it charges (decision 0066).
export function ProRata({ billing }: { billing: BillingPeriod }) {
  const note = proRataNote(billing);
  return note ? <span className="block text-xs text-slate-600">Proporcional: {note}</span> : null;
}

// A due date on a weekend or holiday is paid without charges up to the next
// business day (decision 0066): said under it.
export function GraceNote({ billing }: { billing: { due_date: string; grace_until?: string } }) {
  if (!billing.grace_until || billing.grace_until === billing.due_date) return null;
  return (
    <span className="block text-xs whitespace-nowrap text-slate-600">
      Sem multa até {formatDay(billing.grace_until)}
    </span>
  );
}
