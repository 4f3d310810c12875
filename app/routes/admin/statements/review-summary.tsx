import { Form, Link } from "react-router";
import { FilterActions, FilterSelect } from "#app/components/admin/list-filter";
import {
  OTHER_LINES,
  OTHER_LINES_LABELS,
  OTHER_LINES_PARAMS,
  REVIEW_STATES,
  REVIEW_STATE_LABELS,
  REVIEW_STATE_PARAMS,
  reviewHref,
  type ReviewList,
} from "#app/models/reconciliation/review-query";
import type { ReviewSummary } from "#app/models/reconciliation/review-summary.server";
import { formatBRL } from "#app/models/shared/money";

// The top of an import's review (routes/admin/statements/review.tsx): every
// credit of the statement by state, with its count and total, each state a
// link to the list filtered by it, whatever page is shown below; then the
// filter as a GET form (it works without JavaScript).

export function ReviewSummaryTable({
  id,
  summary,
  current,
}: {
  id: number;
  summary: ReviewSummary;
  current: ReviewList | null;
}) {
  // A state nobody has (no "Baixado" before Confirmar) is left out.
  const states = REVIEW_STATES.filter((s) => summary.credits[s].count > 0);
  const credits = states.reduce((n, s) => n + summary.credits[s].count, 0);
  const total = states.reduce((n, s) => n + summary.credits[s].totalCents, 0);
  return (
    <section
      className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
      aria-labelledby="review-summary-title"
    >
      <h2 id="review-summary-title" className="p-4 text-lg font-semibold text-slate-900">
        Resumo do extrato
      </h2>
      <table className="w-full text-left text-sm" data-testid="review-summary">
        <caption className="sr-only">Créditos do extrato por situação, com quantidade e total</caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Situação
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Créditos
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {states.map((s) => (
            <tr key={s} className="border-t border-slate-100" data-state={REVIEW_STATE_PARAMS[s]}>
              <th scope="row" className="px-4 py-2 font-normal">
                <Link
                  to={reviewHref(id, s)}
                  aria-current={current === s ? "true" : undefined}
                  className={`text-brand-800 hover:underline ${current === s ? "font-semibold" : ""}`}
                >
                  {REVIEW_STATE_LABELS[s]}
                </Link>
              </th>
              <td className="px-4 py-2 text-right tabular-nums">{summary.credits[s].count.toLocaleString("pt-BR")}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatBRL(summary.credits[s].totalCents)}</td>
            </tr>
          ))}
          <tr className="border-t border-slate-200 font-semibold" data-state="todos">
            <th scope="row" className="px-4 py-2">
              <Link to={reviewHref(id, null)} className="text-brand-800 hover:underline">
                Todos os créditos
              </Link>
            </th>
            <td className="px-4 py-2 text-right tabular-nums">{credits.toLocaleString("pt-BR")}</td>
            <td className="px-4 py-2 text-right tabular-nums">{formatBRL(total)}</td>
          </tr>
          {/* The other lines, each a link to its list; information lines only when there are some. */}
          {OTHER_LINES.filter((o) => o === "debit" || summary.info.count > 0).map((o) => {
            const figures = o === "debit" ? summary.debits : summary.info;
            return (
              <tr key={o} className="border-t border-slate-100 text-slate-600" data-state={OTHER_LINES_PARAMS[o]}>
                <th scope="row" className="px-4 py-2 font-normal">
                  {figures.count > 0 ? (
                    <Link
                      to={reviewHref(id, o)}
                      aria-current={current === o ? "true" : undefined}
                      className={`text-brand-800 hover:underline ${current === o ? "font-semibold" : ""}`}
                    >
                      {OTHER_LINES_LABELS[o]}
                    </Link>
                  ) : (
                    OTHER_LINES_LABELS[o]
                  )}
                </th>
                <td className="px-4 py-2 text-right tabular-nums">{figures.count.toLocaleString("pt-BR")}</td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {o === "info" ? "—" : formatBRL(figures.totalCents)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

export function ReviewFilter({ id, current }: { id: number; current: ReviewList | null }) {
  return (
    <Form
      method="get"
      action={`/admin/extratos/${id}`}
      role="search"
      aria-label="Filtrar créditos"
      key={current ?? "todos"}
      className="mt-6 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <FilterSelect
        id="review-state"
        name="situacao"
        label="Situação"
        value={current ? { ...REVIEW_STATE_PARAMS, ...OTHER_LINES_PARAMS }[current] : null}
        allLabel="Todos os créditos"
        options={[
          ...REVIEW_STATES.map((s) => ({ value: REVIEW_STATE_PARAMS[s], label: REVIEW_STATE_LABELS[s] })),
          ...OTHER_LINES.map((o) => ({ value: OTHER_LINES_PARAMS[o], label: OTHER_LINES_LABELS[o] })),
        ]}
      />
      <FilterActions clearTo={`/admin/extratos/${id}`} filtered={current !== null} />
    </Form>
  );
}
