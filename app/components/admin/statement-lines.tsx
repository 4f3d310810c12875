import type { ReactNode } from "react";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";

// The tables of an import's review (routes/admin/statements/review.tsx): one
// card per group of credits (matched, unmatched, already settled), a table
// from md up and labelled cards below it, so the review reads at 375 px.

export type LineColumn<L> = { label: string; wide?: boolean; cell: (line: L) => ReactNode };

export function StatementLinesTable<L extends { id: number }>({
  title,
  note,
  empty,
  lines,
  columns,
  lead,
  testId,
}: {
  title: string;
  note?: string;
  empty?: string;
  lines: L[];
  columns: LineColumn<L>[];
  /** A first column (the checkbox). */
  lead?: LineColumn<L>;
  testId: string;
}) {
  const all = lead ? [lead, ...columns] : columns;
  const headingId = `${testId}-title`;
  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby={headingId}>
      <div className="p-4">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title} <span className="text-base font-normal text-slate-600">({lines.length})</span>
        </h2>
        {note ? <p className="mt-1 text-sm text-slate-600">{note}</p> : null}
      </div>
      {lines.length === 0 ? (
        <p className="px-4 pb-6 text-sm text-slate-600">{empty}</p>
      ) : (
        <div className="border-t border-slate-100 md:overflow-x-auto">
          <table className={stackedTableClass} data-testid={testId}>
            <caption className="sr-only">{title}</caption>
            <thead className={stackedHeadClass}>
              <tr>
                {all.map((c) => (
                  <th key={c.label} className="px-4 py-2 font-medium">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={stackedBodyClass}>
              {lines.map((l) => (
                <tr key={l.id} className={stackedRowClass} data-line={l.id}>
                  {all.map((c) => (
                    <StackedCell key={c.label} label={c.label} wide={c.wide}>
                      {c.cell(l)}
                    </StackedCell>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
