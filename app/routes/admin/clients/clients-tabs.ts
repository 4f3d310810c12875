import { BILLING_MESSAGES } from "#app/models/billing/billing.schema";
import { clientsQueryValues, parseClientsQuery } from "#app/models/clients/clients-query";
import { contractsQueryValues, parseContractsQuery } from "#app/models/contracts/contracts-query";
import { inspectionsQueryValues, parseInspectionsQuery } from "#app/models/inspections/inspections-query";
import { maintenanceQueryValues, parseMaintenanceQuery } from "#app/models/maintenance/maintenance-query";
import { ownersQueryValues, parseOwnersQuery } from "#app/models/owners/owners-query";
import { listHref, readPage } from "#app/models/shared/list-query";

// The tabs of "Gestão de Clientes" (?aba=...), client-safe: the route reads
// the tab, tabs.server.ts loads it.
export const TABS = [
  { id: "clientes", label: "Clientes" },
  { id: "ativos", label: "Ativos" },
  { id: "contratos", label: "Contratos" },
  { id: "cobrancas", label: "Cobranças" },
  { id: "manutencoes", label: "Manutenções" },
  { id: "proprietarios", label: "Proprietários" },
  { id: "vistorias", label: "Vistorias" },
] as const;
export type Tab = (typeof TABS)[number]["id"];

// The tab is ?aba=..., or the section of the dialog open over it
// (/admin/clients/contratos/novo is drawn over Contratos).
export function readTab(url: URL): Tab {
  const section = url.pathname.split("/")[3];
  if (
    section === "contratos" ||
    section === "cobrancas" ||
    section === "manutencoes" ||
    section === "proprietarios" ||
    section === "vistorias"
  )
    return section;
  const t = url.searchParams.get("aba");
  return TABS.find((x) => x.id === t)?.id ?? "clientes";
}

export const tabUrl = (tab: Tab) => (tab === "clientes" ? "/admin/clients" : `/admin/clients?aba=${tab}`);

// A tab's list with its search, filters and sort (`values`, defaults left
// out) on `page`: the links of its pagination.
export const tabHref = (tab: Tab, values: Record<string, string | null>, page = 1) =>
  listHref("/admin/clients", { aba: tab === "clientes" ? null : tab, ...values, pagina: page });

// The parameters of a tab's list read from a URL, each validated (unknown
// ones dropped, bad ones at their default).
export function tabValues(tab: Tab, params: URLSearchParams): Record<string, string | null> {
  switch (tab) {
    case "clientes":
    case "ativos":
      return clientsQueryValues(parseClientsQuery(params, tab === "ativos"));
    case "contratos":
      return contractsQueryValues(parseContractsQuery(params));
    case "manutencoes":
      return maintenanceQueryValues(parseMaintenanceQuery(params));
    case "proprietarios":
      return ownersQueryValues(parseOwnersQuery(params));
    case "vistorias":
      return inspectionsQueryValues(parseInspectionsQuery(params));
    case "cobrancas":
      return {};
  }
}

// What a list tab's panel needs for its bar and its pages. The sort is not a
// filter: a sorted list is still the whole list ("Nenhum cliente cadastrado.").
export const tabNav = (tab: Tab, values: Record<string, string | null>, page = 1) => ({
  hrefFor: (p: number) => tabHref(tab, values, p),
  // A row's dialog or action with this page's query, to come back to it.
  // (?aba= only when the path does not name the tab: /admin/clients/5/edit from Ativos.)
  withList: (path: string) =>
    listHref(path, { aba: readTab(new URL(path, "http://x")) === tab ? null : tab, ...values, pagina: page }),
  clearTo: tabUrl(tab),
  filtered: Object.entries(values).some(([key, value]) => key !== "ordem" && !!value),
  formKey: JSON.stringify(values),
});

// Where a row's action goes back to: the same filtered page of the same tab,
// rebuilt from the validated parameters (never the raw query string).
export const tabListUrl = (tab: Tab, params: URLSearchParams) => tabHref(tab, tabValues(tab, params), readPage(params));

export const LOAD_FAILED: Record<Tab, string> = {
  clientes: "Não foi possível carregar os clientes.",
  ativos: "Não foi possível carregar os clientes.",
  contratos: "Não foi possível carregar os contratos.",
  cobrancas: BILLING_MESSAGES.loadFailed,
  manutencoes: "Não foi possível carregar as solicitações de manutenção.",
  proprietarios: "Não foi possível carregar os proprietários.",
  vistorias: "Não foi possível carregar as vistorias.",
};
