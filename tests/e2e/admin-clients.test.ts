import type { Page } from "@playwright/test";
import { verifyPassword } from "#app/models/accounts/password.server";
import { appDb, count } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { cents } from "#app/models/shared/money";
import { formatDay } from "#app/models/clients/status";
import { localToday } from "#app/models/shared/days";

// Clientes (issue 7, first slice): the admin creates, edits and deletes rental
// clients and manages their logins, with JavaScript on and off; a client with
// money history is never deleted but its contract ended and reopened (issue
// 35, docs/decisions/0062-nothing-fiscal-deleted.md). Every test works on its
// own clients (unique names), found by name, never by position.

const toast = (page: Page) => page.getByTestId("toast");
const row = (page: Page, name: string) => page.getByTestId("client-row").filter({ hasText: name });

function clientByEmail(email: string) {
  return appDb().selectFrom("clients").selectAll().where("email", "=", email).executeTakeFirst();
}

async function passwordHash(userId: number) {
  return (await appDb().selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow())
    .password_hash;
}

async function fillNewClient(page: Page, values: Record<string, string>) {
  const labels: Record<string, string> = {
    name: "Nome *",
    email: "Email *",
    username: "Nome de usuário *",
    cpf_cnpj: "CPF/CNPJ",
    property_address: "Endereço do imóvel",
    contract_start_date: "Início do contrato",
    contract_end_date: "Fim do contrato",
    monthly_rent: "Aluguel mensal (R$)",
    payment_due_day: "Dia de vencimento",
  };
  for (const [field, value] of Object.entries(values))
    await page.getByLabel(labels[field], { exact: true }).fill(value);
}

for (const js of [true, false]) {
  test(`creates a client with a generated password, shown once (JavaScript ${js ? "on" : "off"})`, async ({
    admin,
    newContext,
    signIn,
    createClient,
  }) => {
    const context = await newContext({ javaScriptEnabled: js });
    await signIn(admin, context);
    const page = await context.newPage();
    await page.goto("/admin/dashboard");
    await page.getByRole("navigation", { name: "Administração" }).getByRole("link", { name: "Clientes" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestão de Clientes");
    await expect(page).toHaveTitle("Gestão de Clientes | Painel Administrativo");
    await expect(page.getByRole("heading", { name: "Clientes Cadastrados" })).toBeVisible();
    await page.getByRole("link", { name: "Novo Cliente" }).click();
    await expect(page).toHaveURL(/\/admin\/clients\/new$/);

    const tag = uniq();
    const name = `Cliente Novo ${tag}`;
    const email = `novo-${tag}@teste.com.br`;
    await fillNewClient(page, {
      name,
      email,
      username: `novo-${tag}`,
      cpf_cnpj: "529.982.247-25",
      property_address: "Rua das Acácias, 10",
      contract_start_date: "2026-01-01",
      contract_end_date: "2099-12-31",
      monthly_rent: "1.250,00",
    });
    await page.getByRole("button", { name: "Cadastrar Cliente" }).click();
    const shown = page.getByTestId("one-time-password");
    await expect(shown).toBeVisible();
    const password = (await shown.locator("code").textContent()) ?? "";
    expect(password).toMatch(/^[A-Za-z0-9]{8}$/);
    // Copiar needs JavaScript; without it the password is there to select.
    await expect(shown.getByRole("button", { name: "Copiar" })).toHaveCount(js ? 1 : 0);
    // Never in the URL.
    expect(page.url()).not.toContain(password);

    const stored = await clientByEmail(email);
    expect(stored).toMatchObject({ name, monthly_rent_cents: 125000, cpf_cnpj: "52998224725", payment_due_day: 5 });
    createClient.track(stored!.id);
    expect(await verifyPassword(await passwordHash(stored!.user_id!), password)).toBe(true);

    await page.getByRole("link", { name: "Voltar para Clientes" }).click();
    const r = row(page, name);
    await expect(r).toContainText("Com Login");
    await expect(r).toContainText("Ativo");
    await expect(r).toContainText("R$ 1.250,00");
    await expect(r).toContainText("01/01/2026 a 31/12/2099");
    await expect(r).toContainText("529.982.247-25");
    await expect(r).toContainText("Todo dia 5");
    // The password is not on the list.
    await expect(page.locator("body")).not.toContainText(password);
  });
}

test("bad input gives field errors, keeps the values and writes nothing (JavaScript off)", async ({
  admin,
  newContext,
  signIn,
  createClient,
}) => {
  const existing = await createClient();
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  const tag = uniq();
  const email = `ruim-${tag}@teste.com.br`;
  const base = { name: `Cliente Ruim ${tag}`, email, username: `ruim-${tag}` };

  const cases: [Record<string, string>, string, string][] = [
    [
      { username: existing.username.toUpperCase() },
      "Nome de usuário *",
      "Este nome de usuário já está em uso. Por favor, escolha outro.",
    ],
    [{ cpf_cnpj: "529.982.247-24" }, "CPF/CNPJ", "CPF ou CNPJ inválido: confira os dígitos."],
    [{ payment_due_day: "0" }, "Dia de vencimento", "O dia de vencimento deve ser um número de 1 a 31."],
    [{ payment_due_day: "32" }, "Dia de vencimento", "O dia de vencimento deve ser um número de 1 a 31."],
    [{ monthly_rent: "abc" }, "Aluguel mensal (R$)", "Informe um valor válido, por exemplo 1.250,00."],
  ];
  for (const [bad, label, message] of cases) {
    await page.goto("/admin/clients/new");
    await fillNewClient(page, { ...base, property_address: "Rua Mantida, 5", ...bad });
    await page.getByRole("button", { name: "Cadastrar Cliente" }).click();
    const field = page.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(message)).toBeVisible();
    // The typed values are kept, the bad one included.
    await expect(field).toHaveValue(Object.values(bad)[0]);
    await expect(page.getByLabel("Nome *", { exact: true })).toHaveValue(base.name);
    await expect(page.getByLabel("Endereço do imóvel", { exact: true })).toHaveValue("Rua Mantida, 5");
    expect(await count("clients", (eb) => eb("email", "=", email))).toBe(0);
    expect(await count("users", (eb) => eb("email", "=", email))).toBe(0);
  }
});

test("the same bad input with JavaScript on: the field error, no row", async ({
  admin: _admin,
  page,
  createClient,
}) => {
  const existing = await createClient();
  const tag = uniq();
  const email = `ruimjs-${tag}@teste.com.br`;
  await page.goto("/admin/clients/new");
  await fillNewClient(page, {
    name: `Cliente JS ${tag}`,
    email,
    username: existing.username.toUpperCase(),
    payment_due_day: "32",
  });
  await page.getByRole("button", { name: "Cadastrar Cliente" }).click();
  await expect(page.getByText("O dia de vencimento deve ser um número de 1 a 31.")).toBeVisible();
  await page.getByLabel("Dia de vencimento", { exact: true }).fill("10");
  await page.getByRole("button", { name: "Cadastrar Cliente" }).click();
  await expect(page.getByText("Este nome de usuário já está em uso. Por favor, escolha outro.")).toBeVisible();
  expect(await count("clients", (eb) => eb("email", "=", email))).toBe(0);
});

test("edits a client (JavaScript off)", async ({ admin, newContext, signIn, createClient }) => {
  const client = await createClient({ monthly_rent: cents(100000) });
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  await page.goto("/admin/clients");
  await row(page, client.name)
    .getByRole("link", { name: `Editar ${client.name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/${client.id}/edit$`));
  await expect(page.getByLabel("Aluguel mensal (R$)")).toHaveValue("1.000,00");
  const newName = `${client.name} Editado`;
  await page.getByLabel("Nome *", { exact: true }).fill(newName);
  await page.getByLabel("Aluguel mensal (R$)").fill("1.500,50");
  await page.getByLabel("Fim do contrato").fill("2020-01-31");
  await page.getByLabel("Dia de vencimento").fill("10");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(toast(page)).toContainText("Cliente atualizado com sucesso!");
  const r = row(page, newName);
  await expect(r).toContainText("R$ 1.500,50");
  await expect(r).toContainText("Prazo indeterminado");
  await expect(r).toContainText("Todo dia 10");
  // Past its term (an indefinite term): not on the Ativos tab, which lists the terms running.
  await page.getByRole("link", { name: "Ativos" }).click();
  await expect(page.getByRole("heading", { name: "Clientes Ativos" })).toBeVisible();
  await expect(row(page, newName)).toHaveCount(0);
});

test("resets a password (shown once), disables and gives a login", async ({ admin: _admin, page, createClient }) => {
  const client = await createClient();
  const userId = (await clientByEmail(client.email))!.user_id!;
  await page.goto("/admin/clients");
  await row(page, client.name).getByRole("button", { name: "Redefinir senha" }).click();
  const shown = page.getByTestId("one-time-password");
  await expect(shown).toContainText(client.name);
  const password = (await shown.locator("code").textContent()) ?? "";
  expect(password).toMatch(/^[A-Za-z0-9]{8}$/);
  expect(await verifyPassword(await passwordHash(userId), password)).toBe(true);
  expect(await verifyPassword(await passwordHash(userId), client.password)).toBe(false);

  await row(page, client.name).getByRole("button", { name: "Desativar login" }).click();
  await expect(toast(page)).toContainText("Login desativado");
  await expect(row(page, client.name)).toContainText("Sem Login");
  expect(await count("users", (eb) => eb("id", "=", userId))).toBe(0);

  const r = row(page, client.name);
  await r.getByText("Dar login").click();
  await r.getByLabel("Nome de usuário").fill(`${client.username}-2`);
  await r.getByRole("button", { name: "Criar login" }).click();
  await expect(page.getByTestId("one-time-password")).toContainText(`${client.username}-2`);
  await expect(row(page, client.name)).toContainText("Com Login");
});

test("deletes a client with its login after a confirmation (JavaScript off)", async ({
  admin,
  newContext,
  signIn,
  createClient,
}) => {
  const client = await createClient();
  const { id, user_id } = (await clientByEmail(client.email))!;
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  await page.goto("/admin/clients");
  const r = row(page, client.name);
  await r.getByText("Excluir", { exact: true }).click();
  await expect(r).toContainText(
    "Vão junto o login do cliente, os contratos, as cobranças e as solicitações de manutenção",
  );
  await r.getByRole("button", { name: "Confirmar exclusão" }).click();
  await expect(toast(page)).toContainText("Cliente excluído com sucesso");
  await expect(row(page, client.name)).toHaveCount(0);
  expect(await count("clients", (eb) => eb("id", "=", id))).toBe(0);
  expect(await count("users", (eb) => eb("id", "=", user_id))).toBe(0);
});

test("Excluir is refused for a client with a payment; Encerrar contrato ends it and Reabrir contrato undoes it, nothing deleted (JavaScript off)", async ({
  admin,
  newContext,
  signIn,
  signInClient,
  createClient,
  createBilling,
}) => {
  const client = await createClient({
    name: `Cliente Pagante ${uniq()}`,
    contract_start_date: "2026-01-01",
    contract_end_date: "2099-12-31",
    monthly_rent: cents(150000),
  });
  const billing = await createBilling(client.id, { month_year: "2026-10", due_date: "2026-10-05" });
  // Paid (the state "Registrar pagamento" leaves; its receipt is another test's).
  await appDb()
    .updateTable("billing")
    .set({ status: "paid", payment_date: "2026-10-05", amount_paid_cents: cents(125000) })
    .where("id", "=", billing.id)
    .execute();
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  await page.goto(`/admin/clients?busca=${encodeURIComponent(client.name)}`);
  await row(page, client.name).getByText("Excluir", { exact: true }).click();
  await expect(row(page, client.name)).toContainText("não pode ser excluído: use “Encerrar contrato”");
  await row(page, client.name).getByRole("button", { name: "Confirmar exclusão" }).click();

  // Refused on the server, nothing changed: the toast says why and Encerrar contrato is open.
  await expect(toast(page)).toContainText("Cliente não pode ser excluído");
  await expect(toast(page)).toContainText(`${client.name} tem 1 cobrança paga`);
  await expect(toast(page)).toContainText("Use “Encerrar contrato”");
  await expect(page).toHaveURL(new RegExp(`/admin/clients/${client.id}/encerrar\\?busca=`));
  expect(await count("clients", (eb) => eb("id", "=", client.id))).toBe(1);
  expect(await count("billing", (eb) => eb("client_id", "=", client.id))).toBe(1);

  const dialog = page.getByRole("dialog", { name: "Encerrar contrato" });
  await expect(dialog).toContainText("nada é apagado");
  await expect(dialog.getByTestId("open-billings")).toHaveCount(0);
  // A day after today is refused, the typed reason kept.
  await dialog.getByLabel("Data do encerramento *").fill("2999-01-01");
  await dialog.getByLabel("Motivo (opcional)").fill("Entrega das chaves");
  await dialog.getByRole("button", { name: "Encerrar contrato" }).click();
  await expect(dialog).toContainText("A data do encerramento não pode ser depois de hoje.");
  await expect(dialog.getByLabel("Motivo (opcional)")).toHaveValue("Entrega das chaves");
  const today = localToday();
  await dialog.getByLabel("Data do encerramento *").fill(today);
  await dialog.getByRole("button", { name: "Encerrar contrato" }).click();
  await expect(toast(page)).toContainText("Contrato encerrado");
  await expect(toast(page)).toContainText(`${client.name}, em ${formatDay(today)}. Nada foi apagado.`);
  // Back on the same search; the row reads Encerrado, with its day.
  await expect(page).toHaveURL(/\/admin\/clients\?busca=/);
  const r = row(page, client.name);
  await expect(r).toContainText("Encerrado");
  await expect(r).toContainText(`em ${formatDay(today)}`);
  await expect(r.getByRole("link", { name: "Reabrir contrato" })).toBeVisible();
  expect(
    await appDb()
      .selectFrom("clients")
      .select(["ended_on", "ended_reason"])
      .where("id", "=", client.id)
      .executeTakeFirst(),
  ).toEqual({ ended_on: today, ended_reason: "Entrega das chaves" });
  expect(await count("billing", (eb) => eb("client_id", "=", client.id))).toBe(1);
  expect(
    await count("audit_log", (eb) =>
      eb.and([eb("entity", "=", "client"), eb("entity_id", "=", String(client.id)), eb("action", "=", "end_contract")]),
    ),
  ).toBe(1);
  // The Encerrado filter finds it; Ativos no longer lists it.
  await page.goto(`/admin/clients?contrato=encerrado&busca=${encodeURIComponent(client.name)}`);
  await expect(row(page, client.name)).toHaveCount(1);
  await page.goto(`/admin/clients?aba=ativos&busca=${encodeURIComponent(client.name)}`);
  await expect(row(page, client.name)).toHaveCount(0);
  // The tenant's login still opens the client area.
  const tenant = await newContext({ javaScriptEnabled: false });
  await signInClient(client, tenant);
  const area = await tenant.newPage();
  await area.goto("/client-area");
  await expect(area.getByRole("heading", { name: `Bem-vindo(a), ${client.name}` })).toBeVisible();
  await expect(area.getByText(`Contrato encerrado em ${formatDay(today)}`)).toBeVisible();

  await page.goto(`/admin/clients?busca=${encodeURIComponent(client.name)}`);
  await row(page, client.name).getByRole("link", { name: "Reabrir contrato" }).click();
  const reopen = page.getByRole("dialog", { name: "Reabrir contrato" });
  await expect(reopen).toContainText(`encerrado em ${formatDay(today)} (Entrega das chaves)`);
  await reopen.getByRole("button", { name: "Reabrir contrato" }).click();
  await expect(toast(page)).toContainText("Contrato reaberto");
  await expect(row(page, client.name)).toContainText("Ativo");
  await expect(row(page, client.name).getByRole("link", { name: "Encerrar contrato" })).toBeVisible();
  expect(
    await appDb()
      .selectFrom("clients")
      .select(["ended_on", "ended_reason"])
      .where("id", "=", client.id)
      .executeTakeFirst(),
  ).toEqual({ ended_on: null, ended_reason: null });
  expect(
    await count("audit_log", (eb) =>
      eb.and([
        eb("entity", "=", "client"),
        eb("entity_id", "=", String(client.id)),
        eb("action", "=", "reopen_contract"),
      ]),
    ),
  ).toBe(1);
});

test("Novo Cliente and Editar Cliente are dialogs over the list with JavaScript: Escape and the close button go back", async ({
  admin: _admin,
  page,
  createClient,
}) => {
  const client = await createClient({ name: `Cliente Diálogo ${uniq()}` });
  await page.goto("/admin/clients");
  await page.getByRole("link", { name: "Novo Cliente" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/clients\/new$/);
  // Modal: the list stays behind it, and the first field has the focus.
  await expect(page.getByRole("heading", { name: "Clientes Cadastrados" })).toBeAttached();
  expect(await dialog.evaluate((d) => d.matches(":modal"))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/clients$/);

  await row(page, client.name)
    .getByRole("link", { name: `Editar ${client.name}` })
    .click();
  const edit = page.getByRole("dialog", { name: "Editar Cliente" });
  await expect(edit.getByLabel("Nome *", { exact: true })).toHaveValue(client.name);
  await edit.getByRole("link", { name: "Fechar" }).click();
  await expect(edit).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin\/clients$/);
});

test("without JavaScript the dialog's URL is a page of its own over the list; Fechar goes back", async ({
  admin,
  newContext,
  signIn,
}) => {
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  await page.goto("/admin/clients/new");
  const dialog = page.getByRole("dialog", { name: "Novo Cliente" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Nome *", { exact: true })).toBeInViewport();
  await dialog.getByRole("link", { name: "Fechar" }).click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
