import { formatPropertyCode } from "#app/models/properties/search";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// A lease names its listing (issue 36, decision 0070), without JavaScript:
// staff pick the listing for rent on the contract form; the public search for
// rentals no longer shows it, its page says it is rented, and the back
// office's list marks it.

test.use({ javaScriptEnabled: false });

test("a contract names its listing: out of the rentals, 'alugado' on its page", async ({
  page,
  newContext,
  signInAs,
  createClient,
  createProperty,
}) => {
  const tag = uniq();
  const listing = await createProperty({ name: `Apartamento para alugar ${tag}`, advertised_for: "LOCAÇÃO" });
  const tenant = await createClient({ name: `Inquilino Anúncio ${tag}` });

  const visitor = await (await newContext({ javaScriptEnabled: false })).newPage();
  await visitor.goto(`/imoveis?search=${encodeURIComponent(listing.name)}`);
  await expect(visitor.getByRole("heading", { name: listing.name })).toBeVisible();

  await signInAs("admin");
  await page.goto(`/admin/clients/${tenant.id}/edit`);
  await page
    .getByLabel("Imóvel anunciado")
    .selectOption({ label: `${formatPropertyCode(listing.property_code)} · ${listing.name} · ${listing.location}` });
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByTestId("toast")).toContainText("Cliente atualizado com sucesso!");

  await visitor.goto(`/imoveis?search=${encodeURIComponent(listing.name)}`);
  await expect(visitor.getByRole("heading", { name: listing.name })).toHaveCount(0);
  await visitor.goto(`/imoveis/${listing.id}`);
  await expect(visitor.getByTestId("leased-notice")).toContainText("Este imóvel está alugado no momento.");

  await page.goto("/admin/properties");
  await expect(page.locator("li, tr", { hasText: listing.name }).first()).toContainText("Alugado: fora do site");
});
