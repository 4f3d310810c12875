import { Form, Link } from "react-router";
import { InlineDeleteConfirm } from "#app/components/admin/confirm-delete";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import { inputClass } from "#app/components/ui/field";
import { StatusBadge } from "#app/components/ui/status-badge";
import { formatCpfCnpj } from "#app/models/clients/documents";
import { contractStatus, formatDay, loginLabel } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";
import {
  CLIENT_SORT_OPTIONS,
  CONTRACT_OPTIONS,
  LOGIN_OPTIONS,
  type ClientsQuery,
} from "#app/models/clients/clients-query";
import { FilterSelect } from "./list-filter";
import { SortSelect, TabListBar, TabListCount, TabListPages, type ListPage, type TabNav } from "./list-search";

// "Clientes Cadastrados" / "Clientes Ativos" (docs/product.md §Clientes, issue
// 7): each client with its CPF/CNPJ, property, contract dates and badge (Ativo
// / Prazo indeterminado, "today" in the agency's zone), rent and due day, and login (Com
// Login / Sem Login); the row actions post to /admin/clients with an intent.
// An ended contract ("Encerrar contrato", docs/decisions/0062-nothing-fiscal-deleted.md)
// reads Encerrado with its day, and its row offers "Reabrir contrato"; a
// client whose money history makes it a fiscal record cannot be deleted (the
// server refuses "Excluir" and opens "Encerrar contrato").
// Below `md` each client is a card (components/billing/stacked-table.tsx), so
// a phone sees every field and every action without scrolling sideways.
// Above the rows the search and filters (clients-query.ts), below them the
// pages (issue 34); the row actions post to the page as it is, and come back
// to it.

export type ClientListRow = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  cpf_cnpj: string | null;
  property_address: string | null;
  contract_start_date: string | null;
  contract_end_date: string | null;
  monthly_rent_cents: number | null;
  payment_due_day: number;
  user_id: number | null;
  username: string | null;
  ended_on: string | null;
  personal_data_erased_at: string | null;
};

const smallButton = "rounded border border-slate-300 bg-white px-2.5 py-1 text-sm hover:bg-slate-50";

export function ClientsPanel({
  active,
  list,
  query,
  nav,
  today,
  loadFailed,
}: {
  active: boolean;
  list: ListPage & { rows: ClientListRow[] };
  query: ClientsQuery | null;
  nav: TabNav;
  today: string;
  loadFailed: boolean;
}) {
  const tab = active ? "ativos" : "clientes";
  const clients = list.rows;
  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <h2 className="px-4 pt-4 text-lg font-semibold text-slate-900">
        {active ? "Clientes Ativos" : "Clientes Cadastrados"}
      </h2>
      {query ? (
        <div className="mt-3">
          <TabListBar
            tab={active ? tab : null}
            label={active ? "Buscar clientes ativos" : "Buscar clientes"}
            search={query.search}
            placeholder="Nome, CPF/CNPJ, email ou endereço"
            nav={nav}
          >
            <FilterSelect
              id={`${tab}-acesso`}
              name="acesso"
              label="Acesso"
              value={query.login}
              allLabel="Todos"
              options={LOGIN_OPTIONS}
            />
            {active ? null : (
              <FilterSelect
                id={`${tab}-contrato`}
                name="contrato"
                label="Contrato"
                value={query.contract}
                allLabel="Todos"
                options={CONTRACT_OPTIONS}
              />
            )}
            <SortSelect id={`${tab}-ordem`} value={query.sort} options={CLIENT_SORT_OPTIONS} />
          </TabListBar>
        </div>
      ) : null}
      {clients.length === 0 && !loadFailed ? (
        <p className="p-4 text-slate-600">
          {nav.filtered
            ? "Nenhum cliente encontrado."
            : active
              ? "Nenhum cliente com contrato ativo."
              : "Nenhum cliente cadastrado."}
        </p>
      ) : (
        <div className="mt-2 md:overflow-x-auto">
          <TabListCount
            list={list}
            one="cliente"
            many="clientes"
            exportHref={nav.withList("/admin/clientes/exportar")}
          />
          <table className={stackedTableClass}>
            <caption className="sr-only">{active ? "Clientes com contrato ativo" : "Clientes cadastrados"}</caption>
            <thead className={stackedHeadClass}>
              <tr>
                <th className="px-4 py-3">Cliente</th>
                <th className="px-4 py-3">CPF/CNPJ</th>
                <th className="px-4 py-3">Imóvel</th>
                <th className="px-4 py-3">Contrato</th>
                <th className="px-4 py-3">Aluguel</th>
                <th className="px-4 py-3">Acesso</th>
                <th className="px-4 py-3">Ações</th>
              </tr>
            </thead>
            <tbody className={stackedBodyClass}>
              {clients.map((c) => (
                <ClientTableRow key={c.id} client={c} today={today} withList={nav.withList} />
              ))}
            </tbody>
          </table>
          <TabListPages list={list} hrefFor={nav.hrefFor} />
        </div>
      )}
    </section>
  );
}

function ClientTableRow({
  client: c,
  today,
  withList,
}: {
  client: ClientListRow;
  today: string;
  withList: (path: string) => string;
}) {
  const status = contractStatus(c.contract_end_date, today, c.ended_on);
  return (
    // On a phone the wide cells take a line of their own and the pairs fill in
    // around them (dense): Cliente; CPF/CNPJ | Contrato; Imóvel; Aluguel | Acesso; Ações.
    <tr data-testid="client-row" className={`${stackedRowClass} grid-flow-row-dense`}>
      <StackedCell label="Cliente" wide>
        <span className="block font-medium text-slate-900">{c.name}</span>
        {c.personal_data_erased_at ? (
          <span className="block text-xs text-slate-600">
            Dados pessoais apagados (LGPD); registros fiscais guardados
          </span>
        ) : (
          <span className="block break-words text-slate-600">{c.email}</span>
        )}
        {c.phone ? <span className="block text-slate-600">{c.phone}</span> : null}
      </StackedCell>
      <StackedCell label="CPF/CNPJ">
        <span className="whitespace-nowrap">{formatCpfCnpj(c.cpf_cnpj) || "—"}</span>
      </StackedCell>
      <StackedCell label="Imóvel" wide>
        <span>{c.property_address ?? "—"}</span>
      </StackedCell>
      <StackedCell label="Contrato">
        {c.contract_start_date || c.contract_end_date ? (
          <span className="block md:whitespace-nowrap">
            {formatDay(c.contract_start_date) || "—"} a {formatDay(c.contract_end_date) || "—"}
          </span>
        ) : null}
        {status ? (
          <StatusBadge tone={status === "Ativo" ? "emerald" : status === "Encerrado" ? "slate" : "red"}>
            {status}
          </StatusBadge>
        ) : (
          <span className="text-slate-500">Sem contrato</span>
        )}
        {c.ended_on ? <span className="block text-xs text-slate-600">em {formatDay(c.ended_on)}</span> : null}
      </StackedCell>
      <StackedCell label="Aluguel">
        <span className="whitespace-nowrap">
          {c.monthly_rent_cents != null ? formatBRL(c.monthly_rent_cents) : "—"}
        </span>
        <span className="block text-xs text-slate-600">Todo dia {c.payment_due_day}</span>
      </StackedCell>
      <StackedCell label="Acesso">
        <StatusBadge tone={c.user_id !== null ? "emerald" : "slate"}>{loginLabel(c.user_id)}</StatusBadge>
        {c.username ? <span className="mt-1 block text-xs break-words text-slate-600">{c.username}</span> : null}
      </StackedCell>
      <StackedCell label="Ações" wide>
        <div className="flex flex-wrap items-start gap-2">
          <Link to={withList(`/admin/clients/${c.id}/edit`)} className={smallButton} aria-label={`Editar ${c.name}`}>
            Editar
          </Link>
          <Link
            to={withList(`/admin/clients/${c.id}/garantia`)}
            className={smallButton}
            aria-label={`Garantia de ${c.name}`}
          >
            Garantia
          </Link>
          <Link
            to={withList(`/admin/clients/${c.id}/proprietarios`)}
            className={smallButton}
            aria-label={`Proprietários do contrato de ${c.name}`}
          >
            Proprietários
          </Link>
          <Link
            to={withList(`/admin/clients/${c.id}/encargos`)}
            className={smallButton}
            aria-label={`Encargos do contrato de ${c.name}`}
          >
            Encargos
          </Link>
          {c.user_id !== null ? (
            <>
              <Form method="post">
                <input type="hidden" name="id" value={c.id} />
                <button name="intent" value="reset-password" className={smallButton}>
                  Redefinir senha
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="id" value={c.id} />
                <button name="intent" value="disable-login" className={smallButton}>
                  Desativar login
                </button>
              </Form>
            </>
          ) : (
            <details className="rounded border border-slate-300 bg-white">
              <summary className="cursor-pointer px-2.5 py-1">Dar login</summary>
              <Form method="post" className="w-56 space-y-2 p-2">
                <input type="hidden" name="id" value={c.id} />
                <label className="block text-xs font-medium">
                  Nome de usuário
                  <input
                    name="username"
                    required
                    minLength={3}
                    maxLength={40}
                    className={inputClass}
                    autoComplete="off"
                  />
                </label>
                <label className="block text-xs font-medium">
                  Senha (em branco: gerada)
                  <input
                    name="password"
                    type="password"
                    maxLength={200}
                    className={inputClass}
                    autoComplete="new-password"
                  />
                </label>
                <button name="intent" value="give-login" className={smallButton}>
                  Criar login
                </button>
              </Form>
            </details>
          )}
          {c.ended_on ? (
            <>
              <Link
                to={withList(`/admin/clients/${c.id}/acerto`)}
                className={smallButton}
                aria-label={`Acerto de saída de ${c.name}`}
              >
                Acerto de saída
              </Link>
              <Link to={withList(`/admin/clients/${c.id}/reabrir`)} className={smallButton}>
                Reabrir contrato
              </Link>
              {c.personal_data_erased_at === null ? (
                <Link
                  to={withList(`/admin/clients/${c.id}/novo-contrato`)}
                  className={smallButton}
                  aria-label={`Novo contrato de ${c.name}`}
                >
                  Novo contrato
                </Link>
              ) : null}
            </>
          ) : (
            <>
              <Link
                to={withList(`/admin/clients/${c.id}/renovar`)}
                className={smallButton}
                aria-label={`Renovar ou aditar o contrato de ${c.name}`}
              >
                Renovar
              </Link>
              <Link to={withList(`/admin/clients/${c.id}/encerrar`)} className={smallButton}>
                Encerrar contrato
              </Link>
            </>
          )}
          <InlineDeleteConfirm id={c.id}>
            Excluir <strong>{c.name}</strong>? Vão junto o login do cliente, os contratos, as cobranças e as
            solicitações de manutenção com seus arquivos. Não há como desfazer. Um cliente com pagamentos, recibos ou
            repasses não pode ser excluído: use “Encerrar contrato”.
          </InlineDeleteConfirm>
        </div>
      </StackedCell>
    </tr>
  );
}
