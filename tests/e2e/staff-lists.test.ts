import fs from "node:fs";
import type { Page } from "@playwright/test";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { cents } from "#app/models/shared/money";
import { localToday } from "#app/models/shared/days";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { insertMaintenanceRequest } from "#tests/fixtures/admin-rental";
import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { buildOfx } from "#tests/fixtures/statements/build";
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
    "Cliente;CPF/CNPJ;Email;Telefone;Usuário;Endereço do imóvel;Início do contrato;Fim do contrato;Aluguel (R$);Dia de vencimento;Encerrado em",
  );
  expect(file.lines).toHaveLength(2);
  expect(file.lines[1]).toMatch(new RegExp(`^'=Planilha ${tag};.*;01/01/2026;31/12/2099;1234,50;5;$`));
  expect(file.lines[1]).toContain(client.username);
});

// The other lists' "Exportar CSV" (issue 34): each link carries the page's
// filters and its file the rows a staff member would check.

test("Contratos and Manutenções: the filtered tab as a CSV", async ({
  page,
  signInAs,
  createClient,
  createContract,
}) => {
  const tag = uniq();
  const client = await createClient({ name: `Planilha ${tag}` });
  // A file name a spreadsheet would run as a formula.
  const contract = await createContract(client.id, `=Contrato ${tag}.pdf`);
  const leak = await insertMaintenanceRequest(client.id, {
    title: `Vazamento ${tag}`,
    description: "Água sob a pia; urgente.",
    category: "plumbing",
    priority: "urgent",
    requested_at: "2026-03-04T15:30:00.000Z",
  });
  await insertMaintenanceRequest(client.id, { title: `Portão ${tag}`, priority: "low" });
  await signInAs("admin");

  await page.goto(`/admin/clients?aba=contratos&busca=${tag}`);
  await expect(page.getByTestId("contract-row")).toHaveCount(1);
  const contracts = await download(page);
  expect(contracts.name).toMatch(/^contratos-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(contracts.lines).toEqual([
    "Nº;Cliente;Nº do cliente;CPF/CNPJ;Arquivo;Enviado em;Enviado por",
    expect.stringMatching(
      new RegExp(
        `^${contract.id};Planilha ${tag};${client.id};;'=Contrato ${tag}\\.pdf;\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};Sistema$`,
      ),
    ),
  ]);

  // Only the urgent one, as the page filters it.
  await page.goto(`/admin/clients?aba=manutencoes&busca=${tag}&prioridade=urgent`);
  await expect(page.getByTestId("maintenance-request")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute(
    "href",
    `/admin/manutencoes/exportar?aba=manutencoes&busca=${tag}&prioridade=urgent`,
  );
  const requests = await download(page);
  expect(requests.name).toMatch(/^manutencoes-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(requests.lines).toEqual([
    "Nº;Título;Cliente;Nº do cliente;Situação;Prioridade;Categoria;Solicitada em;Concluída em;Descrição;Observações do administrador;Imagens;Documentos",
    // 15:30 UTC is 11:30 in Três Lagoas; a cell with ";" is quoted.
    `${leak};Vazamento ${tag};Planilha ${tag};${client.id};Pendente;Urgente;Hidráulica;04/03/2026 11:30;;"Água sob a pia; urgente.";;0;`,
  ]);
});

test("Extratos: every import as a CSV, with its counts", async ({ page, signInAs }) => {
  const tag = uniq();
  const admin = await signInAs("admin");
  const ofx = buildOfx({
    bankId: "0341",
    acctId: `CSV${tag}`,
    lines: [{ fitid: `${tag}-1`, date: "2026-11-03", amountCents: 12_345, memo: `PIX RECEBIDO CSV ${tag}` }],
  });
  await page.goto("/admin/extratos");
  await page
    .getByLabel("Arquivo")
    .setInputFiles({ name: `extrato-${tag}.ofx`, mimeType: "application/x-ofx", buffer: ofx });
  await page.getByRole("button", { name: "Importar extrato" }).click();
  await expect(page).toHaveURL(/\/admin\/extratos\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  try {
    await page.goto("/admin/extratos");
    const file = await download(page);
    expect(file.name).toMatch(/^extratos-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.lines[0]).toBe(
      "Nº;Arquivo;Tipo;Conta;Período de;Período até;Importado por;Importado em;Lançamentos;Créditos;Exatas;Prováveis;Já conciliados;Situação;Confirmado por;Confirmado em;Cobranças baixadas",
    );
    expect(file.lines.filter((l) => l.includes(tag))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${id};extrato-${tag}\\.ofx;OFX;[^;]*CSV${tag}[^;]*;03/11/2026;03/11/2026;${admin.name};\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};1;1;0;0;0;Aguardando revisão;;;$`,
        ),
      ),
    ]);
  } finally {
    const rows = await appDb().selectFrom("statement_imports").select("file_key").where("id", "=", id).execute();
    await appDb().deleteFrom("statement_imports").where("id", "=", id).execute();
    await removePrivateFiles(rows.map((r) => r.file_key));
  }
});

// A month and a year no other test pays in, so the files hold this test's rows.
const CSV_MONTH = "2002-03";

test("Repasses and Informes: the month's and the year's figures as the page shows them", async ({
  page,
  signInAs,
  createClient,
  createBilling,
}) => {
  const tag = uniq();
  const now = new Date().toISOString();
  const owner = await appDb()
    .insertInto("owners")
    .values({ name: `=Dono ${tag}`, email: `dono-${tag}@exemplo.com.br`, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  owners.push(owner.id);
  const tenant = await createClient({
    name: `Inquilina ${tag}`,
    owner_id: owner.id,
    admin_fee_percent: 1000,
    first_rent_fee_percent: 0,
  });
  const rent = await createBilling(tenant.id, {
    month_year: CSV_MONTH,
    due_date: `${CSV_MONTH}-05`,
    amount_cents: cents(80_000),
  });
  await appDb()
    .updateTable("billing")
    .set({ status: "paid", payment_date: `${CSV_MONTH}-05`, amount_paid_cents: cents(80_000) })
    .where("id", "=", rent.id)
    .execute();
  await signInAs("admin");

  await page.goto(`/admin/repasses?mes=${CSV_MONTH}&busca=${tag}`);
  await expect(page.getByTestId("pending-transfers").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute(
    "href",
    `/admin/repasses/exportar?mes=${CSV_MONTH}&busca=${tag}`,
  );
  const transfers = await download(page);
  expect(transfers.name).toBe(`repasses-${CSV_MONTH}-${localToday()}.csv`);
  expect(transfers.lines).toEqual([
    "Nº do proprietário;Proprietário;CPF/CNPJ;Mês;Situação;Aluguéis;Recebido (R$);Taxas (R$);A repassar (R$);Extrato nº;Repassado em;Email",
    // R$ 800,00 received, 10% administration.
    `${owner.id};'=Dono ${tag};;março de 2002;Pendente;1;800,00;80,00;720,00;;;`,
  ]);

  await page.goto(`/admin/informes?ano=2002&busca=${tag}`);
  await expect(page.getByTestId("owner-reports").locator("tbody tr")).toHaveCount(1);
  const informes = await download(page);
  expect(informes.name).toBe(`informes-2002-${localToday()}.csv`);
  expect(informes.lines).toEqual([
    "Tipo;Nº;Nome;CPF/CNPJ;Email;Ano;Recebido no ano (R$);Líquido (R$);Líquido repassado (R$);Líquido a repassar (R$);Pago no ano (R$);Envio do informe",
    `Proprietário;${owner.id};'=Dono ${tag};;dono-${tag}@exemplo.com.br;2002;800,00;720,00;0,00;720,00;;Não enviado`,
    `Inquilino;${tenant.id};Inquilina ${tag};;${tenant.email};2002;;;;;800,00;Não enviado`,
  ]);
});

test("Auditoria for the master only, Emails for staff: filtered as the page, refused as the page", async ({
  page,
  signInAs,
  newContext,
}) => {
  const tag = uniq();
  const audited = await createOwner(appDb(), ownerSchema.parse({ name: `Auditado ${tag}` }), null);
  owners.push(audited);
  const now = new Date().toISOString();
  const email = await appDb()
    .insertInto("email_outbox")
    .values({
      kind: "billing_receipt",
      dedupe_key: `csv-export:${tag}`,
      ref: null,
      to_address: `csv-${tag}@teste.com.br`,
      subject: `=Assunto ${tag}`,
      text: "Corpo",
      status: "failed",
      attempts: 3,
      last_error: "SMTP 550",
      next_attempt_at: now,
      created_at: "2026-03-04T15:30:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  try {
    // An admin: the page's refusal for the audit log, the outbox's file.
    const adminContext = await newContext();
    await signInAs("admin", adminContext);
    const refused = await adminContext.request.get("/admin/auditoria/exportar", { maxRedirects: 0 });
    expect(refused.status()).toBe(302);
    expect(refused.headers()["location"]).toBe("/admin/dashboard");
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`/admin/emails?para=csv-${tag}`);
    await expect(adminPage.getByTestId("email-row")).toHaveCount(1);
    const emails = await download(adminPage);
    expect(emails.name).toMatch(/^emails-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(emails.lines).toEqual([
      "Nº;Criado em;Tipo;Destinatário;Assunto;Situação;Tentativas;Último erro;Referência",
      `${email.id};04/03/2026 11:30;Recibo;csv-${tag}@teste.com.br;'=Assunto ${tag};Não enviado: desistimos após 3 tentativas;3;SMTP 550;`,
    ]);

    // The master: the owners' audit rows, this one among them.
    await signInAs("master");
    await page.goto("/admin/auditoria?entidade=owner");
    await expect(page.getByRole("link", { name: "Exportar CSV" })).toHaveAttribute(
      "href",
      "/admin/auditoria/exportar?entidade=owner",
    );
    const audit = await download(page);
    expect(audit.name).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(audit.lines[0]).toBe("Nº;Data/hora;Pessoa;Ação;Entidade;Registro;Alterações");
    expect(audit.lines.filter((l) => l.includes(tag))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\d+;\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2};Sistema;Criação;Proprietário;${audited};Nome: Auditado ${tag}$`,
        ),
      ),
    ]);

    // Not signed in: the login, no file.
    const stranger = await newContext();
    for (const path of ["/admin/auditoria/exportar", "/admin/emails/exportar", "/admin/repasses/exportar"]) {
      const res = await stranger.request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers()["content-type"] ?? "").not.toContain("text/csv");
    }
  } finally {
    await appDb().deleteFrom("email_outbox").where("id", "=", email.id).execute();
  }
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
