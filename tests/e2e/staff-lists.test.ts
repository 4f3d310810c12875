import fs from "node:fs";
import type { Page } from "@playwright/test";
import { cents } from "#app/models/shared/money";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// Every staff list is a query (issue 34), without JavaScript: Clientes
// searched without accents, filtered by login, paged, a row's action back on
// the same filtered page, a CPF typed with its dots; Proprietários searched
// and filtered by whether a contract names them.

test.use({ javaScriptEnabled: false });

const toast = (page: Page) => page.getByTestId("toast");
const rows = (page: Page) => page.getByTestId("client-row");

// A valid CPF from nine digits (the check digits computed), different each run.
function cpf() {
  const body = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  const check = (digits: number[]) => {
    const sum = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const d1 = check(body);
  const all = [...body, d1, check([...body, d1])].join("");
  return { digits: all, typed: `${all.slice(0, 3)}.${all.slice(3, 6)}.${all.slice(6, 9)}-${all.slice(9)}` };
}

const owners: number[] = [];
test.afterEach(async () => {
  if (owners.length === 0) return;
  const ids = owners.splice(0);
  await appDb().updateTable("clients").set({ owner_id: null }).where("owner_id", "in", ids).execute();
  await appDb().deleteFrom("owners").where("id", "in", ids).execute();
});

test("Clientes: searched, filtered by login and paged; a row's action comes back to the same page", async ({
  page,
  signInAs,
  createClient,
}) => {
  test.setTimeout(90_000);
  const tag = uniq();
  const document = cpf();
  // 27 clients of this test (two pages of 25), one of them without a login.
  for (let i = 1; i <= 27; i++)
    await createClient({
      name: `Lista ${tag} Conceição ${String(i).padStart(2, "0")}`,
      ...(i === 1 ? { cpf_cnpj: document.digits } : {}),
    });
  await signInAs("admin");

  await page.goto("/admin/clients");
  const search = page.getByRole("search", { name: "Buscar clientes" });
  await search.getByLabel("Buscar").fill(`LISTA ${tag} conceicao`);
  await search.getByLabel("Acesso").selectOption({ label: "Com Login" });
  await search.getByLabel("Ordenar por").selectOption({ label: "Nome" });
  await search.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/busca=LISTA.*acesso=com.*ordem=nome/);
  await expect(page.getByText("27 clientes · página 1 de 2")).toBeVisible();
  await expect(rows(page)).toHaveCount(25);
  await expect(rows(page).first()).toContainText(`Lista ${tag} Conceição 01`);
  // The form shows what the list is.
  await expect(page.getByRole("search", { name: "Buscar clientes" }).getByLabel("Buscar")).toHaveValue(
    `LISTA ${tag} conceicao`,
  );

  await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Próxima" }).click();
  await expect(page).toHaveURL(/pagina=2/);
  await expect(page.getByText("27 clientes · página 2 de 2")).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  const last = rows(page).filter({ hasText: `Lista ${tag} Conceição 27` });

  // "Desativar login" on page 2: back on page 2 of the same filtered list,
  // where the client no longer is (it has no login now).
  await last.getByRole("button", { name: "Desativar login" }).click();
  await expect(toast(page)).toContainText("Login desativado");
  await expect(page).toHaveURL(/busca=LISTA.*acesso=com.*ordem=nome.*pagina=2/);
  await expect(page.getByText("26 clientes · página 2 de 2")).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`Lista ${tag} Conceição 26`);

  // "Sem Login" finds it; "Limpar" is the whole list again.
  await page.goto(`/admin/clients?busca=${tag}&acesso=sem`);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(`Lista ${tag} Conceição 27`);
  await page.getByRole("link", { name: "Limpar" }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);

  // The CPF typed with its dots and dash, and without.
  for (const typed of [document.typed, document.digits]) {
    await page.getByRole("search", { name: "Buscar clientes" }).getByLabel("Buscar").fill(typed);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(`Lista ${tag} Conceição 01`);
  }

  // A page past the end is the last one; nonsense is the first, never an error.
  await page.goto(`/admin/clients?busca=${tag}&pagina=999`);
  await expect(page.getByText("27 clientes · página 2 de 2")).toBeVisible();
  const response = await page.goto(`/admin/clients?busca=${tag}&pagina=-1&ordem=x&acesso=talvez`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText("27 clientes · página 1 de 2")).toBeVisible();

  // Nothing found says so.
  await page.goto(`/admin/clients?busca=${tag}-ninguem`);
  await expect(page.getByText("Nenhum cliente encontrado.")).toBeVisible();
});

test("Proprietários: searched without accents and filtered by contracts", async ({ page, signInAs, createClient }) => {
  const tag = uniq();
  const joao = await createOwner(appDb(), ownerSchema.parse({ name: `João Ávila ${tag}` }), null);
  const joana = await createOwner(appDb(), ownerSchema.parse({ name: `Joana Ávila ${tag}` }), null);
  owners.push(joao, joana);
  await createClient({ owner_id: joao });
  await signInAs("admin");

  await page.goto("/admin/clients?aba=proprietarios");
  const search = page.getByRole("search", { name: "Buscar proprietários" });
  await search.getByLabel("Buscar").fill(`avila ${tag}`);
  await search.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/aba=proprietarios.*busca=avila/);
  const table = page.getByTestId("owners");
  await expect(table.locator("tbody tr")).toHaveCount(2);
  // Alphabetical as people read it.
  await expect(table.locator("tbody tr").first()).toContainText(`Joana Ávila ${tag}`);

  await page
    .getByRole("search", { name: "Buscar proprietários" })
    .getByLabel("Contratos")
    .selectOption({ label: "Sem contratos" });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/contratos=sem/);
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table).toContainText(`Joana Ávila ${tag}`);

  await page.getByRole("search", { name: "Buscar proprietários" }).getByLabel("Contratos").selectOption({
    label: "Com contratos",
  });
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr")).toContainText(`João Ávila ${tag}`);
  await expect(table.locator("tbody tr")).toContainText("1");

  // The list as filtered, as a CSV Excel in Brazil opens.
  const file = await download(page);
  expect(file.name).toMatch(/^proprietarios-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(file.lines).toEqual(["Proprietário;CPF/CNPJ;Email;Telefone;Chave Pix;Contratos", `João Ávila ${tag};;;;;1`]);
});

test("Ativos: the filtered list as a CSV, a formula-like name written as text", async ({
  page,
  signInAs,
  createClient,
}) => {
  const tag = uniq();
  const client = await createClient({
    name: `=Planilha ${tag}`,
    monthly_rent: cents(123_450),
    contract_start_date: "2026-01-01",
    contract_end_date: "2099-12-31",
  });
  await signInAs("admin");
  await page.goto(`/admin/clients?aba=ativos&busca=${encodeURIComponent(`planilha ${tag}`)}`);
  await expect(rows(page)).toHaveCount(1);
  const file = await download(page);
  expect(file.name).toMatch(/^clientes-ativos-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(file.lines[0]).toBe(
    "Cliente;CPF/CNPJ;Email;Telefone;Usuário;Endereço do imóvel;Início do contrato;Fim do contrato;Aluguel (R$);Dia de vencimento",
  );
  expect(file.lines).toHaveLength(2);
  expect(file.lines[1]).toMatch(new RegExp(`^'=Planilha ${tag};.*;01/01/2026;31/12/2099;1234,50;5$`));
  expect(file.lines[1]).toContain(client.username);
});

// Clicks "Exportar CSV" and reads the file: its name and lines after the BOM.
async function download(page: Page) {
  const waiting = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  const file = await waiting;
  const bytes = fs.readFileSync((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { name: file.suggestedFilename(), lines: bytes.subarray(3).toString("utf8").split("\r\n").slice(0, -1) };
}
