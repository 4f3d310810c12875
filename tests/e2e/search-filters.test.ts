import type { Page } from "@playwright/test";
import { appDb, count } from "#tests/fixtures/db";
import { BASE_URL, cards, parsePrice, uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { cents } from "#app/models/shared/money";

function query(page: Page) {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

async function headerSearch(page: Page, text: string) {
  await page.getByRole("navigation", { name: "Principal" }).getByLabel("Abrir busca").click();
  const input = page.locator("#header-search");
  await input.fill(text);
  await input.press("Enter");
}

test.describe("text search", () => {
  test("the header search ignores case and accents", async ({ page, createProperty }) => {
    const suffix = uniq();
    const p = await createProperty({ name: `Chácara Água Clara Teste${suffix}`, type: "Terreno" });
    await page.goto("/sobre-nos");
    await headerSearch(page, `  agua CLARA teste${suffix} `);
    await expect(page).toHaveURL(/\/imoveis\?search=/);
    expect(query(page)).toEqual({ search: `agua CLARA teste${suffix}` });
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole("heading")).toHaveText(p.name);
    await expect(page.getByTestId("applied-filters")).toContainText(`Busca: "agua CLARA teste${suffix}"`);
    // The field was cleared and the search box closed.
    await expect(page.locator("#header-search")).toBeHidden();
  });

  test("an empty header search does nothing", async ({ page }) => {
    await page.goto("/sobre-nos");
    await headerSearch(page, "   ");
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(`${BASE_URL}/sobre-nos`);
    await expect(page.locator("h1")).toHaveText("Sobre Nós");
  });

  test("#0100 finds the property with code 100", async ({ page, createProperty }) => {
    let name = (
      await appDb().selectFrom("properties").select("name").where("property_code", "=", 100).executeTakeFirst()
    )?.name;
    if (!name) name = (await createProperty({ property_code: 100, name: `Casa Código Cem ${uniq()}` })).name;
    await page.goto(`/imoveis?search=${encodeURIComponent("#0100")}`);
    await expect(cards(page).getByRole("heading", { name, exact: true })).toBeVisible();
    for (const card of await cards(page).all()) await expect(card).toContainText("#0100");
  });

  test("the search text overrides the other filters", async ({ page, createProperty }) => {
    const suffix = uniq();
    const p = await createProperty({ name: `Casa Sobrepõe ${suffix}`, type: "Casa", advertised_for: "COMPRA" });
    await page.goto(`/imoveis?search=${suffix}&type=Terreno&advertised_for=LOCA%C3%87%C3%83O&latest=1`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole("heading")).toHaveText(p.name);
    const banner = page.getByTestId("applied-filters");
    await expect(banner).toContainText(`Busca: "${suffix}"`);
    await expect(banner).not.toContainText("Tipo");
    await expect(banner).not.toContainText("Aluguel");
  });

  test("a search without match shows the empty state", async ({ page }) => {
    await page.goto(`/imoveis?search=nada-por-aqui-${uniq()}`);
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText("Nenhum imóvel encontrado", { exact: true })).toBeVisible();
    await expect(page.getByText("Nenhum imóvel corresponde aos filtros escolhidos.")).toBeVisible();
  });
});

test.describe("filters on /imoveis", () => {
  test("latest=5 shows exactly five cards, newest first", async ({ page, createProperty }) => {
    expect(await count("properties")).toBeGreaterThanOrEqual(5);
    const p = await createProperty({
      name: `Casa Novidade ${uniq()}`,
      created_at: new Date(Date.now() + 60_000).toISOString(),
    });
    await page.goto("/imoveis?latest=5");
    await expect(cards(page)).toHaveCount(5);
    await expect(page.getByTestId("applied-filters")).toContainText("Últimos 5 imóveis cadastrados");
    await expect(cards(page).getByRole("heading", { name: p.name, exact: true })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Paginação" })).toHaveCount(0);
  });

  test("price range, neighbourhood and advertised_for combine", async ({ page, createProperty }) => {
    const suffix = uniq();
    const match = await createProperty({
      name: `Casa Combina ${suffix}`,
      location: `Rua A ${suffix} - Centro, Três Lagoas - MS`,
      advertised_for: "LOCAÇÃO",
      price: cents(450_000_00),
    });
    const wrongPrice = await createProperty({
      name: `Casa Cara ${suffix}`,
      location: `Rua B ${suffix} - Centro, Três Lagoas - MS`,
      advertised_for: "LOCAÇÃO",
      price: cents(700_000_00),
    });
    const wrongPlace = await createProperty({
      name: `Casa Longe ${suffix}`,
      location: `Rua C ${suffix} - Interlagos, Três Lagoas - MS`,
      advertised_for: "LOCAÇÃO",
      price: cents(450_000_00),
    });
    const wrongMode = await createProperty({
      name: `Casa Venda ${suffix}`,
      location: `Rua D ${suffix} - Centro, Três Lagoas - MS`,
      advertised_for: "COMPRA",
      price: cents(450_000_00),
    });

    await page.goto(
      `/imoveis?priceRange=300k-600k&neighborhood=Centro&advertised_for=${encodeURIComponent("LOCAÇÃO")}`,
    );
    const banner = page.getByTestId("applied-filters");
    await expect(banner).toContainText("Bairro: Centro");
    await expect(banner).toContainText("Faixa de preço: R$ 300 mil a R$ 600 mil");
    await expect(banner).toContainText("Modalidade: Aluguel");

    const list = cards(page);
    await expect(list.getByRole("heading", { name: match.name, exact: true })).toBeVisible();
    for (const other of [wrongPrice, wrongPlace, wrongMode]) {
      await expect(list.getByRole("heading", { name: other.name, exact: true })).toHaveCount(0);
    }
    for (const card of await list.all()) {
      await expect(card).toContainText("Aluguel");
      await expect(card).toContainText("Centro");
      const price = parsePrice((await card.textContent()) ?? "");
      expect(price).not.toBeNull();
      expect(price!).toBeGreaterThan(300_000);
      expect(price!).toBeLessThanOrEqual(600_000);
    }
  });

  test("every card under advertised_for=LOCAÇÃO is for rent", async ({ page, createProperty }) => {
    await createProperty({ name: `Casa Aluguel ${uniq()}`, advertised_for: "LOCAÇÃO" });
    await page.goto(`/imoveis?advertised_for=${encodeURIComponent("LOCAÇÃO")}`);
    expect(await cards(page).count()).toBeGreaterThan(0);
    for (const card of await cards(page).all()) await expect(card).toContainText("Aluguel");
  });

  for (const [value, label] of [
    ["COMPRA", "Compra"],
    ["LOCAÇÃO", "Aluguel"],
    ["LANÇAMENTO", "Lançamento"],
  ]) {
    test(`the applied-filter banner names advertised_for=${value} as ${label}`, async ({ page }) => {
      await page.goto(`/imoveis?advertised_for=${encodeURIComponent(value)}`);
      await expect(page.getByTestId("applied-filters")).toContainText(`Modalidade: ${label}`);
    });
  }

  test("Limpar filtros returns to the plain list", async ({ page }) => {
    await page.goto(`/imoveis?advertised_for=COMPRA&neighborhood=Centro`);
    await expect(page.getByTestId("applied-filters")).toBeVisible();
    await page.getByRole("link", { name: "Limpar filtros" }).first().click();
    await expect(page).toHaveURL(`${BASE_URL}/imoveis`);
    await expect(page.getByTestId("applied-filters")).toHaveCount(0);
    await expect(cards(page).first()).toBeVisible();
  });

  test("the list shows 12 cards per page and page 2 shows the rest", async ({ page }) => {
    expect(await count("properties")).toBeGreaterThan(12);
    await page.goto("/imoveis");
    await expect(cards(page)).toHaveCount(12);
    const firstPage = await cards(page).getByRole("heading").allTextContents();
    await page.getByRole("navigation", { name: "Paginação" }).getByRole("link", { name: "Página 2" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/imoveis?page=2`);
    const summary = await page.getByText(/imóveis encontrados · página 2 de \d+/).textContent();
    const total = Number(/^(\d+) imóveis/.exec(summary ?? "")?.[1]);
    await expect(cards(page)).toHaveCount(Math.min(12, total - 12));
    await expect(page.getByRole("link", { name: "Página 2" })).toHaveAttribute("aria-current", "page");
    // Page 2 is not page 1 again (new rows of other tests can shift at most a few).
    const secondPage = await cards(page).getByRole("heading").allTextContents();
    expect(secondPage.filter((n) => firstPage.includes(n)).length).toBeLessThan(secondPage.length);
  });
});

// With JavaScript, the home search box: the site's script has run by the
// time goto returns (a module script runs before the page's load event).
async function homeSearch(page: Page) {
  await page.goto("/");
  return page.getByRole("region", { name: "Encontre seu Imóvel" });
}

test.describe("home search box", () => {
  test("with JavaScript, 'all' choices are left out of the URL", async ({ page }) => {
    const box = await homeSearch(page);
    await box.getByLabel("Bairro").selectOption("Jardim Alvorada");
    await box.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/imoveis\?/);
    expect(query(page)).toEqual({ neighborhood: "Jardim Alvorada" });
    await expect(page.getByTestId("applied-filters")).toContainText("Bairro: Jardim Alvorada");
    for (const card of await cards(page).all()) await expect(card).toContainText("Jardim Alvorada");
  });

  test("with JavaScript, type and price range travel together", async ({ page }) => {
    const box = await homeSearch(page);
    await box.getByLabel("Tipo").selectOption("Casa");
    await box.getByLabel("Faixa de preço").selectOption("ate-300k");
    await box.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/imoveis\?/);
    expect(query(page)).toEqual({ type: "Casa", priceRange: "ate-300k" });
    // The URL changes as the navigation commits; wait for the list itself.
    await expect(page.getByTestId("applied-filters")).toContainText("Tipo: Casa");
    for (const card of await cards(page).all()) {
      await expect(card).toContainText("Casa ·");
      expect(parsePrice((await card.textContent()) ?? "")!).toBeLessThanOrEqual(300_000);
    }
  });

  test("with JavaScript and nothing chosen it opens the whole list", async ({ page }) => {
    const box = await homeSearch(page);
    await box.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/imoveis`);
    await expect(page.getByTestId("applied-filters")).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form still lands on /imoveis with results", async ({ page, createProperty }) => {
      await createProperty({ name: `Casa Sem JS ${uniq()}`, type: "Casa" });
      await page.goto("/");
      const box = page.getByRole("region", { name: "Encontre seu Imóvel" });
      await box.getByLabel("Tipo").selectOption("Casa");
      await box.getByRole("button", { name: "Buscar" }).click();
      await expect(page).toHaveURL(/\/imoveis\?/);
      expect(query(page).type).toBe("Casa");
      const banner = page.getByTestId("applied-filters");
      await expect(banner).toContainText("Tipo: Casa");
      await expect(banner).not.toContainText("Bairro");
      await expect(banner).not.toContainText("Faixa de preço");
      expect(await cards(page).count()).toBeGreaterThan(0);
      for (const card of await cards(page).all()) await expect(card).toContainText("Casa ·");
    });
  });
});
