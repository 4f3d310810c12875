import type { Page } from "@playwright/test";
import { periodLabel } from "#app/models/billing/months";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { addDays, localToday } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { appDb } from "#tests/fixtures/db";
import { buildOfx } from "#tests/fixtures/statements/build";
import { expect, test } from "#tests/fixtures/test";

// "Dividir crédito" (issue 35, decision 0037), without JavaScript as every
// money form must work: one Pix of the sum of two tenants' billings
// (a person renting two properties is two client rows), imported in an OFX
// statement, split on its page between the two billings. A sum that differs
// from the credit comes back on the page with the typed values; the right
// one goes back to the review with the toast, the line listed as split with
// both receipts, both billings Pago.
test.use({ javaScriptEnabled: false });

const imported: number[] = [];
test.afterEach(async () => {
  if (imported.length === 0) return;
  const rows = await appDb().selectFrom("statement_imports").select("file_key").where("id", "in", imported).execute();
  await appDb().deleteFrom("statement_imports").where("id", "in", imported).execute();
  await removePrivateFiles(rows.map((r) => r.file_key));
});

const toast = (page: Page) => page.getByTestId("toast");
const part = (page: Page, n: number) => page.getByRole("group", { name: `Parte ${n}` });

test("one credit split between two tenants' billings: both Pago with their receipts, the line settled", async ({
  admin: _admin,
  page,
  createClient,
  createBilling,
}) => {
  test.setTimeout(90_000);
  const today = localToday();
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const lia = await createClient({ name: `Lia Dividida ${tag}`, cpf_cnpj: "" });
  const rui = await createClient({ name: `Rui Dividido ${tag}`, cpf_cnpj: "" });
  // Not yet due: each owes its rent, no multa or juros.
  const due = addDays(today, 4);
  const values = (amount: number) => ({ amount_cents: cents(amount), due_date: due, month_year: due.slice(0, 7) });
  const liaBilling = await createBilling(lia.id, values(123_456));
  const ruiBilling = await createBilling(rui.id, values(87_654));
  const ofx = buildOfx({
    bankId: "0341",
    acctId: `SPLIT${tag}`,
    lines: [{ fitid: `${tag}-1`, date: today, amountCents: cents(211_110), memo: `PIX RECEBIDO DIVIDIR ${tag}` }],
  });

  await page.goto("/admin/extratos");
  await page
    .getByLabel("Arquivo")
    .setInputFiles({ name: `extrato-${tag}.ofx`, mimeType: "application/x-ofx", buffer: ofx });
  await page.getByRole("button", { name: "Importar extrato" }).click();
  await expect(page).toHaveURL(/\/admin\/extratos\/\d+$/);
  const reviewUrl = page.url();
  imported.push(Number(/(\d+)$/.exec(reviewUrl)![1]));

  await page.getByRole("link", { name: /^Dividir o crédito de R\$ 2\.111,10/ }).click();
  await expect(page).toHaveURL(/\/linhas\/\d+\/dividir$/);
  await expect(page.getByRole("heading", { name: "Dividir crédito" })).toBeVisible();
  await expect(page.getByTestId("split-line")).toContainText("R$ 2.111,10");
  await expect(page.getByTestId("split-line")).toContainText(`PIX RECEBIDO DIVIDIR ${tag}`);

  // The two tenants found by the search (a GET on the same page).
  await page.getByRole("searchbox", { name: "Buscar inquilino" }).fill(tag);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`busca=${tag}`));
  await part(page, 1).getByLabel("Cobrança").selectOption(String(liaBilling.id));
  await part(page, 1).getByLabel("Valor (R$)").fill("1.234,56");
  await part(page, 2).getByLabel("Cobrança").selectOption(String(ruiBilling.id));
  await part(page, 2).getByLabel("Valor (R$)").fill("800,00");
  await page.getByRole("button", { name: "Dividir crédito" }).click();

  // The parts do not add up: the same page, what was typed kept, nothing paid.
  await expect(page.getByRole("alert")).toContainText(
    "A soma das partes (R$ 2.034,56) difere do crédito (R$ 2.111,10).",
  );
  await expect(part(page, 1).getByLabel("Cobrança")).toHaveValue(String(liaBilling.id));
  await expect(part(page, 1).getByLabel("Valor (R$)")).toHaveValue("1.234,56");
  await expect(part(page, 2).getByLabel("Valor (R$)")).toHaveValue("800,00");
  expect(
    await appDb()
      .selectFrom("billing_receipts")
      .select("id")
      .where("billing_id", "in", [liaBilling.id, ruiBilling.id])
      .execute(),
  ).toEqual([]);

  await part(page, 2).getByLabel("Valor (R$)").fill("876,54");
  await page.getByRole("button", { name: "Dividir crédito" }).click();
  await expect(page).toHaveURL(reviewUrl);
  await expect(toast(page)).toContainText("Crédito de R$ 2.111,10 dividido entre 2 cobranças");
  const split = page.getByTestId("split-credits");
  await expect(split).toContainText(`PIX RECEBIDO DIVIDIR ${tag}`);
  await expect(split).toContainText(lia.name);
  await expect(split).toContainText(rui.name);
  await expect(split.getByRole("link", { name: /Recibo nº \d+/ })).toHaveCount(2);
  // Not offered to Confirmar again.
  await expect(page.getByRole("combobox", { name: /^Atribuir o crédito de R\$ 2\.111,10/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Dividir o crédito de R\$ 2\.111,10/ })).toHaveCount(0);

  // Each billing Pago, its receipt on its page.
  for (const [billing, amount] of [
    [liaBilling, 123_456],
    [ruiBilling, 87_654],
  ] as const) {
    const row = await appDb()
      .selectFrom("billing")
      .select(["status", "payment_date", "amount_paid_cents"])
      .where("id", "=", billing.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "paid", payment_date: today, amount_paid_cents: amount });
    const [receipt] = await appDb()
      .selectFrom("billing_receipts")
      .select("id")
      .where("billing_id", "=", billing.id)
      .execute();
    await page.goto(`/admin/clients/cobrancas/${billing.id}`);
    const dialog = page.getByRole("dialog", { name: `Cobrança de ${periodLabel(due.slice(0, 7))}` });
    await expect(dialog.locator("span", { hasText: /^Pago$/ }).first()).toBeVisible();
    await expect(dialog.getByRole("link", { name: `Recibo nº ${receipt!.id}` })).toBeVisible();
  }

  // The split page again: nothing left to split.
  const line = await appDb()
    .selectFrom("statement_lines")
    .select("id")
    .where("import_id", "=", imported[0]!)
    .executeTakeFirstOrThrow();
  await page.goto(`${reviewUrl}/linhas/${line.id}/dividir`);
  await expect(page.getByRole("alert")).toContainText("Este crédito já foi conciliado.");
  await expect(page.getByRole("button", { name: "Dividir crédito" })).toHaveCount(0);
});
