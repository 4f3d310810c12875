import { endContract } from "#app/models/clients/contract-end.server";
import { addDays, localToday } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// A tenant's next lease (issue 36, decision 0073), without JavaScript: staff
// start it from the ended one with "Novo contrato", the person's data already
// filled in; the tenant signs in as before and finds the new lease, with the
// ended one's contract under "Contratos anteriores".

test.use({ javaScriptEnabled: false });

test("an ended lease's tenant gets a new lease; the client area shows it and keeps the old contract", async ({
  page,
  signInAs,
  signInClient,
  newContext,
  createClient,
  createContract,
}) => {
  const today = localToday();
  const tenant = await createClient({
    name: `Inquilina Muda ${uniq()}`,
    property_address: "Rua Antiga, 10",
    contract_start_date: addDays(today, -400),
    contract_end_date: addDays(today, -35),
    monthly_rent: cents(110_000),
  });
  const oldFile = await createContract(tenant.id, "contrato-rua-antiga.pdf");
  await signInAs("admin");
  const list = `/admin/clients?busca=${encodeURIComponent(tenant.name)}`;

  // While it runs, there is no "Novo contrato"; by its address, staff are told why.
  await page.goto(list);
  await expect(page.getByRole("link", { name: `Novo contrato de ${tenant.name}` })).toHaveCount(0);
  await page.goto(`/admin/clients/${tenant.id}/novo-contrato`);
  await expect(page.getByTestId("toast")).toContainText(
    "Encerre o contrato atual antes de cadastrar o próximo deste inquilino.",
  );

  expect((await endContract(appDb(), tenant.id, { ended_on: addDays(today, -35) }, null))?.ok).toBe(true);
  await page.goto(list);
  await page.getByRole("link", { name: `Novo contrato de ${tenant.name}` }).click();
  await expect(page.getByRole("heading", { name: `Novo contrato de ${tenant.name}` })).toBeVisible();
  await expect(page.getByLabel("Nome *")).toHaveValue(tenant.name);
  await expect(page.getByLabel("Email *")).toHaveValue(tenant.email);
  await expect(page.getByLabel("Endereço do imóvel")).toHaveValue("");
  await page.getByLabel("Endereço do imóvel").fill("Avenida Nova, 200");
  await page.getByLabel("Início do contrato").fill(addDays(today, -5));
  await page.getByLabel("Fim do contrato").fill(addDays(today, 360));
  await page.getByLabel("Aluguel mensal (R$)").fill("1.350,00");
  await page.getByRole("button", { name: "Cadastrar contrato" }).click();
  await expect(page.getByTestId("toast")).toContainText("Contrato cadastrado com sucesso!");

  const leases = await appDb()
    .selectFrom("clients")
    .select(["id", "user_id", "tenant_group_id", "property_address"])
    .where("tenant_group_id", "=", tenant.id)
    .orderBy("id")
    .execute();
  expect(leases).toHaveLength(2);
  const next = leases[1];
  createClient.track(next.id);
  expect(leases[0].user_id).toBeNull();
  expect(next).toMatchObject({ property_address: "Avenida Nova, 200", tenant_group_id: tenant.id });
  expect(next.user_id).not.toBeNull();

  // The same login opens the new lease; the old contract is listed and opens.
  const own = await newContext({ javaScriptEnabled: false });
  await signInClient({ id: next.id }, own);
  const area = await own.newPage();
  await area.goto("/client-area?tab=contrato");
  await expect(area.getByText("Avenida Nova, 200")).toBeVisible();
  await expect(area.getByText("R$ 1.350,00")).toBeVisible();
  const previous = area.getByTestId("other-lease");
  await expect(previous).toHaveCount(1);
  await expect(previous).toContainText("Contrato de Rua Antiga, 10");
  await expect(previous).toContainText("contrato-rua-antiga.pdf");
  const href = (await previous.getByRole("link", { name: "Baixar" }).getAttribute("href"))!;
  expect(href).toBe(`/arquivos/contratos/${oldFile.id}?download=1`);
  expect((await area.request.get(href)).status()).toBe(200);

  // Another tenant gets the same 404 as for any file not theirs.
  const stranger = await createClient({ name: `Outro Inquilino ${uniq()}` });
  const other = await newContext({ javaScriptEnabled: false });
  await signInClient(stranger, other);
  expect((await (await other.newPage()).request.get(href)).status()).toBe(404);
});
