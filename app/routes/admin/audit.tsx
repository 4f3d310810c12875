import { ScrollText } from "#app/components/ui/private-icons";
import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import {
  FilterActions,
  FilterSelect,
  ListCountExport,
  filterControlClass,
  filterLabelClass,
} from "#app/components/admin/list-filter";
import { Pagination } from "#app/components/site/pagination";
import { getDb } from "#app/db/db.server";
import { listStaff } from "#app/models/accounts/users.server";
import { auditQueryString, parseAuditQuery } from "#app/models/audit/audit.schema";
import { listAudit, type AuditRow } from "#app/models/audit/audit.server";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, AUDIT_ENTITY_VALUES, describeChange } from "#app/models/audit/labels";
import { formatDateTime } from "#app/utils/format-date";
import { requireRole } from "#app/utils/http.server";
import { localToday } from "#app/models/shared/days";
import type { Route } from "./+types/audit";

// Auditoria (issue 9): who changed what and when, for the master only (the
// layout lets every staff member in; this loader checks the role again).
// A GET form filters by person, entity and days; ?page=N pages through.
export function meta() {
  return [{ title: "Auditoria | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  await requireRole(context, "master", "ver a auditoria");
  const { filter, page } = parseAuditQuery(url.searchParams);
  const db = getDb();
  const [result, staff] = await Promise.all([listAudit(db, filter, page), listStaff(db)]);
  return {
    ...result,
    filter,
    staff: staff.map((s) => ({ id: s.id, name: s.name, active: s.active })),
    today: localToday(),
  };
}

// Where a row's record can be opened (a deleted one answers 404).
const RECORD_PATHS: Partial<Record<string, (id: string) => string>> = {
  property: (id) => `/admin/properties/${id}/edit`,
  banner: (id) => `/admin/banners/${id}`,
  ideal_request: (id) => `/admin/requests/${id}`,
  owner_request: (id) => `/admin/listings/${id}`,
  billing: (id) => `/admin/clients/cobrancas/${id}`,
  statement_import: (id) => `/admin/extratos/${id}`,
};

function RecordCell({ row }: { row: AuditRow }) {
  const path = row.action === "delete" ? undefined : RECORD_PATHS[row.entity]?.(row.entity_id);
  if (!path) return <>{row.entity_id}</>;
  return (
    <Link to={path} className="font-medium text-brand-800 underline-offset-2 hover:underline">
      {row.entity_id}
    </Link>
  );
}

function Changes({ row }: { row: AuditRow }) {
  const entries = Object.entries(row.changes);
  if (entries.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5">
      {entries.map(([field, change]) => (
        <li key={field} className="break-words">
          {describeChange(row.entity, row.action, field, change)}
        </li>
      ))}
    </ul>
  );
}

const label = <T extends Record<string, string>>(labels: T, key: string) =>
  key in labels ? labels[key as keyof T] : key;

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { rows, total, more, page, pageCount, filter, staff, today } = loaderData;
  const filtered = Object.keys(filter).length > 0;
  // Remount the controls when the URL's filter changes (back/forward, Limpar).
  const formKey = auditQueryString(filter);
  return (
    <>
      <AdminTitle title="Auditoria" />
      <Form
        method="get"
        action="/admin/auditoria"
        role="search"
        aria-label="Filtrar auditoria"
        key={formKey}
        className="mb-5 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_11rem_11rem_auto]"
      >
        <FilterSelect
          id="audit-person"
          name="pessoa"
          label="Pessoa"
          value={filter.actorId}
          allLabel="Todas"
          options={staff.map((s) => ({ value: s.id, label: s.active ? s.name : `${s.name} (desativada)` }))}
        />
        <FilterSelect
          id="audit-entity"
          name="entidade"
          label="Entidade"
          value={filter.entity}
          allLabel="Todas"
          options={AUDIT_ENTITY_VALUES.map((e) => ({ value: e, label: AUDIT_ENTITIES[e] }))}
        />
        <div>
          <label htmlFor="audit-from" className={filterLabelClass}>
            De
          </label>
          <input
            id="audit-from"
            name="de"
            type="date"
            max={today}
            defaultValue={filter.from ?? ""}
            className={filterControlClass}
          />
        </div>
        <div>
          <label htmlFor="audit-to" className={filterLabelClass}>
            Até
          </label>
          <input
            id="audit-to"
            name="ate"
            type="date"
            max={today}
            defaultValue={filter.to ?? ""}
            className={filterControlClass}
          />
        </div>
        <FilterActions clearTo="/admin/auditoria" filtered={filtered} />
      </Form>

      {rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <ScrollText aria-hidden className="mx-auto size-10 text-slate-400" />
          <p className="mt-4 text-lg font-semibold text-slate-800">Nenhum registro encontrado</p>
        </div>
      ) : (
        <>
          <ListCountExport
            total={total}
            more={more}
            one="registro"
            many="registros"
            page={page}
            pages={pageCount}
            exportHref={`/admin/auditoria/exportar${auditQueryString(filter)}`}
          />
          {more && page === pageCount ? (
            <p className="mb-3 text-sm text-slate-600">Para ver registros mais antigos, filtre pelas datas.</p>
          ) : null}
          <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Registro de alterações</caption>
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3 whitespace-nowrap">
                    Data/hora
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Pessoa
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Ação
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Entidade
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Registro
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Alterações
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} data-testid="audit-row" className="border-t border-slate-100 align-top">
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDateTime(row.created_at)}</td>
                    <td className="px-4 py-3 font-medium text-slate-900">{row.actor_name}</td>
                    <td className="px-4 py-3">{label(AUDIT_ACTIONS, row.action)}</td>
                    <td className="px-4 py-3">{label(AUDIT_ENTITIES, row.entity)}</td>
                    <td className="px-4 py-3">
                      <RecordCell row={row} />
                    </td>
                    <td className="min-w-64 px-4 py-3 text-slate-700">
                      <Changes row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            pageCount={pageCount}
            hrefFor={(p) => `/admin/auditoria${auditQueryString(filter, p)}`}
          />
        </>
      )}
    </>
  );
}
