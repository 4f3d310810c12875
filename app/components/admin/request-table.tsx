import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime } from "#app/utils/format-date";
import { RequestResponsibleForm, RequestStatusForm } from "./request-forms";
import { RequestStatusBadge } from "./request-status-badge";
import { PrivacyNote } from "./privacy-note";

// The inbox table of both request kinds: the kind's own leading columns, then
// Status, Responsável, Data and Ações. From md up it is a table; on phones each
// row becomes a card whose cells carry their column name.

export type RequestListRow = {
  id: number;
  name: string;
  status: string;
  resolved_by: string | null;
  created_at: string;
  privacy_notice_at?: string | null;
  anonymized_at?: string | null;
};
export type RequestColumn<R> = { header: string; cell: (row: R) => ReactNode };

export function RequestTable<R extends RequestListRow>({
  caption,
  rows,
  columns,
  staff,
  detailPath,
  redirectTo,
}: {
  caption: string;
  rows: R[];
  columns: RequestColumn<R>[];
  staff: string[];
  detailPath: string;
  redirectTo: string;
}) {
  const all: RequestColumn<R>[] = [
    ...columns,
    { header: "Status", cell: (r) => <RequestStatusBadge status={r.status} /> },
    { header: "Responsável", cell: (r) => <span data-testid="request-responsible">{r.resolved_by ?? "—"}</span> },
    {
      header: "Data",
      cell: (r) => (
        <>
          <time dateTime={r.created_at} className="whitespace-nowrap">
            {formatDateTime(r.created_at)}
          </time>
          <PrivacyNote row={r} compact />
        </>
      ),
    },
    {
      header: "Ações",
      cell: (r) => (
        <div className="flex w-full flex-col gap-2 md:w-52">
          <Link to={`${detailPath}/${r.id}`} className="font-semibold text-brand-700 hover:underline">
            Detalhes<span className="sr-only"> da solicitação de {r.name}</span>
          </Link>
          <RequestStatusForm id={r.id} name={r.name} status={r.status} redirectTo={redirectTo} />
          <RequestResponsibleForm
            id={r.id}
            name={r.name}
            resolvedBy={r.resolved_by}
            staff={staff}
            redirectTo={redirectTo}
          />
        </div>
      ),
    },
  ];
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:bg-white md:shadow-sm md:ring-1 md:ring-slate-200">
      <table className="block w-full text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="hidden bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase md:table-header-group">
          <tr>
            {all.map((c) => (
              <th key={c.header} scope="col" className="px-4 py-3 whitespace-nowrap">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-slate-200">
          {rows.map((r) => (
            <tr
              key={r.id}
              data-testid="request-row"
              data-request-id={r.id}
              className="block rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:table-row md:rounded-none md:p-0 md:shadow-none md:ring-0"
            >
              {all.map((c) => (
                <td key={c.header} className="flex gap-3 py-1.5 align-top text-slate-800 md:table-cell md:px-4 md:py-3">
                  <span className="w-28 shrink-0 pt-0.5 text-xs font-semibold tracking-wide text-slate-500 uppercase md:hidden">
                    {breakAtSlash(c.header)}
                  </span>
                  <div className="min-w-0 flex-1 break-words">{c.cell(r)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// "Endereço/Preço" may wrap after its slash in the narrow label column.
function breakAtSlash(text: string) {
  const parts = text.split("/");
  return parts.map((p, i) => (
    <span key={p}>
      {p}
      {i < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </span>
  ));
}
