import { formatBRL, cents } from "#app/models/shared/money";
import { addDays, localToday } from "#app/models/shared/days";
import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// The end of a lease (issue 36, decision 0069), without JavaScript: staff end
// a three-year lease a year in, then its "Acerto de saída" previews the
// unused days of this month, the art. 4 fine for the two years left, a repair
// and the caução; the waiver takes the fine out; confirmed, the Termo de
// Encerramento is a PDF and the contract can no longer be reopened.

test.use({ javaScriptEnabled: false });

const dayMs = 86_400_000;
const utc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const days = (from: string, to: string) => Math.round((utc(to) - utc(from)) / dayMs);

test("an early return: the preview, the waiver, the settlement confirmed and its Termo", async ({
  page,
  signInAs,
  createClient,
  createBilling,
}) => {
  test.setTimeout(60_000);
  const today = localToday();
  const start = addDays(today, -365);
  const end = addDays(today, 730);
  const tenant = await createClient({
    name: `Inquilina Saída ${uniq()}`,
    contract_start_date: start,
    contract_end_date: end,
    monthly_rent: cents(100_000),
    late_fee_percent: 0,
    monthly_interest_percent: 0,
    first_rent_fee_percent: 0,
  });
  const month = today.slice(0, 7);
  const monthDays = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  const lastDay = `${month}-${String(monthDays).padStart(2, "0")}`;
  await createBilling(tenant.id, {
    month_year: month,
    due_date: today,
    amount_cents: cents(100_000),
    period_start: `${month}-01`,
    period_end: lastDay,
    period_days: monthDays,
  });

  await signInAs("admin");
  await page.goto(`/admin/clients/${tenant.id}/encerrar`);
  await page.getByLabel("Data do encerramento *").fill(today);
  await page.getByRole("button", { name: "Encerrar contrato" }).click();
  await expect(page.getByTestId("toast")).toContainText("Contrato encerrado");

  await page.goto(`/admin/clients?busca=${encodeURIComponent(tenant.name)}`);
  await page.getByRole("link", { name: `Acerto de saída de ${tenant.name}` }).click();
  await expect(page.getByRole("heading", { name: `Acerto de saída: ${tenant.name}` })).toBeVisible();
  const lines = page.getByTestId("settlement-lines");
  // 3 rents × the days left over the term's, half-up; the days after today unused.
  const fine = Math.round((3 * 100_000 * days(today, end)) / (days(start, end) + 1));
  const unused = Math.round((100_000 * days(today, lastDay)) / monthDays);
  await expect(lines).toContainText("Multa rescisória (Lei 8.245, art. 4º)");
  await expect(lines).toContainText(formatBRL(fine));

  await page.getByLabel("Saldo da caução com o rendimento (R$)").fill("3.050,00");
  await page.getByLabel("Reparo 1").fill("Troca de fechadura");
  await page.getByLabel("Valor (R$)").first().fill("180,00");
  await page.getByRole("checkbox", { name: /Dispensar a multa/ }).check();
  await page.getByRole("button", { name: "Recalcular" }).click();
  await expect(lines).not.toContainText("Multa rescisória");
  await expect(lines).toContainText("Reparo: Troca de fechadura");
  await expect(page.getByLabel("Reparo 1")).toHaveValue("Troca de fechadura");

  await page.getByRole("checkbox", { name: /Dispensar a multa/ }).uncheck();
  await page.getByRole("button", { name: "Recalcular" }).click();
  const result = 100_000 - unused + fine + 18_000 - 305_000;
  await expect(page.getByTestId("settlement-result")).toContainText(
    `${result > 0 ? "Saldo devedor do inquilino" : "A devolver ao inquilino"}${formatBRL(Math.abs(result))}`,
  );
  await page.getByRole("button", { name: "Confirmar acerto" }).click();
  await expect(page.getByTestId("toast")).toContainText("Acerto de saída registrado");
  const termo = page.getByRole("link", { name: "Baixar o Termo de Encerramento (PDF)" });
  await expect(termo).toBeVisible();
  const pdf = await page.request.get((await termo.getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  expect(
    await appDb().selectFrom("lease_settlements").select("fine_cents").where("client_id", "=", tenant.id).execute(),
  ).toEqual([{ fine_cents: fine }]);

  // What the caução left is given back (decision 0076), once; a debt leaves nothing to give back.
  const refund = page.getByRole("region", { name: "Devolução ao inquilino" });
  if (result < 0) {
    await refund.getByLabel("Forma").selectOption("pix");
    await refund.getByLabel("Referência (opcional)").fill("E2E-PIX-1");
    await refund.getByRole("button", { name: `Registrar devolução de ${formatBRL(-result)}` }).click();
    await expect(page.getByTestId("toast")).toContainText("Devolução registrada");
    await expect(page.getByTestId("tenant-refunds")).toContainText(`Devolvido ${formatBRL(-result)}`);
    await expect(page.getByTestId("tenant-refunds")).toContainText("(Pix; E2E-PIX-1)");
    await expect(refund.getByRole("button")).toHaveCount(0);
  } else await expect(refund).toContainText("Não há saldo a devolver ao inquilino.");

  await page.goto(`/admin/clients/${tenant.id}/reabrir`);
  await page.getByRole("button", { name: "Reabrir contrato" }).click();
  await expect(
    page.getByText("O acerto de saída deste contrato já foi feito: ele não pode ser reaberto."),
  ).toBeVisible();
});
