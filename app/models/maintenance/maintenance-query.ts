import { readChoice, readPage, readSearch } from "#app/models/shared/list-query";
import {
  MAINTENANCE_CATEGORY_VALUES,
  MAINTENANCE_PRIORITY_VALUES,
  MAINTENANCE_STATUS_VALUES,
  type MaintenanceCategory,
  type MaintenancePriority,
  type MaintenanceStatus,
} from "./labels";

// The Manutenções tab's state in the URL (issue 34): ?busca= (the title, the
// client's name, CPF/CNPJ, email or address), ?situacao=, ?prioridade=,
// ?categoria= (the stored codes), ?ordem=recentes|prioridade and ?pagina=.
// Client-safe.

export const MAINTENANCE_SORTS = ["recentes", "prioridade"] as const;
export const MAINTENANCE_SORT_OPTIONS = [
  { value: "recentes", label: "Mais recentes" },
  { value: "prioridade", label: "Prioridade" },
] as const;

export type MaintenanceQuery = {
  search: string;
  status: MaintenanceStatus | null;
  priority: MaintenancePriority | null;
  category: MaintenanceCategory | null;
  sort: (typeof MAINTENANCE_SORTS)[number];
  page: number;
};

export function parseMaintenanceQuery(params: URLSearchParams): MaintenanceQuery {
  return {
    search: readSearch(params),
    status: readChoice(params, "situacao", MAINTENANCE_STATUS_VALUES, null),
    priority: readChoice(params, "prioridade", MAINTENANCE_PRIORITY_VALUES, null),
    category: readChoice(params, "categoria", MAINTENANCE_CATEGORY_VALUES, null),
    sort: readChoice(params, "ordem", MAINTENANCE_SORTS, "recentes"),
    page: readPage(params),
  };
}

export const maintenanceQueryValues = (q: MaintenanceQuery) => ({
  busca: q.search,
  situacao: q.status,
  prioridade: q.priority,
  categoria: q.category,
  ordem: q.sort === "recentes" ? null : q.sort,
});
