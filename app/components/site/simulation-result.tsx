import type { Simulation } from "#app/models/financing/amortization";
import { formatBRL } from "#app/models/shared/money";

const percent = new Intl.NumberFormat("pt-BR", {
  style: "percent",
  minimumFractionDigits: 4,
  maximumFractionDigits: 4,
});

const COLUMNS = ["Mês", "Parcela", "Juros", "Amortização", "Saldo devedor"];

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        className={`mt-1 font-bold whitespace-nowrap ${strong ? "text-2xl text-brand-800" : "text-lg text-slate-900"}`}
      >
        {value}
      </dd>
    </div>
  );
}

// The figures of a simulation and its month-by-month table, folded in a
// <details> (opens without JavaScript).
export function SimulationResult({ simulation: s, system }: { simulation: Simulation; system: string }) {
  return (
    <section aria-labelledby="resultado" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="resultado" className="text-2xl font-bold text-brand-800">
        Resultado da simulação ({system})
      </h2>
      <dl className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="simulation-summary">
        <Figure label="Primeira parcela" value={formatBRL(s.firstPayment)} strong />
        <Figure label="Última parcela" value={formatBRL(s.lastPayment)} strong />
        <Figure label="Total de juros" value={formatBRL(s.totalInterest)} strong />
        <Figure label="Valor financiado" value={formatBRL(s.financed)} />
        <Figure label="Total pago ao banco" value={formatBRL(s.totalPaid)} />
        <Figure label="Taxa mensal equivalente" value={`${percent.format(s.monthlyRate)} a.m.`} />
      </dl>
      <details className="group mt-6 rounded-lg ring-1 ring-slate-200">
        <summary className="flex min-h-12 cursor-pointer items-center justify-between px-4 py-3 font-semibold text-brand-800">
          Ver as {s.rows.length} parcelas mês a mês
          <span aria-hidden className="text-slate-500 group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="max-h-[32rem] overflow-auto border-t border-slate-200">
          <table className="w-full text-right text-sm tabular-nums">
            <caption className="sr-only">Parcelas mês a mês</caption>
            <thead className="sticky top-0 bg-slate-50 text-slate-700">
              <tr>
                {COLUMNS.map((c, i) => (
                  <th key={c} scope="col" className={`px-3 py-2 ${i === 0 ? "text-left" : ""}`}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {s.rows.map((r) => (
                <tr key={r.month}>
                  <th scope="row" className="px-3 py-1.5 text-left font-medium text-slate-700">
                    {r.month}
                  </th>
                  <td className="px-3 py-1.5 whitespace-nowrap">{formatBRL(r.payment)}</td>
                  <td className="px-3 py-1.5 whitespace-nowrap">{formatBRL(r.interest)}</td>
                  <td className="px-3 py-1.5 whitespace-nowrap">{formatBRL(r.amortization)}</td>
                  <td className="px-3 py-1.5 whitespace-nowrap">{formatBRL(r.balance)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
