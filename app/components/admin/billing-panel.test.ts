import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { AwaitingBoleto } from "./awaiting-boletos";
import type { BillingQuery } from "#app/models/billing/billing-query";
import { BillingPanel, countsText, type BillingPanelGroup, type BillingPanelView } from "./billing-panel";

// The panel as the server renders it (what a visitor without JavaScript
// gets): the empty state, a group's counts, the row's cells and the
// status form that posts without JavaScript.

const TODAS: BillingQuery = { queue: "todas", search: "", client: null, page: 1 };
const COUNTS = { atrasadas: 3, mes: 1, diferencas: 0 };

function renderView(
  view: BillingPanelView,
  {
    awaiting = [],
    today = "2026-10-05",
    query = TODAS,
  }: { awaiting?: AwaitingBoleto[]; today?: string; query?: BillingQuery } = {},
) {
  const Stub = createRoutesStub([
    {
      path: "/admin/clients",
      Component: () =>
        createElement(BillingPanel, { query, counts: COUNTS, view, total: 1, page: 1, pages: 1, today, awaiting }),
    },
  ]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin/clients?aba=cobrancas"] }));
}

// "Todas": groups of clients.
function render(groups: BillingPanelGroup[], awaiting: AwaitingBoleto[] = [], today = "2026-10-05") {
  const withTotals = groups.map((g) => ({ ...g, total: g.billings.length }));
  return renderView({ kind: "groups", groups: withTotals }, { awaiting, today });
}

describe("Gestão de Cobranças", () => {
  it("with no billing says so and points to Nova Cobrança and Gerar Cobranças do Contrato", () => {
    const html = render([]);
    expect(html).toContain("Nenhuma cobrança encontrada");
    expect(html.match(/href="\/admin\/clients\/cobrancas\/nova"/g)).toHaveLength(2);
    expect(html.match(/href="\/admin\/clients\/cobrancas\/gerar"/g)).toHaveLength(2);
  });

  it("shows a group open with its counts and each billing's cells", () => {
    const html = render([
      {
        clientId: 3,
        clientName: "Maria Souza",
        counts: { overdue: 1, pending: 0, paid: 1 },
        billings: [
          {
            id: 9,
            month_year: "2026-10",
            amount_cents: 125000,
            due_date: "2026-10-05",
            status: "paid",
            payment_date: "2026-10-04",
            amount_paid_cents: null,
            open_cents: 0,
            documents: [],
          },
          {
            id: 8,
            month_year: "2026-09",
            amount_cents: 98050,
            due_date: "2026-09-05",
            status: "overdue",
            payment_date: null,
            amount_paid_cents: null,
            open_cents: 0,
            documents: [{ id: 4, file_name: "boleto-setembro-2026.pdf" }],
          },
        ],
      },
    ]);
    expect(html).toMatch(/<details open=""[^>]*data-testid="billing-group"/);
    expect(html).toContain("1 em atraso · 0 pendentes · 1 paga");
    expect(html).toContain("outubro de 2026");
    expect(html).toContain("R$ 1.250,00");
    expect(html).toContain("05/10/2026");
    expect(html).toContain("Pago em 04/10/2026");
    expect(html).toContain("Em Atraso");
    expect(html).toContain("Nenhum boleto");
    expect(html).toContain('title="boleto-setembro-2026.pdf"');
    expect(html).toContain(">boleto-setembro...</a>");
    // Without JavaScript: a form that posts the status with a Salvar button.
    expect(html).toContain('action="/admin/clients/cobrancas/9"');
    expect(html).toMatch(/<option value="paid" selected="">Pago<\/option>/);
    expect(html).toContain("Salvar");
  });

  it("says why Em Atraso only under a billing past its due date: not one marked overdue before its day, not a paid or pending one", () => {
    const billing = (id: number, due_date: string, status: string) => ({
      id,
      month_year: due_date.slice(0, 7),
      amount_cents: 100,
      due_date,
      status,
      payment_date: status === "paid" ? due_date : null,
      amount_paid_cents: null,
      open_cents: 0,
      documents: [],
    });
    const html = render(
      [
        {
          clientId: 1,
          clientName: "Ana",
          counts: { overdue: 2, pending: 1, paid: 1 },
          billings: [
            billing(1, "2026-10-04", "overdue"),
            billing(2, "2026-10-05", "overdue"),
            billing(3, "2026-10-05", "pending"),
            billing(4, "2026-09-05", "paid"),
          ],
        },
      ],
      [],
      "2026-10-05",
    );
    const rows = html.split('data-testid="billing-row"').slice(1);
    expect(rows.map((row) => row.includes("vencida: aparece como Em Atraso"))).toEqual([true, false, false, false]);
  });

  it("counts in Portuguese, singular and plural", () => {
    expect(countsText({ overdue: 0, pending: 1, paid: 2 })).toBe("0 em atraso · 1 pendente · 2 pagas");
  });

  it("lists the boletos awaiting processing by client, each saying what processing does, counting in N those that create or join a billing", () => {
    const boleto = (
      id: number,
      client_id: number,
      client_name: string,
      month_year: string | null,
      step: AwaitingBoleto["step"],
    ): AwaitingBoleto => ({
      id,
      client_id,
      client_name,
      file_name: `boleto-${id}-com-nome-longo.pdf`,
      due_date: month_year ? `${month_year}-10` : null,
      amount_cents: 125000,
      month_year,
      step,
    });
    const october = { id: 9, month_year: "2026-10", due_date: "2026-10-05", status: "pending", amount_cents: 150000 };
    const html = render(
      [],
      [
        boleto(1, 2, "Zélia", "2026-10", { kind: "create" }),
        boleto(2, 1, "Ana", "2026-10", {
          kind: "join",
          billing: october,
          creatorId: null,
          target: october,
          updateAmount: true,
        }),
        boleto(3, 1, "Ana", null, { kind: "incomplete" }),
        boleto(4, 1, "Ana", "2026-12", { kind: "duplicate" }),
      ],
    );
    expect(html).toContain("Boletos aguardando processamento (4)");
    expect(html).toContain("Processar 2 Boletos");
    expect(html.indexOf(">Ana<")).toBeLessThan(html.indexOf(">Zélia<"));
    expect(html).toContain("boleto-1-com-no...");
    expect(html).toContain("Cria a cobrança de outubro de 2026.");
    expect(html).toContain(
      "Será anexado à cobrança de outubro de 2026 (R$ 1.500,00, vencimento 05/10/2026). O valor passa a R$ 1.250,00.",
    );
    expect(html).toContain("Sem vencimento, valor ou mês de referência: não gera cobrança.");
    expect(html).toContain("Linha digitável já registrada");
    expect(html).toContain('href="/arquivos/boletos/3?download=1"');
  });

  it("shows the work queues with their counts, the current one marked, and a search that keeps the queue", () => {
    const html = renderView(
      { kind: "queue", rows: [] },
      { query: { queue: "mes", search: "joão", client: null, page: 1 } },
    );
    expect(html).toContain('aria-label="Filas de cobranças"');
    expect(html).toMatch(/href="\/admin\/clients\?aba=cobrancas&amp;busca=jo%C3%A3o"[^>]*>Em atraso<span[^>]*>3</);
    expect(html).toMatch(/aria-current="page"[^>]*>Vencem este mês<span[^>]*>1</);
    expect(html).toContain('href="/admin/clients?aba=cobrancas&amp;fila=todas&amp;busca=jo%C3%A3o"');
    expect(html).toContain('<input type="hidden" name="fila" value="mes"/>');
    expect(html).toContain('value="joão"');
    expect(html).toContain("Nenhuma cobrança a vencer neste mês.");
  });

  it("in a queue, starts each row with its client", () => {
    const html = renderView({
      kind: "queue",
      rows: [
        {
          id: 5,
          client_id: 2,
          client_name: "Zélia Prado",
          month_year: "2026-09",
          amount_cents: 120000,
          due_date: "2026-09-05",
          status: "overdue",
          payment_date: null,
          amount_paid_cents: null,
          open_cents: 0,
          documents: [],
        },
      ],
    });
    expect(html).toMatch(/data-testid="billing-row"[^]*Cliente[^]*Zélia Prado[^]*setembro de 2026/);
  });

  it("in Em atraso, a checkbox beside each overdue tenant joins the bulk reminder's form above the table", () => {
    const row = (id: number, name: string) => ({
      id,
      client_id: id,
      client_name: name,
      month_year: "2026-09",
      amount_cents: 120000,
      due_date: "2026-09-05",
      status: "overdue",
      payment_date: null,
      amount_paid_cents: null,
      open_cents: 0,
      documents: [],
    });
    const rows = [row(5, "Zélia Prado"), row(6, "Ivo Lima")];
    const atrasadas = { queue: "atrasadas", search: "prado", client: null, page: 1 } as const;
    const html = renderView({ kind: "queue", rows }, { query: atrasadas });
    // The form sits before the table (rows hold their own forms; forms do not nest).
    expect(html).toMatch(
      /<form id="lembretes-em-atraso"[^>]*action="\/admin\/clients\/cobrancas\/lembretes" method="post">[^]*?<\/form><div[^>]*><table/,
    );
    expect(html).toContain('<input type="hidden" name="busca" value="prado"/>');
    expect(html).not.toContain('name="pagina"');
    expect(html.match(/<input type="hidden" name="na-pagina" value="\d+"\/>/g)).toEqual([
      '<input type="hidden" name="na-pagina" value="5"/>',
      '<input type="hidden" name="na-pagina" value="6"/>',
    ]);
    expect(html).toMatch(/<input id="lembretes-em-atraso-todas" type="checkbox"[^>]*name="toda-pagina" value="1"\/>/);
    expect(html).toContain("Selecionar todas desta página");
    expect(html).toContain("Enviar lembrete por email aos selecionados");
    expect(html).toMatch(
      /<input type="checkbox" form="lembretes-em-atraso" aria-label="Selecionar Zélia Prado, setembro de 2026"[^>]*name="cobranca" value="5"\/>/,
    );
    expect(html.match(/form="lembretes-em-atraso"/g)).toHaveLength(2);

    // Another queue: no form, no checkbox.
    const mes = renderView({ kind: "queue", rows }, { query: { ...atrasadas, queue: "mes" } });
    expect(mes).not.toContain("lembretes-em-atraso");
  });

  it("links a group with more billings than it shows to the client's every billing", () => {
    const html = renderView({
      kind: "groups",
      groups: [
        {
          clientId: 7,
          clientName: "Ana",
          counts: { overdue: 0, pending: 0, paid: 20 },
          total: 20,
          billings: [
            {
              id: 1,
              month_year: "2026-09",
              amount_cents: 1,
              due_date: "2026-09-05",
              status: "paid",
              payment_date: "2026-09-05",
              amount_paid_cents: null,
              open_cents: 0,
              documents: [],
            },
          ],
        },
      ],
    });
    expect(html).toContain('href="/admin/clients?aba=cobrancas&amp;fila=todas&amp;cliente=7"');
    expect(html).toContain("Ver todas as 20 cobranças de Ana");
  });

  it("shows no awaiting list when there is none", () => {
    expect(render([])).not.toContain("aguardando processamento");
  });
});
