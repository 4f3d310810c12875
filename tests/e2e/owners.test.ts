import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// Proprietários (issue 22), without JavaScript: staff register an owner (a
// wrong CPF comes back beside its field with the typed values), choose them
// on a client's contract with its fees, and the owner's row counts the contract.

test.use({ javaScriptEnabled: false });

const owners: string[] = [];
test.afterEach(async () => {
  if (owners.length === 0) return;
  await appDb().deleteFrom("owners").where("name", "in", owners.splice(0)).execute();
});

test("staff register an owner and name them on a contract with its fees", async ({ page, signInAs, createClient }) => {
  const tag = uniq();
  const name = `Proprietária ${tag}`;
  owners.push(name);
  const client = await createClient({ name: `Inquilino do Imóvel ${tag}` });
  await signInAs("admin");

  await page.goto("/admin/clients?aba=proprietarios");
  await page.getByRole("link", { name: "Novo Proprietário" }).click();
  await expect(page).toHaveURL(/\/admin\/clients\/proprietarios\/novo$/);
  await page.getByLabel("Nome *").fill(name);
  await page.getByLabel("CPF ou CNPJ").fill("123.456.789-00");
  await page.getByLabel("Chave Pix").fill("proprietaria@exemplo.com.br");
  await page.getByRole("button", { name: "Cadastrar Proprietário" }).click();
  await expect(page.getByText("CPF ou CNPJ inválido: confira os dígitos.")).toBeVisible();
  await expect(page.getByLabel("Nome *")).toHaveValue(name);
  await page.getByLabel("CPF ou CNPJ").fill("153.509.460-56");
  await page.getByRole("button", { name: "Cadastrar Proprietário" }).click();
  await expect(page.getByTestId("toast")).toContainText("Proprietário cadastrado com sucesso!");
  const ownerRow = page.getByTestId("owners").locator("tr", { hasText: name });
  await expect(ownerRow).toContainText("153.509.460-56");
  await expect(ownerRow).toContainText("proprietaria@exemplo.com.br");

  await page.goto(`/admin/clients/${client.id}/edit`);
  await page.getByLabel("Proprietário", { exact: true }).selectOption({ label: name });
  await page.getByLabel("Taxa de administração (%)").fill("8");
  await page.getByLabel("Taxa sobre o primeiro aluguel (%)").fill("50");
  await page.getByLabel("Índice de reajuste").selectOption("IPCA");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByTestId("toast")).toBeVisible();
  const saved = await appDb()
    .selectFrom("clients")
    .innerJoin("owners", "owners.id", "clients.owner_id")
    .select(["owners.name", "clients.admin_fee_bp", "clients.first_rent_fee_bp", "clients.readjustment_index"])
    .where("clients.id", "=", client.id)
    .executeTakeFirstOrThrow();
  expect(saved).toEqual({ name, admin_fee_bp: 800, first_rent_fee_bp: 5000, readjustment_index: "IPCA" });

  await page.goto("/admin/clients?aba=proprietarios");
  await expect(page.getByTestId("owners").locator("tr", { hasText: name })).toContainText("1");
  await page.getByRole("link", { name: `Editar ${name}` }).click();
  await expect(page.getByLabel("CPF ou CNPJ")).toHaveValue("153.509.460-56");
});
