import { addDays, localToday } from "#app/models/shared/days";
import { formatDay } from "#app/models/clients/status";
import { cents } from "#app/models/shared/money";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// "Renovar" (issue 36, decision 0071), without JavaScript: nothing to change
// is refused with the message; a new end renews the lease, the history lists
// it with its Termo Aditivo.

test.use({ javaScriptEnabled: false });

test("a lease renewed for two more years, in its history with the Termo Aditivo, the tenant's alone to read", async ({
  page,
  signInAs,
  signInClient,
  newContext,
  createClient,
}) => {
  const today = localToday();
  const end = addDays(today, 30);
  const newEnd = addDays(today, 760);
  const tenant = await createClient({
    name: `Inquilina Renova ${uniq()}`,
    contract_start_date: addDays(today, -335),
    contract_end_date: end,
    monthly_rent: cents(120_000),
  });
  await signInAs("admin");
  await page.goto(`/admin/clients?busca=${encodeURIComponent(tenant.name)}`);
  await page.getByRole("link", { name: `Renovar ou aditar o contrato de ${tenant.name}` }).click();
  await expect(page.getByRole("heading", { name: `Renovar ou aditar contrato: ${tenant.name}` })).toBeVisible();

  await page.getByLabel("Motivo *").fill("Renovação por 25 meses");
  await page.getByRole("button", { name: "Salvar e gerar o Termo Aditivo" }).click();
  await expect(page.getByText("Informe o novo término, o novo aluguel, ou os dois.")).toBeVisible();
  await expect(page.getByLabel("Motivo *")).toHaveValue("Renovação por 25 meses");

  await page.getByLabel("Novo término").fill(newEnd);
  await page.getByRole("button", { name: "Salvar e gerar o Termo Aditivo" }).click();
  await expect(page.getByTestId("toast")).toContainText("Contrato atualizado");
  const history = page.getByTestId("lease-versions");
  await expect(history).toContainText(`Renovação em vigor desde ${formatDay(today)}`);
  await expect(history).toContainText(`término ${formatDay(end)} → ${formatDay(newEnd)}`);
  const pdf = await page.request.get(
    (await history.getByRole("link", { name: "Termo Aditivo (PDF)" }).getAttribute("href"))!,
  );
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The tenant reads it in the Contrato tab; another tenant gets nothing.
  const own = await newContext({ javaScriptEnabled: false });
  await signInClient(tenant, own);
  const area = await own.newPage();
  await area.goto("/client-area?tab=contrato");
  const documents = area.getByTestId("lease-documents");
  await expect(documents).toContainText(`Termo Aditivo de Renovação de ${formatDay(today)}`);
  const href = (await documents.getByRole("link", { name: "Baixar Termo Aditivo de Renovação" }).getAttribute("href"))!;
  expect((await area.request.get(href)).status()).toBe(200);
  const stranger = await createClient({ name: `Outra Inquilina ${uniq()}` });
  const other = await newContext({ javaScriptEnabled: false });
  await signInClient(stranger, other);
  expect((await (await other.newPage()).request.get(href)).status()).toBe(404);
});
