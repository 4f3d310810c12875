import type { Page } from "@playwright/test";
import { chargesOn } from "#app/models/billing/charges";
import { disableClientLogin } from "#app/models/clients/logins.server";
import { localToday, addDays, daysBetween } from "#app/models/shared/days";
import { businessDayOnOrBefore } from "#tests/fixtures/business-days";
import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { cents } from "#app/models/shared/money";

// The dashboard's "Atenção" block (issue 19): the overdue billings with what
// they cost today, the contracts ending soon, the tenants without login and
// the Pix key, each line leading to where staff act. Other tests
// write billings and clients meanwhile, so the figures are compared before
// and after this test's own rows, and the comparison is retried when
// someone else's rows moved them in between.

const block = (page: Page) => page.getByRole("region", { name: "Atenção" });

// The block's figures as the page shows them; a line left out counts 0.
async function figures(page: Page) {
  await page.goto("/admin/dashboard");
  const text = (await block(page).innerText()).replace(/\s+/g, " ");
  const num = (re: RegExp) => Number(re.exec(text)?.[1] ?? 0);
  const total = /Total a pagar hoje, com multa e juros: R\$ ([\d.]+,\d{2})/.exec(text)?.[1] ?? "0,00";
  return {
    overdue: num(/(\d+) cobranças? em atraso/),
    totalCents: Number(total.replace(/\D/g, "")),
    within30: num(/em até 30 dias: (\d+)/),
    within60: num(/em até 60 dias: (\d+)/),
    within90: num(/em até 90 dias: (\d+)/),
    withoutLogin: num(/(\d+) inquilinos? com contrato ativo sem login/),
  };
}

test("Atenção counts this test's overdue billing at the client's rates, its ending contract and its tenant without login", async ({
  admin: _admin,
  page,
  createClient,
  createBilling,
}) => {
  const today = localToday();
  // 1.000,00 due D days ago at 2% multa and 1% juros a month. The due date is
  // a business day, so no grace runs past it (decision 0066): D is 15 when
  // the day 15 days ago is one, a few more after a weekend or holiday, and
  // the total today 1.000,00 + 20,00 + juros round(1000 × 1% × D/30)
  // (1.025,00 when D is 15).
  const due = businessDayOnOrBefore(addDays(today, -15));
  const days = daysBetween(due, today);
  expect(days).toBeGreaterThanOrEqual(15);
  const owedToday = chargesOn(
    { amount_cents: cents(100_000), due_date: due, grace_until: due, late_fee_bp: 200, monthly_interest_bp: 100 },
    today,
  );
  expect(owedToday).toMatchObject({ lateFee: 2_000, days });
  expect(owedToday.total).toBe(102_000 + Math.round((1_000 * days) / 30));
  let leaving = "";
  await expect(async () => {
    const before = await figures(page);
    const late = await createClient({
      name: `Atrasado ${uniq()}`,
      late_fee_percent: 200,
      monthly_interest_percent: 100,
    });
    const billing = await createBilling(late.id, {
      amount_cents: cents(100_000),
      due_date: due,
      month_year: due.slice(0, 7),
    });
    expect(billing.grace_until).toBe(due);
    // A contract ending in 45 days, of a tenant whose login was taken away.
    const tenant = await createClient({ name: `Saindo ${uniq()}`, contract_end_date: addDays(today, 45) });
    await disableClientLogin(appDb(), tenant.id, null);
    leaving = tenant.name;
    const after = await figures(page);
    expect(after.overdue - before.overdue).toBe(1);
    expect(after.totalCents - before.totalCents).toBe(owedToday.total);
    expect(after.within30 - before.within30).toBe(0);
    expect(after.within60 - before.within60).toBe(1);
    expect(after.within90 - before.within90).toBe(1);
    expect(after.withoutLogin - before.withoutLogin).toBe(1);
  }).toPass({ intervals: [500, 1000], timeout: 20_000 });

  // The e2e server has a Pix key (tests/setup/e2e-env.ts): no Pix line. Its
  // absence when unset is held by the block's unit test.
  await expect(block(page)).not.toContainText("Pix não configurado");

  // Each line leads to where staff act.
  await block(page)
    .getByRole("link", { name: /cobranças? em atraso/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/clients\?aba=cobrancas$/);
  await expect(page.getByRole("heading", { name: "Gestão de Cobranças" })).toBeVisible();
  await page.goBack();
  await block(page)
    .getByRole("link", { name: /Contratos que terminam em breve/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/clients\?aba=ativos$/);
  await expect(page.getByRole("row").filter({ hasText: leaving })).toContainText("Sem Login");
  await page.goBack();
  await block(page)
    .getByRole("link", { name: /com contrato ativo sem login/ })
    .click();
  // Only those without a login: the list to act on.
  await expect(page).toHaveURL(/\/admin\/clients\?aba=ativos&acesso=sem$/);
  await expect(page.getByRole("row").filter({ hasText: leaving })).toContainText("Sem Login");
  await expect(page.getByRole("row").filter({ hasText: "Com Login" })).toHaveCount(0);
});

test("Atenção fits a phone's width", async ({ admin: _admin, page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/admin/dashboard");
  await expect(block(page).getByRole("heading", { name: "Atenção" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
