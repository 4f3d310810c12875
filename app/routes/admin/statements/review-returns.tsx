import { StatementLinesTable } from "#app/components/admin/statement-lines";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { targetValue } from "#app/models/reconciliation/return-target";
import type { StatementReview, StatementReviewLine } from "#app/models/reconciliation/review.server";
import type { Confirmation } from "#app/models/reconciliation/review.schema";
import { formatBRL } from "#app/models/shared/money";
import { creditColumns } from "./review-lines";

// A pending review's returns and second credits (docs/decisions/0037-reconciliation.md,
// "Returns and second credits"), inside its form (review-form.tsx).

// Credits naming a billing already paid, or paid by another credit of the
// statement: checked, they are received as the tenant's credit.
export function SecondCredits({
  lines,
  confirmation,
}: {
  lines: StatementReviewLine[];
  confirmation: Confirmation | null;
}) {
  return (
    <StatementLinesTable
      title="Pagamentos em dobro"
      note="Estes créditos nomeiam uma cobrança já paga (ou paga por outro crédito deste extrato). Marcados, entram como crédito do inquilino: pagam as outras cobranças em aberto dele, e o que sobrar fica para a próxima. Nenhum vai ao proprietário sem cobrança."
      lines={lines}
      columns={[
        ...creditColumns,
        {
          label: "Cobrança nomeada",
          cell: (l) => (
            <span className="font-medium text-amber-800">
              {l.client_name ?? "—"} · {l.month_year ? periodLabel(l.month_year) : "—"}:{" "}
              {l.second?.paid ? "já paga" : "paga por outro crédito deste extrato"}
            </span>
          ),
        },
      ]}
      lead={{
        label: "Creditar",
        cell: (l) => (
          <>
            <input
              type="checkbox"
              name="creditar"
              value={l.id}
              defaultChecked={confirmation ? (confirmation.tenantCredit ?? []).some((c) => c.lineId === l.id) : true}
              aria-label={`Lançar o crédito de ${formatBRL(l.amount_cents)} como crédito de ${l.client_name ?? ""}`}
              className="size-5 accent-brand-700"
            />
            <input type="hidden" name={`credito-${l.id}`} value={l.billing_id ?? ""} />
          </>
        ),
      }}
      testId="second-credits"
    />
  );
}

// The debits that give a tenant's money back (0037, "Returns and second
// credits"): each with the credit it returns, checked when the debit names it
// (txid, end-to-end id); by amount and payer only offered.
export function ReturnsTable({
  returns,
  confirmation,
}: {
  returns: StatementReview["returns"];
  confirmation: Confirmation | null;
}) {
  return (
    <section
      aria-labelledby="returns-title"
      data-testid="return-lines"
      className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="p-4">
        <h2 id="returns-title" className="text-lg font-semibold text-slate-900">
          Devoluções <span className="text-base font-normal text-slate-600">({returns.length})</span>
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Débitos que devolvem o dinheiro de um inquilino. Marcados, estornam o pagamento que devolvem: a cobrança volta
          a ficar em aberto e o recibo é cancelado.
        </p>
      </div>
      <ul className="divide-y divide-slate-100 border-t border-slate-100">
        {returns.map((r) => {
          const m = r.match;
          const label = `${formatDay(r.postedDate)} · ${formatBRL(r.amountCents)} · ${r.memo || "—"}`;
          return (
            <li key={r.lineId} className="flex flex-wrap items-start gap-3 p-3 text-sm sm:p-4">
              {m ? (
                <>
                  <input
                    id={`devolver-${r.lineId}`}
                    type="checkbox"
                    name="devolver"
                    value={r.lineId}
                    defaultChecked={
                      confirmation ? (confirmation.returns ?? []).some((c) => c.lineId === r.lineId) : m.exact
                    }
                    className="mt-0.5 size-5 accent-brand-700"
                  />
                  <input type="hidden" name={`devolucao-${r.lineId}`} value={targetValue(m.target)} />
                </>
              ) : null}
              <label htmlFor={m ? `devolver-${r.lineId}` : undefined} className="min-w-0 flex-1">
                <span className="block break-words font-medium text-slate-900">{label}</span>
                {m ? (
                  <span className="block text-slate-700">
                    Devolve o pagamento de {m.clientName ?? "—"} recebido em {formatDay(m.receivedOn)}
                    {m.months.length > 0 ? ` (${m.months.map(periodLabel).join(", ")})` : ""}
                    {m.receipts.length > 0 ? `, recibo nº ${m.receipts.join(", ")}` : ""}
                    {m.target.kind === "line" ? ", um crédito deste extrato" : ""}.{" "}
                    {m.reason === "txid"
                      ? "O débito nomeia a cobrança."
                      : m.reason === "e2e"
                        ? "O débito traz o identificador do Pix."
                        : "Mesmo valor e mesmo pagador: confira antes de marcar."}
                  </span>
                ) : (
                  <span className="block text-slate-700">
                    Nenhum pagamento de mesmo valor foi encontrado. Se devolve um pagamento, estorne-o pela cobrança.
                  </span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
