import { readPage, readSearch } from "#app/models/shared/list-query";

// The Informes page's lists in its URL (issue 34), beside its year (?ano=):
// ?busca= (an owner's or a tenant's name or CPF/CNPJ), ?pagina=
// (Proprietários) and ?inquilinos= (the page of Inquilinos). Client-safe.
export type IncomeQuery = { search: string; page: number; tenantPage: number };

export function parseIncomeQuery(params: URLSearchParams): IncomeQuery {
  return { search: readSearch(params), page: readPage(params), tenantPage: readPage(params, "inquilinos") };
}
