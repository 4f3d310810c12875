import { Pencil, Plus, ScrollText } from "#app/components/ui/private-icons";
import { Link } from "react-router";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import { buttonClass } from "#app/components/ui/button";
import { formatCpfCnpj } from "#app/models/clients/documents";
import { OWNER_CONTRACT_OPTIONS, type OwnersQuery } from "#app/models/owners/owners-query";
import { FilterSelect } from "./list-filter";
import { TabListBar, TabListCount, TabListPages, type ListPage, type TabNav } from "./list-search";

// "Proprietários" (docs/product.md §Proprietários): every owner, alphabetical,
// with how many contracts name them and where their transfer goes. "Novo
// Proprietário" and each row's "Editar" open their dialog over the tab. Above
// the rows the search and filter (owners-query.ts), below them the pages.

export type OwnerPanelItem = {
  id: number;
  name: string;
  cpf_cnpj: string | null;
  email: string | null;
  phone: string | null;
  pix_key: string | null;
  contracts: number;
  has_access: number;
  bank_request_waiting: number;
};

const smallButton =
  "inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2.5 py-1 text-sm hover:bg-slate-50";

export function OwnersPanel({
  list,
  query,
  nav,
}: {
  list: ListPage & { rows: OwnerPanelItem[] };
  query: OwnersQuery;
  nav: TabNav;
}) {
  const owners = list.rows;
  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3 p-4">
        <h2 className="text-lg font-semibold text-slate-900">Proprietários</h2>
        <div className="flex flex-wrap gap-2">
          <Link preventScrollReset to="/admin/clients/proprietarios/novo" className={buttonClass()}>
            <Plus aria-hidden className="size-4" /> Novo Proprietário
          </Link>
          <Link to="/admin/repasses" className={buttonClass("secondary")}>
            <ScrollText aria-hidden className="size-4" /> Repasses
          </Link>
        </div>
      </div>
      <TabListBar
        tab="proprietarios"
        label="Buscar proprietários"
        search={query.search}
        placeholder="Nome, CPF/CNPJ, email ou chave Pix"
        nav={nav}
      >
        <FilterSelect
          id="proprietarios-contratos"
          name="contratos"
          label="Contratos"
          value={query.contracts}
          allLabel="Todos"
          options={OWNER_CONTRACT_OPTIONS}
        />
      </TabListBar>
      {owners.length === 0 ? (
        <p className="px-4 pb-6 text-slate-600">
          {nav.filtered
            ? "Nenhum proprietário encontrado."
            : "Nenhum proprietário cadastrado. Cadastre em Novo Proprietário e escolha-o no contrato, em Editar Cliente."}
        </p>
      ) : (
        <div className="border-t border-slate-100 md:overflow-x-auto">
          <div className="pt-3">
            <TabListCount
              list={list}
              one="proprietário"
              many="proprietários"
              exportHref={nav.withList("/admin/proprietarios/exportar")}
            />
          </div>
          <table className={stackedTableClass} data-testid="owners">
            <caption className="sr-only">Proprietários</caption>
            <thead className={stackedHeadClass}>
              <tr>
                <th className="px-4 py-2 font-medium">Nome</th>
                <th className="px-4 py-2 font-medium">CPF/CNPJ</th>
                <th className="px-4 py-2 font-medium">Contato</th>
                <th className="px-4 py-2 font-medium">Chave Pix</th>
                <th className="px-4 py-2 font-medium">Contratos</th>
                <th className="px-4 py-2 font-medium">Ações</th>
              </tr>
            </thead>
            <tbody className={stackedBodyClass}>
              {owners.map((o) => (
                <tr key={o.id} className={stackedRowClass}>
                  <StackedCell label="Nome" wide>
                    <span className="font-medium text-slate-900">{o.name}</span>
                  </StackedCell>
                  <StackedCell label="CPF/CNPJ">
                    {o.cpf_cnpj ? formatCpfCnpj(o.cpf_cnpj) : <span className="text-amber-800">não informado</span>}
                  </StackedCell>
                  <StackedCell label="Contato">
                    <span className="block break-all">{o.email ?? "—"}</span>
                    {o.phone ? <span className="block text-slate-600">{o.phone}</span> : null}
                  </StackedCell>
                  <StackedCell label="Chave Pix">
                    <span className="break-all">{o.pix_key ?? "—"}</span>
                  </StackedCell>
                  <StackedCell label="Contratos">{o.contracts}</StackedCell>
                  <StackedCell label="Ações">
                    <Link
                      preventScrollReset
                      to={nav.withList(`/admin/clients/proprietarios/${o.id}`)}
                      className={smallButton}
                      aria-label={`Editar ${o.name}`}
                    >
                      <Pencil aria-hidden className="size-4" /> Editar
                    </Link>
                    <Link
                      preventScrollReset
                      to={nav.withList(`/admin/clients/proprietarios/${o.id}/acesso`)}
                      className={`${smallButton} ml-2`}
                      aria-label={`Área do Proprietário de ${o.name}`}
                    >
                      {o.has_access ? "Acesso" : "Dar acesso"}
                    </Link>
                    {o.bank_request_waiting ? (
                      <span className="mt-1 block text-sm font-medium text-amber-800">
                        Pedido de alteração bancária
                      </span>
                    ) : null}
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
          <TabListPages list={list} hrefFor={nav.hrefFor} />
        </div>
      )}
    </section>
  );
}
