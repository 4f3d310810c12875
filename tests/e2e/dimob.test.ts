import { formatBRL, cents } from "#app/models/shared/money";
import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// DIMOB (issue 22, decision 0042), as staff file it, without JavaScript: an
// owner with a contract whose rents were paid in 2019 (a year no other test
// touches); neither the tenant nor the owner has a CPF, so the page lists both
// with the link that fixes each and offers no file (the download route
// refuses); once both are recorded through those links, the file downloads
// and its R02 line holds the tenant's CPF and the months' amounts.

test.use({ javaScriptEnabled: false });

const owners: number[] = [];
test.afterEach(async () => {
  if (owners.length > 0) await appDb().deleteFrom("owners").where("id", "in", owners.splice(0)).execute();
});

test("the DIMOB of a year: blockers with their links, then the file", async ({
  page,
  signInAs,
  createClient,
  createBilling,
}) => {
  test.setTimeout(90_000);
  const tag = uniq();
  const now = new Date().toISOString();
  const owner = await appDb()
    .insertInto("owners")
    .values({ name: `Proprietária Dimob ${tag}`, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  owners.push(owner.id);
  const tenant = await createClient({
    name: `Inquilino Dimob ${tag}`,
    owner_id: owner.id,
    contract_start_date: "2018-06-01",
    property_address: "Rua Paranaíba, 900, Centro, Três Lagoas - MS, 79601-000",
    admin_fee_percent: 1000, // basis points, as the form gives them
    first_rent_fee_percent: 0,
  });
  for (const [month, paidOn] of [
    ["2019-03", "2019-03-05"],
    ["2019-04", "2019-04-08"],
  ]) {
    const b = await createBilling(tenant.id, {
      month_year: month,
      due_date: `${month}-05`,
      amount_cents: cents(150_000),
    });
    await appDb()
      .updateTable("billing")
      .set({ status: "paid", payment_date: paidOn, amount_paid_cents: cents(150_000) })
      .where("id", "=", b.id)
      .execute();
  }

  await signInAs("admin");
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: /DIMOB/ }).click();
  await expect(page).toHaveURL(/\/admin\/dimob$/);
  await page.getByLabel("Ano-calendário").fill("2019");
  await page.getByRole("button", { name: "Ver ano" }).click();
  await expect(page).toHaveURL(/\/admin\/dimob\?year=2019$/);
  await expect(page.getByRole("heading", { name: "O arquivo de 2019 ainda não pode ser gerado" })).toBeVisible();
  const blockers = page.getByTestId("dimob-blockers");
  const tenantBlocker = blockers.locator("li", { hasText: `Falta o CPF/CNPJ do inquilino ${tenant.name}.` });
  const ownerBlocker = blockers.locator("li", { hasText: `Proprietária Dimob ${tag}` });
  await expect(tenantBlocker.getByRole("link", { name: "Corrigir" })).toHaveAttribute(
    "href",
    `/admin/clients/${tenant.id}/edit`,
  );
  await expect(ownerBlocker.getByRole("link", { name: "Corrigir" })).toHaveAttribute(
    "href",
    `/admin/clients/proprietarios/${owner.id}`,
  );
  await expect(page.getByRole("link", { name: "Baixar arquivo DIMOB" })).toHaveCount(0);
  const refused = await page.request.get("/admin/dimob/arquivo?ano=2019");
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain(`Falta o CPF/CNPJ do inquilino ${tenant.name}.`);

  // Fixed through the links.
  await tenantBlocker.getByRole("link", { name: "Corrigir" }).click();
  await page.getByLabel("CPF/CNPJ").fill("390.533.447-05");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByTestId("toast")).toContainText("Cliente atualizado com sucesso!");
  await page.goto("/admin/dimob?year=2019");
  await page
    .getByTestId("dimob-blockers")
    .locator("li", { hasText: `Proprietária Dimob ${tag}` })
    .getByRole("link", {
      name: "Corrigir",
    })
    .click();
  await page.getByLabel("CPF ou CNPJ").fill("153.509.460-56");
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByTestId("toast")).toBeVisible();

  await page.goto("/admin/dimob?year=2019");
  const summary = page.getByTestId("dimob-summary");
  await expect(summary).toContainText("Contratos1");
  await expect(summary).toContainText(formatBRL(300_000));
  await expect(summary).toContainText(formatBRL(30_000));
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Baixar arquivo DIMOB" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("DIMOB-2019-11222333000181.txt");
  const text = await new Promise<string>((resolve, reject) => {
    void file.createReadStream().then((stream) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => resolve(Buffer.concat(chunks).toString("latin1")));
      stream.on("error", reject);
    });
  });
  const lines = text.split("\r\n");
  expect(lines[0].startsWith("DIMOB")).toBe(true);
  expect(lines.at(-2)?.startsWith("T9")).toBe(true);
  const r02 = lines.filter((l) => l.startsWith("R02"));
  expect(r02).toHaveLength(1);
  const at = (from: number, size: number) => r02[0].slice(from - 1, from - 1 + size);
  expect(at(27, 14)).toBe("15350946056   "); // the owner
  expect(at(101, 14)).toBe("39053344705   "); // the tenant
  expect(at(115, 60).trim()).toBe(`INQUILINO DIMOB ${tag}`.toUpperCase());
  const month = (n: number) => at(189 + (n - 1) * 42, 42);
  expect(month(2)).toBe("0".repeat(42));
  expect(month(3)).toBe("00000000150000" + "00000000015000" + "0".repeat(14));
  expect(month(4)).toBe("00000000150000" + "00000000015000" + "0".repeat(14));
});
