import type { Page } from "@playwright/test";
import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { cents } from "#app/models/shared/money";

// The lease's dates (issue 36; docs/decisions/0066-lease-dates.md) as staff
// meet them with JavaScript off: a billing due on a holiday paid the next
// business day owes the rent alone; a lease from the 15th bills its first
// month by days, due after it starts; "Feriados" adds and removes a day.

const toast = (page: Page) => page.getByTestId("toast");

test("a billing due on a holiday, paid the next business day, owes the rent alone (JavaScript off)", async ({
  admin,
  newContext,
  signIn,
  createClient,
  createBilling,
}) => {
  const client = await createClient({ name: `Feriado Pago ${uniq()}` });
  // Friday 20/11/2026, Dia da Consciência Negra (Lei 14.759/2023): payable to Monday 23/11.
  const billing = await createBilling(client.id, {
    month_year: "2026-11",
    due_date: "2026-11-20",
    amount_cents: cents(100_000),
  });
  expect(billing.grace_until).toBe("2026-11-23");
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  await page.goto(`/admin/clients/cobrancas/${billing.id}`);
  const dialog = page.getByRole("dialog", { name: "Cobrança de novembro de 2026" });
  await expect(dialog).toContainText("Sem multa até 23/11/2026");
  await dialog.getByLabel("Data do pagamento").fill("2026-11-23");
  await dialog.getByLabel("Valor recebido (R$)").fill("1.000,00");
  await dialog.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(toast(page)).toContainText("Pagamento registrado!");
  const row = await appDb()
    .selectFrom("billing")
    .select(["status", "open_cents", "amount_paid_cents", "payment_date"])
    .where("id", "=", billing.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ status: "paid", open_cents: 0, amount_paid_cents: 100_000, payment_date: "2026-11-23" });
  const receipt = await appDb()
    .selectFrom("billing_receipts")
    .select(["late_fee_cents", "interest_cents", "total_cents", "days_late"])
    .where("billing_id", "=", billing.id)
    .executeTakeFirstOrThrow();
  expect(receipt).toEqual({ late_fee_cents: 0, interest_cents: 0, total_cents: 100_000, days_late: 0 });
});

test("a lease from the 15th bills its first month by days, due after it starts (JavaScript off)", async ({
  admin,
  newContext,
  signIn,
  createClient,
}) => {
  const name = `Proporcional ${uniq()}`;
  const client = await createClient({
    name,
    contract_start_date: "2099-03-15",
    contract_end_date: "2100-03-14",
    monthly_rent: cents(150_000),
    payment_due_day: 5,
  });
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  await page.goto(`/admin/clients/cobrancas/gerar?cliente=${client.id}`);
  await page.getByRole("button", { name: "Gerar Cobranças", exact: true }).click();
  await expect(toast(page)).toContainText("Cobranças geradas");
  const first = await appDb()
    .selectFrom("billing")
    .select(["id", "due_date", "amount_cents"])
    .where("client_id", "=", client.id)
    .orderBy("month_year")
    .executeTakeFirstOrThrow();
  // 15-31/03: 17 of 31 days of R$ 1.500,00 = 822,58; due 05/04, not 05/03.
  expect(first).toMatchObject({ due_date: "2099-04-05", amount_cents: 82_258 });
  await page.goto(`/admin/clients/cobrancas/${first.id}`);
  const dialog = page.getByRole("dialog", { name: "Cobrança de março de 2099" });
  await expect(dialog).toContainText("R$ 822,58");
  await expect(dialog).toContainText("Proporcional: 17 de 31 dias (15/03 a 31/03)");
});

test("Feriados: staff add a day with its source, see it in its year, and remove it (JavaScript off)", async ({
  admin,
  newContext,
  signIn,
}) => {
  // A day no other test bills (decision 0066: tests rely on the seeded 2026-2028).
  await appDb().deleteFrom("holidays").where("day", "=", "2098-03-11").execute();
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  await page.goto("/admin/feriados?ano=2098");
  await expect(page.getByText("Nenhum feriado cadastrado para 2098.")).toBeVisible();
  const form = page.getByRole("region", { name: "Adicionar feriado" });
  await form.getByRole("button", { name: "Salvar feriado" }).click();
  await expect(form.getByText("Informe uma data válida (dd/mm/aaaa).")).toBeVisible();
  await form.getByLabel("Data *").fill("11/03/2098");
  await form.getByLabel("Nome *").fill("Feriado municipal de teste");
  await form.getByLabel("Tipo *").selectOption({ label: "Municipal (Três Lagoas)" });
  await form.getByLabel("Fonte *").fill("Decreto de teste nº 1/2098");
  await form.getByRole("button", { name: "Salvar feriado" }).click();
  await expect(toast(page)).toContainText("Feriado salvo");
  const item = page.getByTestId("holiday").filter({ hasText: "Feriado municipal de teste" });
  await expect(item).toContainText("11/03/2098");
  await expect(item).toContainText("terça-feira");
  await expect(item).toContainText("Municipal (Três Lagoas) · Decreto de teste nº 1/2098");
  await item.getByRole("button", { name: /^Remover/ }).click();
  await expect(toast(page)).toContainText("Feriado removido");
  await expect(page.getByText("Nenhum feriado cadastrado para 2098.")).toBeVisible();
  expect(await appDb().selectFrom("holidays").select("day").where("day", "=", "2098-03-11").execute()).toEqual([]);
});

test("Garantia: a caução above three rents is refused beside its field with the values kept, then a seguro-fiança saved (JavaScript off)", async ({
  admin,
  newContext,
  signIn,
  createClient,
}) => {
  const name = `Garantia ${uniq()}`;
  const client = await createClient({
    name,
    contract_start_date: "2099-01-01",
    contract_end_date: "2101-12-31",
    monthly_rent: cents(100_000),
  });
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  await page.goto(`/admin/clients/${client.id}/garantia`);
  const dialog = page.getByRole("dialog", { name: `Garantia do contrato: ${name}` });
  await dialog.getByLabel("Garantia *").selectOption({ label: "Caução em dinheiro" });
  await dialog.getByLabel("Valor (R$)").fill("3.000,01");
  await dialog.getByRole("button", { name: "Salvar garantia" }).click();
  await expect(
    dialog.getByText("A caução em dinheiro não pode passar de três aluguéis (Lei 8.245, art. 38 §2º)."),
  ).toBeVisible();
  await expect(dialog.getByLabel("Valor (R$)")).toHaveValue("3.000,01");
  await dialog.getByLabel("Garantia *").selectOption({ label: "Seguro-fiança" });
  await dialog.getByRole("button", { name: "Salvar garantia" }).click();
  await expect(dialog.getByText("Informe quem presta a garantia.")).toBeVisible();
  await expect(dialog.getByText("Informe até quando a apólice vale.")).toBeVisible();
  await dialog.getByLabel("Fiador ou seguradora").fill("Seguradora Exemplo S.A.");
  await dialog.getByLabel("Válida até").fill("2100-06-30");
  await dialog.getByLabel("Valor (R$)").fill("36.000,00");
  await dialog.getByRole("button", { name: "Salvar garantia" }).click();
  await expect(toast(page)).toContainText("Garantia salva");
  const row = await appDb()
    .selectFrom("guarantees")
    .select(["kind", "provider_name", "valid_until", "amount_cents"])
    .where("client_id", "=", client.id)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({
    kind: "seguro_fianca",
    provider_name: "Seguradora Exemplo S.A.",
    valid_until: "2100-06-30",
    amount_cents: 3_600_000,
  });
});
