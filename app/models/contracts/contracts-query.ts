import { readPage, readSearch } from "#app/models/shared/list-query";

// The Contratos tab's state in the URL (issue 34): ?busca= (the client's
// name, CPF/CNPJ or email, or the file's name) and ?pagina=, newest first.
// Client-safe.
export type ContractsQuery = { search: string; page: number };

export function parseContractsQuery(params: URLSearchParams): ContractsQuery {
  return { search: readSearch(params), page: readPage(params) };
}

export const contractsQueryValues = (q: ContractsQuery) => ({ busca: q.search });
