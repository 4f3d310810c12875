import { readChoice, readPage, readSearch } from "#app/models/shared/list-query";

// The Proprietários tab's state in the URL (issue 34): ?busca= (name,
// CPF/CNPJ, email or Pix key), ?contratos=com|sem (whether a contract names
// the owner) and ?pagina=, alphabetical. Client-safe.

export const OWNER_CONTRACT_FILTERS = ["com", "sem"] as const;
export const OWNER_CONTRACT_OPTIONS = [
  { value: "com", label: "Com contratos" },
  { value: "sem", label: "Sem contratos" },
] as const;

export type OwnersQuery = {
  search: string;
  contracts: (typeof OWNER_CONTRACT_FILTERS)[number] | null;
  page: number;
};

export function parseOwnersQuery(params: URLSearchParams): OwnersQuery {
  return {
    search: readSearch(params),
    contracts: readChoice(params, "contratos", OWNER_CONTRACT_FILTERS, null),
    page: readPage(params),
  };
}

export const ownersQueryValues = (q: OwnersQuery) => ({ busca: q.search, contratos: q.contracts });
