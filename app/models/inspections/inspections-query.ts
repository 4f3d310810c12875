import type { InspectionKind } from "#app/db/schema";
import { readChoice, readPage, readSearch } from "#app/models/shared/list-query";

// The Vistorias tab's state in the URL (issue 34): ?busca= (the client's
// name, CPF/CNPJ or address, or the inspector), ?tipo=entrada|saida,
// ?situacao=andamento|finalizada and ?pagina=, newest first. Client-safe.

const KIND_FILTERS: readonly InspectionKind[] = ["entrada", "saida"];
export const INSPECTION_STATE_FILTERS = ["andamento", "finalizada"] as const;
export const INSPECTION_STATE_OPTIONS = [
  { value: "andamento", label: "Em andamento" },
  { value: "finalizada", label: "Finalizada" },
] as const;

export type InspectionsQuery = {
  search: string;
  kind: InspectionKind | null;
  state: (typeof INSPECTION_STATE_FILTERS)[number] | null;
  page: number;
};

export function parseInspectionsQuery(params: URLSearchParams): InspectionsQuery {
  return {
    search: readSearch(params),
    kind: readChoice(params, "tipo", KIND_FILTERS, null),
    state: readChoice(params, "situacao", INSPECTION_STATE_FILTERS, null),
    page: readPage(params),
  };
}

export const inspectionsQueryValues = (q: InspectionsQuery) => ({ busca: q.search, tipo: q.kind, situacao: q.state });
