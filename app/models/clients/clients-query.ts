import { readChoice, readPage, readSearch } from "#app/models/shared/list-query";

// The Clientes and Ativos tabs' state in the URL (issue 34): ?busca= (name,
// CPF/CNPJ, email, address or username), ?acesso=com|sem (the login),
// ?contrato=ativo|indeterminado|encerrado|sem (Clientes only: Ativos is the active
// ones; Encerrado: ended by "Encerrar contrato", whatever its dates),
// ?ordem= and ?pagina=. Client-safe; anything unreadable is its default.

export const CLIENT_SORTS = ["recentes", "nome", "fim"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const CLIENT_SORT_OPTIONS = [
  { value: "recentes", label: "Mais recentes" },
  { value: "nome", label: "Nome" },
  { value: "fim", label: "Fim do contrato" },
] as const;

export const LOGIN_FILTERS = ["com", "sem"] as const;
export const LOGIN_OPTIONS = [
  { value: "com", label: "Com Login" },
  { value: "sem", label: "Sem Login" },
] as const;

// "indeterminado": past its end date and not ended (Lei 8.245 arts. 46-47, decision 0066).
export const CONTRACT_FILTERS = ["ativo", "indeterminado", "encerrado", "sem"] as const;
export const CONTRACT_OPTIONS = [
  { value: "ativo", label: "Ativo" },
  { value: "indeterminado", label: "Prazo indeterminado" },
  { value: "encerrado", label: "Encerrado" },
  { value: "sem", label: "Sem contrato" },
] as const;

export type ClientsQuery = {
  active: boolean;
  search: string;
  login: (typeof LOGIN_FILTERS)[number] | null;
  contract: (typeof CONTRACT_FILTERS)[number] | null;
  sort: ClientSort;
  page: number;
};

// Clientes opens newest first, Ativos by the contract's end (the next to end first).
const defaultSort = (active: boolean): ClientSort => (active ? "fim" : "recentes");

export function parseClientsQuery(params: URLSearchParams, active: boolean): ClientsQuery {
  return {
    active,
    search: readSearch(params),
    login: readChoice(params, "acesso", LOGIN_FILTERS, null),
    contract: active ? null : readChoice(params, "contrato", CONTRACT_FILTERS, null),
    sort: readChoice(params, "ordem", CLIENT_SORTS, defaultSort(active)),
    page: readPage(params),
  };
}

// The query's parameters, defaults left out (for listHref).
export function clientsQueryValues(q: ClientsQuery) {
  return {
    busca: q.search,
    acesso: q.login,
    contrato: q.contract,
    ordem: q.sort === defaultSort(q.active) ? null : q.sort,
  };
}
