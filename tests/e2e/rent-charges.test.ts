import { formatBRL, cents } from "#app/models/shared/money";
import { localToday } from "#app/models/shared/days";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// Charges beside the rent (issue 36, decision 0068), without JavaScript:
// staff open a contract's "Encargos", a charge without its description comes
// back with the message and the typed amount, then an IPTU installment goes
// on this month's billing; the tenant's billing lists it by its description
// and the total to pay includes it; cancelled, it is struck through.

test.use({ javaScriptEnabled: false });

test("an IPTU installment on this month's billing, seen by the tenant, then cancelled", async ({
  page,
  signInAs,
  signInClient,
  newContext,
  createClient,
  createBilling,
}) => {
  test.setTimeout(60_000);
  const today = localToday();
  const tenant = await createClient({ name: `Inquilino Encargos ${uniq()}`, late_fee_percent: 0 });
  await createBilling(tenant.id, { month_year: today.slice(0, 7), due_date: today, amount_cents: cents(100_000) });

  await signInAs("admin");
  await page.goto(`/admin/clients?busca=${encodeURIComponent(tenant.name)}`);
  await page.getByRole("link", { name: `Encargos do contrato de ${tenant.name}` }).click();
  await expect(page.getByRole("heading", { name: `Encargos do contrato: ${tenant.name}` })).toBeVisible();
  const form = page.locator("#charge-add");
  await form.getByLabel("Valor (R$) *").fill("120,50");
  await form.getByLabel("Quem recebe *").selectOption("owner");
  await page.getByRole("button", { name: "Lançar encargo" }).click();
  await expect(page.getByText("Descreva o encargo (ex.: IPTU 2027, parcela 3 de 10).")).toBeVisible();
  await expect(page.locator("#charge-add").getByLabel("Valor (R$) *")).toHaveValue("120,50");

  await page.locator("#charge-add").getByLabel("Descrição *").fill("IPTU, parcela 3 de 10");
  await page.getByRole("button", { name: "Lançar encargo" }).click();
  await expect(page.getByTestId("toast")).toContainText("Encargo lançado");
  await expect(page.getByTestId("rent-charges")).toContainText("IPTU, parcela 3 de 10");
  await expect(page.getByTestId("rent-charges")).toContainText("recebe: proprietário");

  const context = await newContext({ javaScriptEnabled: false });
  await signInClient(tenant, context);
  const area = await context.newPage();
  await area.goto("/client-area?tab=cobranca");
  const charges = area.getByTestId("charges").first();
  await expect(charges).toContainText("IPTU, parcela 3 de 10");
  await expect(charges).toContainText(formatBRL(12_050));
  await expect(charges).toContainText(`Total a pagar hoje${formatBRL(112_050)}`);

  await page.getByRole("button", { name: "Cancelar IPTU, parcela 3 de 10" }).click();
  await expect(page.getByTestId("toast")).toContainText("Encargo cancelado");
  await expect(page.getByTestId("rent-charges")).toContainText("Cancelado");
  await area.reload();
  await expect(area.getByTestId("charges").first()).not.toContainText("IPTU");
  await expect(area.getByTestId("charges").first()).toContainText(`Total a pagar hoje${formatBRL(100_000)}`);
});
