import type { Locator, Page } from "@playwright/test";
import { localToday, addDays } from "#app/models/shared/days";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { cents } from "#app/models/shared/money";

// The rental side on a phone (375 x 812): the Clientes and Contratos tabs of
// the back office and the client area show every field and every action
// without scrolling sideways. Below 768 px a row is a card whose content
// stays inside it, and a file name wraps between its words.

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const LONG_ADDRESS = "Avenida Ranulpho Marques Leal, 2300, sala 4 - Distrito Industrial, Três Lagoas - MS";
const FILE_NAME = "Contrato de Locação Residencial Assinado pelas Partes.pdf";

async function expectNoSideScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

// Drawn, and from its left to its right edge inside the screen's width.
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
}

// Nothing drawn in the card hangs over its edges (a date, a name, a button);
// what is not drawn (a closed question's content) does not count.
async function expectInside(card: Locator) {
  const outside = await card.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return [...el.querySelectorAll("*")]
      .filter((child) => {
        const r = child.getBoundingClientRect();
        return r.width > 0 && child.checkVisibility() && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
      })
      .map((child) => child.textContent?.trim().slice(0, 40));
  });
  expect(outside).toEqual([]);
}

// The words of the element's text that the browser split over two lines.
async function wordsBrokenAcrossLines(locator: Locator) {
  return locator.evaluate((el) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

test("Clientes: each client is a card with every field and action on screen", async ({
  admin: _admin,
  page,
  createClient,
}) => {
  const client = await createClient({
    name: `Inquilina Celular ${uniq()}`,
    cpf_cnpj: "11222333000181",
    property_address: LONG_ADDRESS,
    contract_start_date: "2026-01-01",
    contract_end_date: "2099-12-31",
    monthly_rent: cents(185000),
  });
  await page.goto("/admin/clients");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestão de Clientes");
  const card = page.getByTestId("client-row").filter({ hasText: client.name });
  await card.scrollIntoViewIfNeeded();
  await expectNoSideScroll(page);
  await expectInside(card);
  for (const text of [
    client.email,
    "11.222.333/0001-81",
    LONG_ADDRESS,
    "01/01/2026 a 31/12/2099",
    "Ativo",
    "R$ 1.850,00",
    "Com Login",
    client.username,
  ]) {
    await expectOnScreen(card.getByText(text, { exact: true }));
  }
  // What each value is, since the table's header row is not shown.
  for (const label of ["Cliente", "CPF/CNPJ", "Imóvel", "Contrato", "Aluguel", "Acesso", "Ações"]) {
    await expect(card.getByText(label, { exact: true })).toBeVisible();
  }
  await expectOnScreen(card.getByRole("link", { name: `Editar ${client.name}` }));
  await expectOnScreen(card.getByRole("button", { name: "Redefinir senha" }));
  await expectOnScreen(card.getByRole("button", { name: "Desativar login" }));
  await expectOnScreen(card.getByRole("link", { name: "Encerrar contrato" }));
  await expectOnScreen(card.getByText("Excluir", { exact: true }));

  // The delete's question opens inside the card too.
  await card.getByText("Excluir", { exact: true }).click();
  await expectOnScreen(card.getByRole("button", { name: "Confirmar exclusão" }));
  await expectInside(card);
  await expectNoSideScroll(page);
});

test("Contratos: each contract is a card, its file name wrapped between words, its actions on screen", async ({
  admin: _admin,
  page,
  createClient,
  createContract,
}) => {
  const client = await createClient({ name: `Contrato Celular ${uniq()}` });
  await createContract(client.id, FILE_NAME);
  await page.goto("/admin/clients?aba=contratos");
  const card = page.getByTestId("contract-row").filter({ hasText: client.name });
  await card.scrollIntoViewIfNeeded();
  await expectNoSideScroll(page);
  await expectInside(card);
  // (The closed delete question names the file too.)
  const fileName = card.locator("span").filter({ hasText: FILE_NAME });
  await expectOnScreen(fileName);
  expect(await wordsBrokenAcrossLines(fileName)).toEqual([]);
  await expectOnScreen(card.getByRole("link", { name: "Visualizar" }));
  await expectOnScreen(card.getByRole("link", { name: "Baixar" }));
  await expectOnScreen(card.getByText("Excluir", { exact: true }));
});

test("the client area fits the phone: header, tabs, contract and forms", async ({
  page,
  createClient,
  signInClient,
  createContract,
  createBilling,
}) => {
  const client = await createClient({
    name: `Maria Aparecida dos Santos Celular ${uniq()}`,
    property_address: LONG_ADDRESS,
    contract_start_date: "2026-01-01",
    contract_end_date: "2099-12-31",
    monthly_rent: cents(185000),
  });
  await createContract(client.id, FILE_NAME);
  // Due within the issue window: the tenant sees it.
  const due = addDays(localToday(), 10);
  await createBilling(client.id, { month_year: due.slice(0, 7), due_date: due, amount_cents: cents(125000) });
  await signInClient(client);

  await page.goto("/client-area");
  await expectNoSideScroll(page);
  await expectOnScreen(page.getByRole("link", { name: "Lagoa Imóveis" }));
  await expectOnScreen(page.getByRole("link", { name: "← Voltar ao site" }));
  await expectOnScreen(page.getByRole("button", { name: "Sair" }));
  const tabs = page.getByRole("navigation", { name: "Seções da área do cliente" });
  for (const name of ["Contrato", "Cobrança", "Manutenção", "Vistoria"])
    await expectOnScreen(tabs.getByRole("link", { name, exact: true }));
  const fileName = page.getByText(FILE_NAME, { exact: true });
  await expectOnScreen(fileName);
  expect(await wordsBrokenAcrossLines(fileName)).toEqual([]);
  await expectOnScreen(page.getByRole("link", { name: "Visualizar" }));
  await expectOnScreen(page.getByRole("link", { name: "Baixar" }));

  await page.goto("/client-area?tab=cobranca");
  await expectNoSideScroll(page);
  await expectOnScreen(page.getByTestId("billing-row").getByText("R$ 1.250,00"));

  await page.goto("/client-area?tab=manutencao");
  await expectNoSideScroll(page);
  await expectOnScreen(page.getByRole("button", { name: "Enviar Solicitação" }));
});
