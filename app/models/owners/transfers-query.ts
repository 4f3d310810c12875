import { readPage, readSearch } from "#app/models/shared/list-query";

// The Repasses page's lists in its URL (issue 34), beside its month (?mes=):
// ?busca= (the owner's name or CPF/CNPJ), ?pagina= (Pendentes) and
// ?realizados= (the page of Realizados). Client-safe; anything unreadable is
// its default.
export type TransfersQuery = { search: string; page: number; donePage: number };

export function parseTransfersQuery(params: URLSearchParams): TransfersQuery {
  return { search: readSearch(params), page: readPage(params), donePage: readPage(params, "realizados") };
}
