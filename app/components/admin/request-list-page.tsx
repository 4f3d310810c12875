import { Inbox } from "#app/components/ui/private-icons";
import { Form, useLocation } from "react-router";
import { buttonClass } from "#app/components/ui/button";
import { REQUEST_STATUSES, REQUEST_STATUS_VALUES } from "#app/models/leads/admin/request-status";
import type { RequestFilter } from "#app/models/leads/admin/requests.schema";
import { AdminTitle } from "./admin-shell";
import { FilterActions, filterControlClass } from "./list-filter";
import { RequestTable, type RequestColumn, type RequestListRow } from "./request-table";

// The page body shared by /admin/requests and /admin/listings: title, a GET
// filter (status and text, kept in the URL), the table or the empty state.

const controlClass = filterControlClass;

export function RequestListPage<R extends RequestListRow>({
  title,
  basePath,
  rows,
  truncated,
  filter,
  columns,
  staff,
}: {
  title: string;
  basePath: string;
  rows: R[];
  truncated: boolean;
  filter: RequestFilter;
  columns: RequestColumn<R>[];
  staff: string[];
}) {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const filtered = Boolean(filter.status || filter.q);
  return (
    <>
      <AdminTitle title={title} />
      <Form
        method="get"
        action={basePath}
        role="search"
        aria-label="Filtrar solicitações"
        className="mb-5 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <div className="w-full sm:w-44">
          <label htmlFor="filter-status" className="mb-1 block text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id="filter-status"
            name="status"
            defaultValue={filter.status ?? ""}
            key={filter.status ?? ""}
            className={controlClass}
          >
            <option value="">Todos</option>
            {REQUEST_STATUS_VALUES.map((s) => (
              <option key={s} value={s}>
                {REQUEST_STATUSES[s].label}
              </option>
            ))}
          </select>
        </div>
        <div className="w-full sm:w-72">
          <label htmlFor="filter-q" className="mb-1 block text-sm font-medium text-slate-800">
            Buscar
          </label>
          <input
            id="filter-q"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={filter.q ?? ""}
            key={filter.q ?? ""}
            placeholder="Nome, email ou telefone"
            className={controlClass}
          />
        </div>
        <FilterActions clearTo={basePath} filtered={filtered} className="flex gap-2" />
      </Form>

      {rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <Inbox aria-hidden className="mx-auto size-10 text-slate-400" />
          <p className="mt-4 text-lg font-semibold text-slate-800">Nenhuma solicitação encontrada</p>
          {/* A plain link: a full reload, with or without JavaScript. */}
          <a href={here} className={`mt-4 ${buttonClass("primary", "sm")}`}>
            Tentar novamente
          </a>
        </div>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite">
            {rows.length === 1 ? "1 solicitação" : `${rows.length} solicitações`}
            {truncated ? ` (as ${rows.length} mais recentes; use o filtro para ver as demais)` : ""}
          </p>
          <RequestTable
            caption={title}
            rows={rows}
            columns={columns}
            staff={staff}
            detailPath={basePath}
            redirectTo={here}
          />
        </>
      )}
    </>
  );
}
