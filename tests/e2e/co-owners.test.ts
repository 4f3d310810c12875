import { periodLabel } from "#app/models/billing/months";
import { formatBRL, cents } from "#app/models/shared/money";
import { localToday } from "#app/models/shared/days";
import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// Co-owners (issue 36, decision 0067), without JavaScript: staff give a
// contract two owners on "Proprietários do contrato"; shares that sum to 90%
// come back with the message and the typed values; 60% and 40% are saved;
// the rent of 1.000,01 paid, each owner's month in Repasses has their part
// (the odd centavo to the first), and the statement says whose quota it is.

test.use({ javaScriptEnabled: false });

const owners: number[] = [];
test.afterEach(async () => {
  if (owners.length > 0) await appDb().deleteFrom("owners").where("id", "in", owners.splice(0)).execute();
});

test("a contract of two heirs: shares checked, saved, and each owner's part in Repasses", async ({
  page,
  signInAs,
  createClient,
  createBilling,
}) => {
  test.setTimeout(60_000);
  const tag = uniq();
  const today = localToday();
  const month = today.slice(0, 7);
  const now = new Date().toISOString();
  const owner = async (name: string) =>
    (
      await appDb()
        .insertInto("owners")
        .values({ name, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const first = `Herdeira Primeira ${tag}`;
  const second = `Herdeiro Segundo ${tag}`;
  owners.push(await owner(first), await owner(second));
  const tenant = await createClient({
    name: `Inquilina Herdeiros ${tag}`,
    owner_id: owners[0],
    admin_fee_percent: 1000,
    first_rent_fee_percent: 0,
    late_fee_percent: 0,
    monthly_interest_percent: 0,
  });

  await signInAs("admin");
  await page.goto(`/admin/clients?busca=${encodeURIComponent(tenant.name)}`);
  await page.getByRole("link", { name: `Proprietários do contrato de ${tenant.name}` }).click();
  await expect(page.getByRole("heading", { name: `Proprietários do contrato: ${tenant.name}` })).toBeVisible();
  await expect(page.getByLabel("Proprietário 1")).toHaveValue(String(owners[0]));
  await expect(page.locator('[name="share_1"]')).toHaveValue("100");

  await page.locator('[name="share_1"]').fill("60");
  await page.getByLabel("Proprietário 2").selectOption(String(owners[1]));
  await page.locator('[name="share_2"]').fill("30");
  await page.getByRole("button", { name: "Salvar proprietários" }).click();
  await expect(page.getByText("As quotas somam 90%: devem somar 100%.")).toBeVisible();
  await expect(page.getByLabel("Proprietário 2")).toHaveValue(String(owners[1]));
  await expect(page.locator('[name="share_2"]')).toHaveValue("30");
  expect(
    await appDb().selectFrom("lease_owners").select("owner_id").where("client_id", "=", tenant.id).execute(),
  ).toEqual([{ owner_id: owners[0] }]);

  await page.locator('[name="share_2"]').fill("40");
  await page.getByRole("button", { name: "Salvar proprietários" }).click();
  await expect(page.getByTestId("toast")).toContainText("Proprietários do contrato salvos");

  // The contract form shows both, and does not offer one owner in their place.
  await page.goto(`/admin/clients/${tenant.id}/edit`);
  await expect(page.getByText(`${first}: 60%`)).toBeVisible();
  await expect(page.getByText(`${second}: 40%`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Alterar proprietários e quotas" })).toBeVisible();

  const rent = await createBilling(tenant.id, { month_year: month, due_date: today, amount_cents: cents(100_001) });
  await page.goto(`/admin/clients/cobrancas/${rent.id}`);
  await page.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(page.getByTestId("toast")).toContainText("Pagamento registrado!");

  await page.goto(`/admin/repasses?mes=${month}`);
  await expect(page.getByRole("heading", { name: `Recebidos em ${periodLabel(month)}` })).toBeVisible();
  const pending = page.getByTestId("pending-transfers");
  // 60% of 1.000,01 is 600,01 less 10% (60,00); 40% is 400,00 less 40,00.
  await expect(pending.locator("tr", { hasText: first })).toContainText(formatBRL(60_001));
  await expect(pending.locator("tr", { hasText: first })).toContainText(formatBRL(54_001));
  await expect(pending.locator("tr", { hasText: second })).toContainText(formatBRL(40_000));
  await expect(pending.locator("tr", { hasText: second })).toContainText(formatBRL(36_000));

  await pending.getByRole("link", { name: second }).click();
  const line = page.getByTestId("statement-lines").locator("tr", { hasText: tenant.name });
  await expect(line).toContainText("quota de 40%");
  await expect(line).toContainText(formatBRL(40_000));
});
