import { expect, test } from "@playwright/test";
import { count } from "#tests/fixtures/db";
import { fillListingForm } from "#tests/fixtures/site";

// After a refused post the typed values stay; after a successful one the form
// starts over empty, so nobody wonders whether it was sent.
test("the listing form keeps values after an error and clears after success (JavaScript on)", async ({ page }) => {
  const email = `reset-${Date.now()}@teste.com`;
  await page.goto("/anunciar-imovel");
  await fillListingForm(page, { nome: "Maria Reset", email, telefone: "123", endereco: "Rua do Reset, 1" });
  await page.getByRole("button", { name: "Enviar solicitação" }).click();
  await expect(page.getByText("Informe um telefone com DDD, por exemplo (67) 99999-0000.")).toBeVisible();
  await expect(page.getByLabel("Nome *")).toHaveValue("Maria Reset");

  await page.getByLabel("Telefone *").fill("(67) 99999-0000");
  await page.getByRole("button", { name: "Enviar solicitação" }).click();
  await expect(page.getByText("Solicitação enviada!")).toBeVisible();
  await expect(page.getByLabel("Nome *")).toHaveValue("");
  await expect(page.getByLabel("Endereço *")).toHaveValue("");
  await expect(page.getByText("Informe um telefone com DDD, por exemplo (67) 99999-0000.")).toHaveCount(0);
  expect(await count("property_listing_requests", (eb) => eb("email", "=", email))).toBe(1);
});
