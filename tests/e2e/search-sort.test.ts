import type { Page } from "@playwright/test";
import type { createProperty as createPropertyRow } from "#tests/fixtures/db";
import { BASE_URL, cards, parsePrice, uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { cents } from "#app/models/shared/money";

// Issue 11: the /imoveis filter form offers every filter the URL understands,
// minimum bedrooms and parking spaces and an order, with a count and
// removable chips; on phones it folds behind "Filtros (n)".

function form(page: Page) {
  return page.locator("main form[action='/imoveis']");
}

function query(page: Page) {
  return Object.fromEntries([...new URL(page.url()).searchParams].filter(([, v]) => v !== ""));
}

// Four rentals of a type and neighbourhood that other tests share: their names
// carry a suffix, and a test reads only its own cards (OWN) among the others.
async function fourHouses(createProperty: typeof createPropertyRow) {
  const s = uniq();
  const base = {
    type: "Sala",
    location: `Rua ${s} - Portal das Águas, Três Lagoas - MS`,
    advertised_for: "LOCAÇÃO",
  } as const;
  return {
    s,
    cheap: await createProperty({
      ...base,
      name: `Sala Barata ${s}`,
      price: cents(1_200_00),
      area: 40,
      bedrooms: 0,
      parking_spaces: 0,
    }),
    dear: await createProperty({
      ...base,
      name: `Sala Cara ${s}`,
      price: cents(9_000_00),
      area: 90,
      bedrooms: 3,
      parking_spaces: 2,
    }),
    onRequest: await createProperty({
      ...base,
      name: `Sala Consulta ${s}`,
      price: null,
      area: 300,
      bedrooms: 4,
      parking_spaces: 3,
    }),
    mid: await createProperty({
      ...base,
      name: `Sala Média ${s}`,
      price: cents(4_000_00),
      area: 60,
      bedrooms: 2,
      parking_spaces: 1,
    }),
  };
}

const OWN = (s: string) => new RegExp(`Sala .* ${s}$`);

for (const js of [false, true]) {
  test.describe(`filters and order with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("bedrooms, parking and order in the URL, with a count and chips that drop one filter", async ({
      page,
      createProperty,
    }) => {
      const { s, dear, onRequest, mid } = await fourHouses(createProperty);
      await page.goto("/imoveis");
      const f = form(page);
      await f.getByLabel("Tipo").selectOption("Sala");
      await f.getByLabel("Bairro").selectOption("Portal das Águas");
      await f.getByLabel("Modalidade").selectOption("LOCAÇÃO");
      await f.getByLabel("Quartos").selectOption("2");
      await f.getByLabel("Vagas de garagem").selectOption("1");
      await f.getByLabel("Ordenar por").selectOption("menor-preco");
      await f.getByRole("button", { name: "Filtrar" }).click();

      await expect(page).toHaveURL(/sort=menor-preco/);
      expect(query(page)).toEqual({
        type: "Sala",
        neighborhood: "Portal das Águas",
        advertised_for: "LOCAÇÃO",
        bedrooms: "2",
        parking: "1",
        sort: "menor-preco",
      });
      // The form keeps the choices.
      await expect(form(page).getByLabel("Quartos")).toHaveValue("2");
      await expect(form(page).getByLabel("Ordenar por")).toHaveValue("menor-preco");

      // Cheapest first, SOB CONSULTA last; the one-bedroom "Barata" is out.
      const own = cards(page).getByRole("heading", { name: OWN(s) });
      await expect(own).toHaveText([mid.name, dear.name, onRequest.name]);
      const count = page.getByTestId("result-count");
      await expect(count).toHaveText(/^\d+ imóve(l|is) encontrados?/);
      expect(Number(/^(\d+)/.exec((await count.textContent()) ?? "")?.[1])).toBeGreaterThanOrEqual(3);
      // Rents read per month on the cards.
      await expect(cards(page).filter({ hasText: mid.name })).toContainText("R$ 4.000,00 /mês");
      await expect(cards(page).filter({ hasText: onRequest.name })).toContainText("SOB CONSULTA");
      await expect(cards(page).filter({ hasText: onRequest.name })).not.toContainText("/mês");

      const chips = page.getByTestId("applied-filters");
      for (const label of ["Tipo: Sala", "Bairro: Portal das Águas", "Modalidade: Aluguel", "2+ quartos", "1+ vaga"]) {
        await expect(chips.getByRole("link", { name: `Remover filtro ${label}` })).toBeVisible();
      }
      // Dropping "2+ quartos" keeps the rest, the order included.
      await chips.getByRole("link", { name: "Remover filtro 2+ quartos" }).click();
      await expect(page).not.toHaveURL(/bedrooms=/);
      expect(query(page)).toEqual({
        type: "Sala",
        neighborhood: "Portal das Águas",
        advertised_for: "LOCAÇÃO",
        parking: "1",
        sort: "menor-preco",
      });
      await expect(own).toHaveText([mid.name, dear.name, onRequest.name]);
      await expect(form(page).getByLabel("Quartos")).toHaveValue("");

      // Dropping "1+ vaga" brings the one without parking back, cheapest first.
      await page.getByTestId("applied-filters").getByRole("link", { name: "Remover filtro 1+ vaga" }).click();
      await expect(own).toHaveText([`Sala Barata ${s}`, mid.name, dear.name, onRequest.name]);
    });

    test("largest area first, and the dearest first with SOB CONSULTA last", async ({ page, createProperty }) => {
      const { s, cheap, dear, onRequest, mid } = await fourHouses(createProperty);
      const base = `/imoveis?type=Sala&neighborhood=${encodeURIComponent("Portal das Águas")}`;
      await page.goto(`${base}&sort=maior-area`);
      const own = cards(page).getByRole("heading", { name: OWN(s) });
      await expect(own).toHaveText([onRequest.name, dear.name, mid.name, cheap.name]);
      await page.goto(`${base}&sort=maior-preco`);
      await expect(own).toHaveText([dear.name, mid.name, cheap.name, onRequest.name]);
      // Priced cards of the whole page are in falling order.
      const prices = (await cards(page).allTextContents()).map(parsePrice).filter((p): p is number => p != null);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      // A price range leaves SOB CONSULTA out.
      await page.goto(`${base}&priceRange=ate-300k&sort=maior-area`);
      await expect(own).toHaveText([dear.name, mid.name, cheap.name]);
    });
  });
}

test("a search text overrides the minimums and shows only its chip", async ({ page, createProperty }) => {
  const { s, cheap } = await fourHouses(createProperty);
  await page.goto(`/imoveis?search=${encodeURIComponent(`Barata ${s}`)}&bedrooms=4&parking=3`);
  await expect(cards(page).getByRole("heading")).toHaveText([cheap.name]);
  const chips = page.getByTestId("applied-filters").getByRole("link");
  await expect(chips).toHaveCount(1);
  await expect(chips).toHaveAccessibleName(`Remover filtro Busca: "Barata ${s}"`);
  await chips.click();
  await expect(page).toHaveURL(`${BASE_URL}/imoveis`);
});

test("bad values in the URL are ignored, never an error", async ({ page }) => {
  const res = await page.goto("/imoveis?bedrooms=99&parking=-1&sort=%3Cscript%3E&priceRange=toString");
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId("applied-filters")).toHaveCount(0);
  await expect(form(page).getByLabel("Ordenar por")).toHaveValue("recentes");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  for (const js of [false, true]) {
    test(`the filters fold behind "Filtros (n)" (JavaScript ${js ? "on" : "off"})`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        javaScriptEnabled: js,
      });
      const page = await context.newPage();
      await page.goto("/imoveis?bedrooms=2&type=Casa");
      const toggle = page.getByText("Filtros (2)");
      await expect(toggle).toBeVisible();
      await expect(form(page).getByLabel("Quartos")).toBeHidden();
      // Results come first on a phone: the first card is on screen.
      await expect(cards(page).first()).toBeInViewport();
      await toggle.click();
      await expect(form(page).getByLabel("Quartos")).toBeVisible();
      await expect(form(page).getByLabel("Quartos")).toHaveValue("2");
      await form(page).getByLabel("Vagas de garagem").selectOption("2");
      await form(page).getByRole("button", { name: "Filtrar" }).click();
      await expect(page).toHaveURL(/parking=2/);
      await expect(page.getByText("Filtros (3)")).toBeVisible();
      // No sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await context.close();
    });
  }
});

test("on a desktop the filters are open, with no toggle", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/imoveis");
  await expect(form(page).getByLabel("Quartos")).toBeVisible();
  await expect(page.getByText("Filtros (0)")).toBeHidden();
});
