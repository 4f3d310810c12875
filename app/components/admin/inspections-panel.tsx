import { Link } from "react-router";
import { Plus } from "#app/components/ui/private-icons";
import { buttonClass } from "#app/components/ui/button";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import type { InspectionKind } from "#app/db/schema";
import { formatDay } from "#app/models/clients/status";
import { INSPECTION_STATE_OPTIONS, type InspectionsQuery } from "#app/models/inspections/inspections-query";
import { KINDS } from "#app/models/inspections/labels";
import { FilterSelect } from "./list-filter";
import { TabListBar, TabListCount, TabListPages, type ListPage, type TabNav } from "./list-search";

// The Vistorias tab of /admin/clients (docs/product.md §Vistorias): every
// inspection, newest first, with its state; "Nova Vistoria". Above the rows
// the search and filters (inspections-query.ts), below them the pages.
export type InspectionPanelItem = {
  id: number;
  client_name: string;
  kind: InspectionKind;
  date: string;
  inspector_name: string;
  finalized_at: string | null;
  rooms: number | string | bigint | null;
};

const thClass = "px-4 py-2 font-medium";

export function InspectionsPanel({
  list,
  query,
  nav,
}: {
  list: ListPage & { rows: InspectionPanelItem[] };
  query: InspectionsQuery;
  nav: TabNav;
}) {
  const inspections = list.rows;
  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3 p-4">
        <h2 className="text-lg font-semibold text-slate-900">Vistorias</h2>
        <Link preventScrollReset to="/admin/clients/vistorias/nova" className={buttonClass()}>
          <Plus aria-hidden className="size-4" /> Nova Vistoria
        </Link>
      </div>
      <TabListBar
        tab="vistorias"
        label="Buscar vistorias"
        search={query.search}
        placeholder="Cliente, CPF/CNPJ, endereço ou vistoriador"
        nav={nav}
      >
        <FilterSelect
          id="vistorias-tipo"
          name="tipo"
          label="Tipo"
          value={query.kind}
          allLabel="Todos"
          options={KINDS}
        />
        <FilterSelect
          id="vistorias-situacao"
          name="situacao"
          label="Situação"
          value={query.state}
          allLabel="Todas"
          options={INSPECTION_STATE_OPTIONS}
        />
      </TabListBar>
      {inspections.length === 0 ? (
        <p className="px-4 pb-6 text-slate-600">
          {nav.filtered ? "Nenhuma vistoria encontrada." : "Nenhuma vistoria registrada."}
        </p>
      ) : (
        <>
          <TabListCount list={list} one="vistoria" many="vistorias" />
          <table className={stackedTableClass} data-testid="inspections">
            <thead className={stackedHeadClass}>
              <tr>
                <th className={thClass}>Cliente</th>
                <th className={thClass}>Tipo</th>
                <th className={thClass}>Data</th>
                <th className={thClass}>Vistoriador</th>
                <th className={thClass}>Situação</th>
              </tr>
            </thead>
            <tbody className={stackedBodyClass}>
              {inspections.map((v) => (
                <tr key={v.id} className={stackedRowClass}>
                  <StackedCell label="Cliente" wide>
                    <Link to={`/admin/vistorias/${v.id}`} className="font-semibold text-brand-800 hover:underline">
                      {v.client_name}
                    </Link>
                  </StackedCell>
                  <StackedCell label="Tipo">{KINDS.find((k) => k.value === v.kind)?.label}</StackedCell>
                  <StackedCell label="Data">{formatDay(v.date)}</StackedCell>
                  <StackedCell label="Vistoriador">{v.inspector_name}</StackedCell>
                  <StackedCell label="Situação">
                    {v.finalized_at ? "Finalizada" : `Em andamento (${Number(v.rooms ?? 0)} cômodos)`}
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
          <TabListPages list={list} hrefFor={nav.hrefFor} />
        </>
      )}
    </section>
  );
}
