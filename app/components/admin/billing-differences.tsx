import { Form, Link } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { differenceLabel } from "#app/models/reconciliation/labels";
import { formatBRL } from "#app/models/shared/money";

// "Diferenças" on the Cobranças tab (docs/decisions/0037-reconciliation.md):
// billings paid by a reconciled credit that differed from the amount due by
// more than R$ 0,05, until staff mark the difference resolved. The button
// posts to the billing (routes/admin/clients/billing-manage.tsx, intent
// "difference"), so it works without JavaScript.

export type BillingDifference = {
  id: number;
  client_name: string;
  month_year: string;
  payment_date: string | null;
  amount_paid_cents: number | null;
  payment_difference_cents: number | null;
};

const smallButton =
  "inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2.5 py-1 text-sm hover:bg-slate-50 disabled:opacity-60";

export function BillingDifferences({ items }: { items: BillingDifference[] }) {
  const busy = useIsPending();
  if (items.length === 0) return null;
  return (
    <section
      id="diferencas"
      aria-labelledby="diferencas-titulo"
      className="mx-2 mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4 sm:mx-4"
    >
      <h3 id="diferencas-titulo" className="font-semibold text-amber-950">
        Diferenças ({items.length})
      </h3>
      <p className="mt-1 text-sm text-amber-950">
        Cobranças baixadas pelo extrato com um valor diferente do devido. Marque como resolvida quando a diferença for
        acertada.
      </p>
      <ul className="mt-3 space-y-2" data-testid="billing-differences">
        {items.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 rounded bg-white p-3 text-sm">
            <span>
              <Link
                preventScrollReset
                to={`/admin/clients/cobrancas/${d.id}`}
                className="font-medium text-brand-800 hover:underline"
              >
                {d.client_name}, {periodLabel(d.month_year)}
              </Link>
              <span className="block text-slate-700">
                {d.amount_paid_cents !== null ? formatBRL(d.amount_paid_cents) : "—"} recebido
                {d.payment_date ? ` em ${formatDay(d.payment_date)}` : ""}:{" "}
                <strong className="font-semibold text-amber-900">
                  {differenceLabel(d.payment_difference_cents ?? 0)}
                </strong>
              </span>
            </span>
            <Form method="post" action={`/admin/clients/cobrancas/${d.id}`} preventScrollReset>
              <input type="hidden" name="intent" value="difference" />
              <button type="submit" className={smallButton} disabled={busy}>
                Marcar como resolvida
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
