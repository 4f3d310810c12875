import { Download } from "#app/components/ui/private-icons";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import { Pagination } from "#app/components/site/pagination";
import { formatBRL } from "#app/models/shared/money";
import { EMAIL_TONE_CLASS, incomeEmailState } from "#app/models/owners/email-state";
import { ListCount } from "./list-filter";

// The two tables of "Informes de Rendimentos" (docs/decisions/0043): a
// person, their amounts for the year, the email's state and the PDF; one page
// of each (issue 34), its count above and its pages below.

// Where an informe's email stands (income-reports.server.ts): null, never asked.
type EmailStatus = { sent_at: string | null; attempts: number; last_error: string | null };

const sectionClass = "mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200";
const thClass = "px-4 py-2 font-medium";

function EmailCell({ email, status }: { email: string | null; status: EmailStatus | null }) {
  const state = incomeEmailState(email, status);
  return <span className={EMAIL_TONE_CLASS[state.tone]}>{state.text}</span>;
}

type ReportRow = { id: number; name: string; email: string | null; email_status: EmailStatus | null };

// The owners' and the tenants' tables: a person, their amounts for the year,
// the email's status and the PDF.
export function ReportSection<R extends ReportRow>(props: {
  id: string;
  title: string;
  empty: string;
  testId: string;
  person: string;
  people: [one: string, many: string];
  amounts: { label: string; cents: (row: R) => number; strong?: boolean }[];
  list: { rows: R[]; total: number; page: number; pages: number };
  hrefFor: (page: number) => string;
  pdf: (row: R) => string;
  download: string;
}) {
  const { id, title, empty, testId, person, people, amounts, list, hrefFor, pdf, download } = props;
  const rows = list.rows;
  return (
    <section className={sectionClass} aria-labelledby={id}>
      <h2 id={id} className="p-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="px-4 pb-6 text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          <div className="px-4">
            <ListCount total={list.total} one={people[0]} many={people[1]} page={list.page} pages={list.pages} />
          </div>
          <table className={stackedTableClass} data-testid={testId}>
            <thead className={stackedHeadClass}>
              <tr>
                <th className={thClass}>{person}</th>
                {amounts.map((a) => (
                  <th key={a.label} className={`${thClass} text-right`}>
                    {a.label}
                  </th>
                ))}
                <th className={thClass}>Email</th>
                <th className={thClass}>
                  <span className="sr-only">PDF</span>
                </th>
              </tr>
            </thead>
            <tbody className={stackedBodyClass}>
              {rows.map((row) => (
                <tr key={row.id} className={stackedRowClass}>
                  <StackedCell label={person} wide>
                    <span className="font-medium">{row.name}</span>
                  </StackedCell>
                  {amounts.map((a) => (
                    <StackedCell
                      key={a.label}
                      label={a.label}
                      className={a.strong ? "font-semibold md:text-right" : "md:text-right"}
                    >
                      {formatBRL(a.cents(row))}
                    </StackedCell>
                  ))}
                  <StackedCell label="Email">
                    <EmailCell email={row.email} status={row.email_status} />
                  </StackedCell>
                  <StackedCell label="PDF">
                    <a href={pdf(row)} className="inline-flex items-center gap-1 text-brand-700 hover:underline">
                      <Download aria-hidden className="size-4" /> {download}
                    </a>
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="px-4 pb-6">
            <Pagination page={list.page} pageCount={list.pages} hrefFor={hrefFor} />
          </div>
        </>
      )}
    </section>
  );
}
