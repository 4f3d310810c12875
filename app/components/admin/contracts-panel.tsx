import { Eye } from "#app/components/ui/icons";
import { Download, Upload } from "#app/components/ui/private-icons";
import { Link } from "react-router";
import { InlineDeleteConfirm } from "#app/components/admin/confirm-delete";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import { buttonClass } from "#app/components/ui/button";
import type { ContractsQuery } from "#app/models/contracts/contracts-query";
import { formatDateTime } from "#app/utils/format-date";
import { TabListBar, TabListCount, TabListPages, type ListPage, type TabNav } from "./list-search";

// "Gestão de Contratos" (docs/product.md §Contratos): the list, newest
// first, with the links to the private file route (opened in a new tab or
// downloaded with the original name) and a delete that asks first, without
// JavaScript (<details>). Below `md` each contract is a card
// (components/billing/stacked-table.tsx): its name wraps between words (inside one only when it is longer than the line), and
// the actions are on screen. Above the rows "Buscar" (contracts-query.ts),
// below them the pages (issue 34); a delete comes back to the same page.

export type ContractListItem = {
  id: number;
  client_name: string;
  file_name: string;
  uploaded_by_name: string;
  uploaded_at: string;
};

const smallButton =
  "inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2.5 py-1 text-sm hover:bg-slate-50";

export function ContractsPanel({
  list,
  query,
  nav,
}: {
  list: ListPage & { rows: ContractListItem[] };
  query: ContractsQuery;
  nav: TabNav;
}) {
  const contracts = list.rows;
  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-4">
        <h2 className="text-lg font-semibold text-slate-900">Gestão de Contratos</h2>
        <Link to="/admin/clients/contratos/novo" className={buttonClass()}>
          <Upload aria-hidden className="size-4" /> Enviar Contrato
        </Link>
      </div>
      <div className="mt-3">
        <TabListBar
          tab="contratos"
          label="Buscar contratos"
          search={query.search}
          placeholder="Cliente, CPF/CNPJ ou arquivo"
          nav={nav}
        />
      </div>
      {contracts.length === 0 ? (
        <p className="p-4 text-slate-600">
          {nav.filtered ? "Nenhum contrato encontrado." : "Nenhum contrato enviado."}
        </p>
      ) : (
        <div className="mt-2 md:overflow-x-auto">
          <TabListCount
            list={list}
            one="contrato"
            many="contratos"
            exportHref={nav.withList("/admin/contratos/exportar")}
          />
          <table className={stackedTableClass}>
            <caption className="sr-only">Contratos enviados</caption>
            <thead className={stackedHeadClass}>
              <tr>
                <th className="px-4 py-3">Cliente</th>
                <th className="px-4 py-3">Arquivo</th>
                <th className="px-4 py-3">Enviado em</th>
                <th className="px-4 py-3">Enviado por</th>
                <th className="px-4 py-3">Ações</th>
              </tr>
            </thead>
            <tbody className={stackedBodyClass}>
              {contracts.map((c) => (
                <tr key={c.id} data-testid="contract-row" className={stackedRowClass}>
                  <StackedCell label="Cliente" wide>
                    <span className="font-medium text-slate-900">{c.client_name}</span>
                  </StackedCell>
                  <StackedCell label="Arquivo" wide>
                    <span className="wrap-anywhere">{c.file_name}</span>
                  </StackedCell>
                  <StackedCell label="Enviado em">
                    <span className="whitespace-nowrap">{formatDateTime(c.uploaded_at)}</span>
                  </StackedCell>
                  <StackedCell label="Enviado por">{c.uploaded_by_name}</StackedCell>
                  <StackedCell label="Ações" wide>
                    <div className="flex flex-wrap items-start gap-2">
                      <a
                        href={`/arquivos/contratos/${c.id}`}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={smallButton}
                      >
                        <Eye aria-hidden className="size-4" /> Visualizar
                      </a>
                      <a href={`/arquivos/contratos/${c.id}?download=1`} download className={smallButton}>
                        <Download aria-hidden className="size-4" /> Baixar
                      </a>
                      <InlineDeleteConfirm action={nav.withList(`/admin/clients/contratos/${c.id}/excluir`)}>
                        Excluir o contrato <strong>{c.file_name}</strong> de {c.client_name}? O arquivo será apagado.
                      </InlineDeleteConfirm>
                    </div>
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
