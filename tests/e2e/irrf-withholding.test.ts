import { periodLabel } from "#app/models/billing/months";
import { formatBRL, cents } from "#app/models/shared/money";
import { localToday } from "#app/models/shared/days";
import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// IRRF on rent (issue 36, decision 0074), without JavaScript: a company rents
// from a person (60%) and a company (40%) from 15/03, 20.000,00 a month.
// "Gerar Cobranças" bills 15-31/03 by days: 10.967,74, of which the person's
// 6.580,64 is taxed at the 2026 table less the art. 3º-A reduction: 631,53
// withheld, so the billing asks 10.336,21. Paid at that, each owner's month
// in Repasses has their part: the person's less the tax, the fee on the rent
// before it; the statement line names the tax.

test.use({ javaScriptEnabled: false });

const owners: number[] = [];
test.afterEach(async () => {
  if (owners.length > 0) await appDb().deleteFrom("owners").where("id", "in", owners.splice(0)).execute();
});

test("a company tenant's first pro-rata month: the person owner's IRRF withheld, the net paid, each owner's part", async ({
  page,
  signInAs,
  createClient,
}) => {
  test.setTimeout(60_000);
  const tag = uniq();
  const month = localToday().slice(0, 7);
  const now = new Date().toISOString();
  const owner = async (name: string, cpf_cnpj: string) =>
    (
      await appDb()
        .insertInto("owners")
        .values({ name, cpf_cnpj, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const person = `Proprietária Pessoa ${tag}`;
  const company = `Proprietária Empresa ${tag}`;
  owners.push(await owner(person, "15350946056"), await owner(company, "11444777000161"));
  const tenant = await createClient({
    name: `Comércio Inquilino ${tag}`,
    cpf_cnpj: "11222333000181",
    owner_id: owners[0],
    contract_start_date: "2099-03-15",
    contract_end_date: "2100-03-14",
    monthly_rent: cents(2_000_000),
    payment_due_day: 5,
    admin_fee_percent: 1000,
    first_rent_fee_percent: 0,
    late_fee_percent: 0,
    monthly_interest_percent: 0,
  });

  await signInAs("admin");
  await page.goto(`/admin/clients/${tenant.id}/proprietarios`);
  await page.locator('[name="share_1"]').fill("60");
  await page.getByLabel("Proprietário 2").selectOption(String(owners[1]));
  await page.locator('[name="share_2"]').fill("40");
  await page.getByRole("button", { name: "Salvar proprietários" }).click();
  await expect(page.getByTestId("toast")).toContainText("Proprietários do contrato salvos");

  await page.goto(`/admin/clients/cobrancas/gerar?cliente=${tenant.id}`);
  await page.getByRole("button", { name: "Gerar Cobranças", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Cobranças geradas");
  const first = await appDb()
    .selectFrom("billing")
    .select(["id", "amount_cents", "open_cents"])
    .where("client_id", "=", tenant.id)
    .orderBy("month_year")
    .executeTakeFirstOrThrow();
  expect(first).toMatchObject({ amount_cents: 1_096_774, open_cents: 1_033_621 });

  await page.goto(`/admin/clients/cobrancas/${first.id}`);
  const charges = page.getByTestId("charges");
  await expect(charges).toContainText("Aluguel");
  await expect(charges).toContainText(formatBRL(1_096_774));
  await expect(charges).toContainText("IRRF retido pelo locatário (DARF 3208)");
  await expect(charges).toContainText("631,53");
  await expect(charges).toContainText(formatBRL(1_033_621));
  await expect(page.getByLabel("Valor recebido (R$)")).toHaveValue("10.336,21");
  await page.getByRole("button", { name: "Registrar pagamento" }).click();
  await expect(page.getByTestId("toast")).toContainText("Pagamento registrado!");
  expect(
    (await appDb().selectFrom("billing").select("status").where("id", "=", first.id).executeTakeFirstOrThrow()).status,
  ).toBe("paid");

  await page.goto(`/admin/repasses?mes=${month}`);
  await expect(page.getByRole("heading", { name: `Recebidos em ${periodLabel(month)}` })).toBeVisible();
  const pending = page.getByTestId("pending-transfers");
  // The person: 6.580,64 less 631,53 received, less 10% of 6.580,64 (658,06).
  await expect(pending.locator("tr", { hasText: person })).toContainText(formatBRL(594_911));
  await expect(pending.locator("tr", { hasText: person })).toContainText(formatBRL(529_105));
  // The company: 4.387,10 whole, less 438,71.
  await expect(pending.locator("tr", { hasText: company })).toContainText(formatBRL(438_710));
  await expect(pending.locator("tr", { hasText: company })).toContainText(formatBRL(394_839));

  await pending.getByRole("link", { name: person }).click();
  const line = page.getByTestId("statement-lines").locator("tr", { hasText: tenant.name });
  await expect(line).toContainText("quota de 60%");
  await expect(line).toContainText(`IRRF retido pelo locatário ${formatBRL(63_153)}`);
});
