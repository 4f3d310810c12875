import { openPdf, pageText } from "#app/models/boletos/pdf-pages.server";
import type { Page } from "@playwright/test";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { localToday } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { E2E_URL } from "#tests/setup/paths";

// The rent ledger in the back office (issue 35, docs/decisions/0061-rent-ledger.md),
// with JavaScript off, as every money form must work: a payment in two parts
// ("Pago parcialmente", "Saldo devedor"), the estorno with its confirmation
// page and reason, and the same Registrar pagamento form posted twice (its
// one-time key: one receipt).
test.use({ javaScriptEnabled: false });

const toast = (page: Page) => page.getByTestId("toast");
const MONTH = "2099-05";
const PERIOD = periodLabel(MONTH);
// Not yet due: no multa or juros, what is owed is the rent.
const BILLING = { month_year: MONTH, due_date: "2099-05-10", amount_cents: cents(100_000) };

const dialogOf = (page: Page) => page.getByRole("dialog", { name: `Cobrança de ${PERIOD}` });
const rowOf = (page: Page, billingId: number) => page.locator(`#cobranca-${billingId}`);

const receiptsOf = (billingId: number) =>
  appDb()
    .selectFrom("billing_receipts")
    .select(["id", "total_cents", "voided_at", "void_reason", "open_after_cents"])
    .where("billing_id", "=", billingId)
    .orderBy("id")
    .execute();
const billingRow = (billingId: number) =>
  appDb()
    .selectFrom("billing")
    .select(["status", "open_cents", "amount_paid_cents", "payment_date"])
    .where("id", "=", billingId)
    .executeTakeFirstOrThrow();
const creditsOf = (clientId: number) =>
  appDb()
    .selectFrom("ledger_entries")
    .select(["id", "amount_cents", "reverses_id"])
    .where("client_id", "=", clientId)
    .where("kind", "=", "credit")
    .orderBy("id")
    .execute();

// Registrar pagamento in the billing's dialog, today, with the amount typed.
async function pay(page: Page, billingId: number, amount: string) {
  await page.goto(`/admin/clients/cobrancas/${billingId}`);
  const dialog = dialogOf(page);
  await expect(dialog.getByLabel("Data do pagamento")).toHaveValue(localToday());
  await dialog.getByLabel("Valor recebido (R$)").fill(amount);
  await dialog.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(toast(page)).toContainText("Pagamento registrado!");
}

test("a payment in two parts: Pago parcialmente with its Saldo devedor, then Pago with two receipts", async ({
  admin: _admin,
  page,
  createClient,
  createBilling,
}) => {
  const client = await createClient({ name: `Razão Parcial ${uniq()}` });
  const billing = await createBilling(client.id, BILLING);
  const today = formatDay(localToday());

  await pay(page, billing.id, "400,00");
  const [first] = await receiptsOf(billing.id);
  await expect(toast(page)).toContainText(`R$ 400,00 em ${today}. Recibo nº ${first.id}. Saldo devedor: R$ 600,00.`);
  // Back on the tab, the billing's row: paid in part, what it still owes.
  const row = rowOf(page, billing.id);
  await expect(row).toContainText("Pago parcialmente");
  await expect(row).toContainText("Saldo devedor R$ 600,00");
  expect(await billingRow(billing.id)).toMatchObject({
    status: "pending",
    open_cents: 60_000,
    amount_paid_cents: 40_000,
  });
  expect(await receiptsOf(billing.id)).toMatchObject([
    { total_cents: 40_000, voided_at: null, open_after_cents: 60_000 },
  ]);

  // Its dialog: the same, the receipt's link, and the form proposes the rest.
  await page.goto(`/admin/clients/cobrancas/${billing.id}`);
  const dialog = dialogOf(page);
  await expect(dialog).toContainText("Pago parcialmente");
  await expect(dialog).toContainText("Saldo devedor R$ 600,00");
  await expect(dialog.getByRole("link", { name: `Recibo nº ${first.id}` })).toHaveAttribute(
    "href",
    `/arquivos/recibos/${first.id}?download=1`,
  );
  await expect(dialog.getByLabel("Valor recebido (R$)")).toHaveValue("600,00");
  await expect(dialog.getByRole("link", { name: "Estornar pagamento" })).toBeVisible();

  await pay(page, billing.id, "600,00");
  const receipts = await receiptsOf(billing.id);
  expect(receipts).toMatchObject([
    { id: first.id, total_cents: 40_000, voided_at: null },
    { total_cents: 60_000, voided_at: null, open_after_cents: 0 },
  ]);
  await expect(toast(page)).toContainText(`Recibo nº ${receipts[1].id}.`);
  await expect(toast(page)).not.toContainText("Saldo devedor");
  await expect(row).not.toContainText("Pago parcialmente");
  await expect(row).not.toContainText("Saldo devedor");
  await expect(row.locator("span", { hasText: /^Pago$/ })).toBeVisible();
  expect(await billingRow(billing.id)).toMatchObject({ status: "paid", open_cents: 0, amount_paid_cents: 100_000 });

  await page.goto(`/admin/clients/cobrancas/${billing.id}`);
  for (const r of receipts) await expect(dialog.getByRole("link", { name: `Recibo nº ${r.id}` })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Registrar pagamento" })).toHaveCount(0);
});

test("Estornar pagamento: the confirmation page, its reason required, the receipts cancelled, the billing open again", async ({
  admin: _admin,
  page,
  createClient,
  createBilling,
}) => {
  const client = await createClient({ name: `Razão Estorno ${uniq()}` });
  const billing = await createBilling(client.id, BILLING);
  await pay(page, billing.id, "400,00");
  await pay(page, billing.id, "600,00");
  const receipts = await receiptsOf(billing.id);
  expect(receipts).toHaveLength(2);

  await page.goto(`/admin/clients/cobrancas/${billing.id}`);
  await dialogOf(page).getByRole("link", { name: "Estornar pagamento" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/cobrancas/${billing.id}/estorno$`));
  const confirm = page.getByRole("dialog", { name: "Estornar pagamento" });
  await expect(confirm).toContainText(`da cobrança de ${PERIOD} de ${client.name}`);
  // Each payment that goes back and the receipt it cancels.
  const today = formatDay(localToday());
  const listed = confirm.getByTestId("reverse-list").getByRole("listitem");
  await expect(listed).toHaveCount(2);
  for (const [i, amount] of ["R$ 400,00", "R$ 600,00"].entries())
    await expect(listed.filter({ hasText: `${amount} recebidos em ${today}` })).toContainText(
      `Cancela o Recibo nº ${receipts[i].id}.`,
    );

  // No reason: the browser asks for it; blanks get past it and the server refuses them, nothing changed.
  const reason = confirm.getByLabel("Motivo do estorno");
  await expect(reason).toHaveAttribute("required", "");
  const before = JSON.stringify([
    await billingRow(billing.id),
    await receiptsOf(billing.id),
    await creditsOf(client.id),
  ]);
  await reason.fill("   ");
  await confirm.getByRole("button", { name: "Confirmar estorno" }).click();
  await expect(confirm.getByText("Informe o motivo.")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/clients/cobrancas/${billing.id}/estorno$`));
  expect(JSON.stringify([await billingRow(billing.id), await receiptsOf(billing.id), await creditsOf(client.id)])).toBe(
    before,
  );

  const why = "Pix devolvido pelo banco";
  await confirm.getByLabel("Motivo do estorno").fill(why);
  await confirm.getByRole("button", { name: "Confirmar estorno" }).click();
  await expect(toast(page)).toContainText("Pagamento estornado!");
  await expect(toast(page)).toContainText(`Recibos nº ${receipts[0].id}, ${receipts[1].id} cancelados.`);
  const row = rowOf(page, billing.id);
  await expect(row).toContainText("Pendente");
  await expect(row).not.toContainText("Pago parcialmente");

  // The receipts stay, cancelled with the reason; the money rows stay, reversed.
  expect(await receiptsOf(billing.id)).toMatchObject([
    { id: receipts[0].id, void_reason: why },
    { id: receipts[1].id, void_reason: why },
  ]);
  for (const r of await receiptsOf(billing.id)) expect(r.voided_at).not.toBeNull();
  expect(await billingRow(billing.id)).toMatchObject({ status: "pending", open_cents: 100_000, payment_date: null });
  const credits = await creditsOf(client.id);
  expect(credits.filter((c) => c.reverses_id === null).map((c) => c.amount_cents)).toEqual([40_000, 60_000]);
  expect(credits.filter((c) => c.reverses_id !== null)).toHaveLength(2);

  await page.goto(`/admin/clients/cobrancas/${billing.id}`);
  const dialog = dialogOf(page);
  for (const r of receipts) {
    const item = dialog.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Recibo nº ${r.id}` }) });
    await expect(item).toContainText(new RegExp(`cancelado em \\d{2}/\\d{2}/\\d{4}.* \\(${why}\\)`));
  }
  // Its PDF, opened by staff, says so on its face: never a receipt in force.
  const pdf = await page.request.get(`/arquivos/recibos/${receipts[0].id}?download=1`);
  expect(pdf.status()).toBe(200);
  const text = await pageText(await openPdf(new Uint8Array(await pdf.body())), 1);
  expect(text).toContain("CANCELADO");
  expect(text).toContain(`Recibo nº ${receipts[0].id} cancelado em`);
  expect(text).toContain(`Motivo: ${why}`);
  // Open again: Registrar pagamento is back, for the whole amount, and nothing is left to reverse.
  await expect(dialog.getByLabel("Valor recebido (R$)")).toHaveValue("1.000,00");
  await expect(dialog.getByRole("button", { name: "Registrar pagamento" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Estornar pagamento" })).toHaveCount(0);
});

test("the same Registrar pagamento form posted twice makes one payment and one receipt", async ({
  admin: _admin,
  page,
  createClient,
  createBilling,
}) => {
  const client = await createClient({ name: `Razão Dupla ${uniq()}` });
  const billing = await createBilling(client.id, BILLING);
  await page.goto(`/admin/clients/cobrancas/${billing.id}`);
  const form = dialogOf(page).locator(`form#payment-${billing.id}`);
  await form.getByLabel("Valor recebido (R$)").fill("1.000,00");
  // The form as the browser would send it, one-time key included, sent twice (a double click, a resend).
  const fields: Record<string, string> = {};
  for (const input of await form.locator("input[name]").all())
    fields[(await input.getAttribute("name"))!] = await input.inputValue();
  expect(Object.keys(fields).sort()).toEqual(["amount_paid", "chave", "intent", "payment_date"]);
  const post = () =>
    page.request.post(`/admin/clients/cobrancas/${billing.id}`, {
      form: fields,
      headers: { Origin: E2E_URL },
      maxRedirects: 0,
    });
  const once = await post();
  const twice = await post();
  expect(once.status()).toBe(302);
  // The second answers the first's result: the same place, nothing written.
  expect(twice.status()).toBe(302);
  expect(twice.headers().location).toBe(once.headers().location);

  const receipts = await receiptsOf(billing.id);
  expect(receipts).toMatchObject([{ total_cents: 100_000, voided_at: null }]);
  expect((await creditsOf(client.id)).map((c) => c.amount_cents)).toEqual([100_000]);
  expect(await billingRow(billing.id)).toMatchObject({ status: "paid", amount_paid_cents: 100_000, open_cents: 0 });

  // The page shows it paid once: one receipt, no credit left for the tenant.
  await page.goto(`/admin/clients/cobrancas/${billing.id}`);
  await expect(dialogOf(page).getByRole("link", { name: /^Recibo nº/ })).toHaveCount(1);
  await expect(dialogOf(page).getByRole("link", { name: `Recibo nº ${receipts[0].id}` })).toBeVisible();
});
