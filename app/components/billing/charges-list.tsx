import { interestLabel, lateFeeLabel, type Charges } from "#app/models/billing/charges";
import { formatBRL } from "#app/models/shared/money";

// What a billing costs on a day, itemized (docs/product.md §Cobranças): the
// rent, then for a late one the late fee and the interest by days, and the
// total. The tenant's open billings and the staff's billing show the same.
export function ChargesList({
  charges,
  totalLabel = "Total a pagar hoje",
  partial = false,
  beside = [],
  withheld = 0,
}: {
  charges: Charges & { earlier?: number };
  totalLabel?: string;
  partial?: boolean;
  /** The charges beside the rent on it (IPTU, condomínio: decision 0068), each by its description. */
  beside?: readonly { description: string; amount_cents: number }[];
  /** The IRRF a company tenant withholds from the rent (decision 0074): the rent shown before it, then it taken off. */
  withheld?: number;
}) {
  // Paid in part (the ledger, decision 0061): the rent still open, and the
  // multa, juros and other charges already charged and still open. Nothing
  // paid yet: each charge beside the rent on its own line.
  const rows: [string, number][] =
    withheld > 0 && !partial
      ? [
          ["Aluguel", charges.rent + withheld],
          ["IRRF retido pelo locatário (DARF 3208)", -withheld],
        ]
      : [[partial ? "Aluguel (saldo)" : "Aluguel", charges.rent]];
  const besideCents = beside.reduce((s, c) => s + c.amount_cents, 0);
  const itemized = !partial && besideCents > 0 && besideCents <= (charges.earlier ?? 0);
  if (itemized) for (const c of beside) rows.push([c.description, c.amount_cents]);
  const rest = (charges.earlier ?? 0) - (itemized ? besideCents : 0);
  if (rest) rows.push(["Encargos em aberto", rest]);
  if (charges.days > 0) {
    rows.push([lateFeeLabel(charges.lateFeeBp), charges.lateFee]);
    rows.push([interestLabel(charges.days), charges.interest]);
  }
  return (
    <dl className="divide-y divide-slate-100 text-sm" data-testid="charges">
      {rows.map(([label, cents], i) => (
        <div key={`${i}:${label}`} className="flex justify-between gap-4 py-1.5">
          <dt className="text-slate-600">{label}</dt>
          <dd className="text-slate-900 tabular-nums">{formatBRL(cents)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 py-2 text-base font-semibold">
        <dt className="text-slate-900">{totalLabel}</dt>
        <dd className="text-slate-900 tabular-nums">{formatBRL(charges.total)}</dd>
      </div>
    </dl>
  );
}
