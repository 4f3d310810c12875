import { describe, expect, it } from "vitest";
import { FINANCE_HOME, FINANCE_LINKS, currentFinanceLink, currentSection } from "./admin-nav";

const at = (target: string) => {
  const url = new URL(target, "http://x");
  return [url.pathname, url.search] as const;
};

describe("the back office's navigation", () => {
  it("puts every money page under Financeiro, and marks the one the URL is on", () => {
    const pages: [string, string][] = [
      ["/admin/clients?aba=cobrancas", FINANCE_HOME],
      ["/admin/clients/cobrancas/12", FINANCE_HOME],
      ["/admin/comprovantes?pagina=2", "/admin/comprovantes"],
      ["/admin/extratos", "/admin/extratos"],
      ["/admin/extratos/7?pagina=2", "/admin/extratos"],
      ["/admin/repasses/3/2026-10", "/admin/repasses"],
      ["/admin/terceiros?pagina=2", "/admin/terceiros"],
      ["/admin/informes?ano=2025", "/admin/informes"],
      ["/admin/dimob", "/admin/dimob"],
      ["/admin/indices", "/admin/indices"],
      ["/admin/feriados?ano=2027", "/admin/feriados"],
      ["/admin/emails?situacao=failed", "/admin/emails"],
    ];
    for (const [target, link] of pages) {
      expect(currentFinanceLink(...at(target)), target).toBe(link);
      expect(currentSection(...at(target)), target).toBe(FINANCE_HOME);
    }
    expect(FINANCE_LINKS.map((l) => l.label)).toEqual([
      "Cobranças",
      "Comprovantes",
      "Extratos",
      "Repasses",
      "Terceiros",
      "Informes",
      "DIMOB",
      "Índices",
      "Feriados",
      "Emails",
    ]);
  });

  it("leaves the other sections as they were: Clientes is its tabs other than Cobranças", () => {
    for (const [target, section] of [
      ["/admin/clients", "/admin/clients"],
      ["/admin/clients?aba=contratos", "/admin/clients"],
      ["/admin/clients/contratos/novo", "/admin/clients"],
      ["/admin/dashboard", "/admin/dashboard"],
      ["/admin/properties/4/edit", "/admin/properties"],
      ["/admin/equipe", "/admin/equipe"],
      ["/admin/perfil", null],
      ["/admin/emailsx", null],
    ] as const) {
      expect(currentFinanceLink(...at(target)), target).toBeNull();
      expect(currentSection(...at(target)), target).toBe(section);
    }
  });
});
