// The Cobrança tab of /client-area (routes/client/area.tsx): the signed-in
// client's billings, as billing.server.ts reads them.
import { Download } from "#app/components/ui/private-icons";
import { BillingStatusBadge } from "#app/components/billing/billing-status-badge";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/utils/format";

export type ClientBilling = {
  id: number;
  due_date: string;
  month_year: string;
  amount_cents: number;
  payment_date: string | null;
  status: string;
  external_payment_id: string | null;
  documents: { id: number; file_name: string }[];
};

export function BillingTab({ billings }: { billings: ClientBilling[] }) {
  return (
    <section aria-labelledby="cobrancas" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="cobrancas" className="text-lg font-semibold text-slate-900">
        Histórico de Cobranças
      </h2>
      {billings.length === 0 ? (
        <p className="mt-4 text-slate-600">Nenhuma cobrança encontrada.</p>
      ) : (
        // Stacked below md; a table from md up that scrolls inside the card rather than widen it.
        <div className="-mx-4 mt-2 sm:mx-0 md:overflow-x-auto">
          <table className={stackedTableClass}>
            <thead className={stackedHeadClass}>
              <tr>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Vencimento</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Referência</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Valor</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Pago em</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Status</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">ID do pagamento</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Boleto</th>
              </tr>
            </thead>
            <tbody className={stackedBodyClass}>
              {billings.map((b) => (
                <tr key={b.id} data-testid="billing-row" className={stackedRowClass}>
                  <StackedCell label="Vencimento">{formatDay(b.due_date)}</StackedCell>
                  <StackedCell label="Referência">
                    <span className="md:whitespace-nowrap">{periodLabel(b.month_year)}</span>
                  </StackedCell>
                  <StackedCell label="Valor">
                    <span className="whitespace-nowrap">{formatBRL(b.amount_cents)}</span>
                  </StackedCell>
                  <StackedCell label="Pago em">{b.payment_date ? formatDay(b.payment_date) : "—"}</StackedCell>
                  <StackedCell label="Status">
                    <BillingStatusBadge status={b.status} />
                  </StackedCell>
                  <StackedCell label="ID do pagamento">
                    <span className="break-all">{b.external_payment_id || "—"}</span>
                  </StackedCell>
                  <StackedCell label="Boleto" wide>
                    {b.documents.length === 0 ? (
                      <span className="text-slate-500">—</span>
                    ) : (
                      <ul className="space-y-1">
                        {b.documents.map((d) => (
                          <li key={d.id}>
                            <a
                              href={`/arquivos/cobrancas/${d.id}?download=1`}
                              download
                              className="inline-flex max-w-full items-start gap-1 font-medium text-brand-700 hover:underline"
                            >
                              <Download aria-hidden className="mt-0.5 size-4 shrink-0" />
                              {/* A long name wraps anywhere rather than widen the table. */}
                              <span className="min-w-0 wrap-anywhere">{d.file_name}</span>
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-4 text-sm text-slate-500">Os status de pagamento são atualizados automaticamente.</p>
    </section>
  );
}
