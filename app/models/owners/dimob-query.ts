import { readPage } from "#app/models/shared/list-query";

// The DIMOB page's lists in its URL (issue 34), beside its year (?year=):
// ?pagina= (Contratos no arquivo) and ?pendencias= (the page of what blocks
// the file). At 5,000 contracts either list whole was megabytes of HTML.
// Client-safe; anything unreadable is page 1.
export type DimobQuery = { page: number; blockersPage: number };

export function parseDimobQuery(params: URLSearchParams): DimobQuery {
  return { page: readPage(params), blockersPage: readPage(params, "pendencias") };
}
