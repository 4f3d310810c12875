import { FileText, ImageIcon, Upload } from "#app/components/ui/private-icons";
import { Link } from "react-router";
import { buttonClass } from "#app/components/ui/button";
import { MaintenancePriorityBadge, MaintenanceStatusBadge } from "#app/components/maintenance/maintenance-badges";
import {
  MAINTENANCE_CATEGORY_OPTIONS,
  MAINTENANCE_PRIORITY_OPTIONS,
  MAINTENANCE_STATUS_OPTIONS,
  maintenanceCategoryLabel,
} from "#app/models/maintenance/labels";
import { MAINTENANCE_SORT_OPTIONS, type MaintenanceQuery } from "#app/models/maintenance/maintenance-query";
import { FilterSelect } from "./list-filter";
import { SortSelect, TabListBar, TabListCount, TabListPages, type ListPage, type TabNav } from "./list-search";
import { formatDateTime } from "#app/utils/format-date";

// "Gestão de Manutenções" (docs/product.md §Manutenções): the requests newest
// first, with their badges in Portuguese (unknown values raw), the client,
// dates, category, description, images (new tab), the admin's notes, the
// documents and the links to "Gerenciar" and "Upload Documento". Above the
// requests the search, filters and sort (maintenance-query.ts), below them the
// pages (issue 34).

export type MaintenanceListItem = {
  id: number;
  client_name: string;
  title: string;
  description: string;
  category: string;
  priority: string;
  status: string;
  admin_notes: string | null;
  requested_at: string;
  completed_at: string | null;
  images: { id: number }[];
  documents: { id: number; file_name: string }[];
};

const smallButton =
  "inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2.5 py-1 text-sm hover:bg-slate-50";

export function MaintenanceDetails({ request: r }: { request: MaintenanceListItem }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-slate-600">Cliente</dt>
        <dd>{r.client_name}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600">Solicitada em</dt>
        <dd>{formatDateTime(r.requested_at)}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600">Categoria</dt>
        <dd>{maintenanceCategoryLabel(r.category)}</dd>
      </div>
      <div>
        <dt className="font-medium text-slate-600">Concluída em</dt>
        <dd>{r.completed_at ? formatDateTime(r.completed_at) : "—"}</dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="font-medium text-slate-600">Descrição</dt>
        <dd className="whitespace-pre-line">{r.description}</dd>
      </div>
      {r.images.length ? (
        <div className="sm:col-span-2">
          <dt className="font-medium text-slate-600">Imagens</dt>
          <dd className="mt-1 flex flex-wrap gap-2">
            {r.images.map((img, i) => (
              <a
                key={img.id}
                href={`/arquivos/manutencao/imagens/${img.id}`}
                target="_blank"
                rel="noopener noreferrer"
                className={smallButton}
              >
                <ImageIcon className="size-4" /> Imagem {i + 1}
              </a>
            ))}
          </dd>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <dt className="font-medium text-slate-600">Observações do administrador</dt>
        <dd className="whitespace-pre-line">{r.admin_notes || "—"}</dd>
      </div>
      {r.documents.length ? (
        <div className="sm:col-span-2">
          <dt className="font-medium text-slate-600">Documentos</dt>
          <dd className="mt-1 flex flex-wrap gap-2">
            {r.documents.map((d) => (
              <a
                key={d.id}
                href={`/arquivos/manutencao/documentos/${d.id}`}
                target="_blank"
                rel="noopener noreferrer"
                className={smallButton}
              >
                <FileText aria-hidden className="size-4" /> {d.file_name}
              </a>
            ))}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

export function MaintenancePanel({
  list,
  query,
  nav,
}: {
  list: ListPage & { rows: MaintenanceListItem[] };
  query: MaintenanceQuery;
  nav: TabNav;
}) {
  const requests = list.rows;
  return (
    <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Gestão de Manutenções</h2>
        <Link to="/admin/clients/manutencoes/documentos/novo" className={buttonClass()}>
          <Upload aria-hidden className="size-4" /> Upload Documento
        </Link>
      </div>
      <div className="-mx-4 mt-4">
        <TabListBar
          tab="manutencoes"
          label="Buscar solicitações de manutenção"
          search={query.search}
          placeholder="Título, cliente, CPF/CNPJ ou endereço"
          nav={nav}
        >
          <FilterSelect
            id="manutencoes-situacao"
            name="situacao"
            label="Situação"
            value={query.status}
            allLabel="Todos"
            options={MAINTENANCE_STATUS_OPTIONS}
          />
          <FilterSelect
            id="manutencoes-prioridade"
            name="prioridade"
            label="Prioridade"
            value={query.priority}
            allLabel="Todas"
            options={MAINTENANCE_PRIORITY_OPTIONS}
          />
          <FilterSelect
            id="manutencoes-categoria"
            name="categoria"
            label="Categoria"
            value={query.category}
            allLabel="Todas"
            options={MAINTENANCE_CATEGORY_OPTIONS}
          />
          <SortSelect id="manutencoes-ordem" value={query.sort} options={MAINTENANCE_SORT_OPTIONS} />
        </TabListBar>
      </div>
      {requests.length === 0 ? (
        <p className="mt-4 text-slate-600">
          {nav.filtered ? "Nenhuma solicitação encontrada." : "Nenhuma solicitação de manutenção."}
        </p>
      ) : (
        <>
          <div className="-mx-4">
            <TabListCount
              list={list}
              one="solicitação"
              many="solicitações"
              exportHref={nav.withList("/admin/manutencoes/exportar")}
            />
          </div>
          <ul className="space-y-4">
            {requests.map((r) => (
              <li key={r.id} data-testid="maintenance-request" className="rounded-lg border border-slate-200 p-4">
                <div className="mb-3 flex flex-wrap items-center gap-2">
                  <h3 className="mr-auto font-semibold text-slate-900">{r.title}</h3>
                  <MaintenanceStatusBadge status={r.status} />
                  <MaintenancePriorityBadge priority={r.priority} named />
                </div>
                <MaintenanceDetails request={r} />
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link
                    to={nav.withList(`/admin/clients/manutencoes/${r.id}`)}
                    className={smallButton}
                    aria-label={`Gerenciar ${r.title}`}
                  >
                    Gerenciar
                  </Link>
                  <Link
                    to={`/admin/clients/manutencoes/documentos/novo?solicitacao=${r.id}`}
                    className={smallButton}
                    aria-label={`Upload Documento para ${r.title}`}
                  >
                    <Upload aria-hidden className="size-4" /> Upload Documento
                  </Link>
                </div>
              </li>
            ))}
          </ul>
          <div className="-mx-4 -mb-4">
            <TabListPages list={list} hrefFor={nav.hrefFor} />
          </div>
        </>
      )}
    </section>
  );
}
