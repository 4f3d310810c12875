import { BILLING_MESSAGES } from "#app/models/billing/billing.schema";

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

export const LOAD_FAILED: Record<Tab, string> = {
  clientes: "Não foi possível carregar os clientes.",
  ativos: "Não foi possível carregar os clientes.",
  contratos: "Não foi possível carregar os contratos.",
  cobrancas: BILLING_MESSAGES.loadFailed,
  manutencoes: "Não foi possível carregar as solicitações de manutenção.",
  proprietarios: "Não foi possível carregar os proprietários.",
  vistorias: "Não foi possível carregar as vistorias.",
};
