// The back office's navigation: the sections of the top bar, and the money
// pages grouped under "Financeiro" (issue 34: they were reached only through
// the Clientes tabs and the dashboard's cards). Client-safe; which entry is
// current is decided from the URL alone, so the page renders it the same
// with JavaScript off.

export type NavEntry = { to: string; label: string };

export const FINANCE_LINKS = [
  { to: "/admin/clients?aba=cobrancas", label: "Cobranças" },
  { to: "/admin/comprovantes", label: "Comprovantes" },
  { to: "/admin/extratos", label: "Extratos" },
  { to: "/admin/repasses", label: "Repasses" },
  { to: "/admin/terceiros", label: "Terceiros" },
  { to: "/admin/informes", label: "Informes" },
  { to: "/admin/dimob", label: "DIMOB" },
  { to: "/admin/indices", label: "Índices" },
  { to: "/admin/feriados", label: "Feriados" },
  { to: "/admin/emails", label: "Emails" },
] as const satisfies readonly NavEntry[];

export const FINANCE_HOME = FINANCE_LINKS[0].to;

export const SECTION_LINKS = [
  { to: "/admin/dashboard", label: "Painel" },
  { to: "/admin/properties", label: "Imóveis" },
  { to: "/admin/banners", label: "Banners" },
  { to: "/admin/requests", label: "Imóveis Ideais" },
  { to: "/admin/listings", label: "Anúncios" },
  { to: "/admin/clients", label: "Clientes" },
  { to: FINANCE_HOME, label: "Financeiro" },
] as const satisfies readonly NavEntry[];

// Staff accounts, the audit trail and LGPD requests are the master's alone
// (the pages check it too).
export const MASTER_LINKS = [
  { to: "/admin/equipe", label: "Equipe" },
  { to: "/admin/auditoria", label: "Auditoria" },
  { to: "/admin/privacidade", label: "Privacidade" },
] as const satisfies readonly NavEntry[];

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

// The finance page the URL is on, or null. Cobranças is a tab of Gestão de
// Clientes (?aba=cobrancas) with its dialogs under /admin/clients/cobrancas/.
export function currentFinanceLink(pathname: string, search: string): string | null {
  const tab = new URLSearchParams(search).get("aba");
  if ((pathname === "/admin/clients" && tab === "cobrancas") || under(pathname, "/admin/clients/cobrancas"))
    return FINANCE_HOME;
  const page = FINANCE_LINKS.slice(1).find((l) => under(pathname, l.to));
  return page ? page.to : null;
}

// The top bar's entry the URL is in, or null.
export function currentSection(pathname: string, search: string): string | null {
  if (currentFinanceLink(pathname, search)) return FINANCE_HOME;
  const all: readonly NavEntry[] = [...SECTION_LINKS, ...MASTER_LINKS];
  return all.find((l) => l.to !== FINANCE_HOME && under(pathname, l.to))?.to ?? null;
}
