import { appDb } from "#tests/fixtures/db";
import {
  BASE_URL,
  CATEGORY_PATHS,
  DEFAULT_BANNERS,
  WHATSAPP_TEXT_PARAM,
  cards,
  expectSharedFrame,
  uniq,
} from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { cents } from "#app/models/shared/money";

// Every public page: status 200, its own h1 and the shared frame.
test.describe("public pages", () => {
  const pages: [path: string, h1: string][] = [
    ["/", "Lagoa Imóveis: imóveis à venda e para alugar em Três Lagoas - MS"],
    ["/imoveis", "Todos os Imóveis"],
    ["/empreendimentos", "Empreendimentos"],
    ["/destaques", "Imóveis em Destaque"],
    ["/lancamentos", "Lançamentos de Empreendimentos Imobiliários"],
    ["/em-obras", "Em Obras"],
    ["/imoveis-novos", "Imóveis Novos"],
    ["/comerciais", "Lojas e Salas Comerciais"],
    ["/imoveis-usados", "Imóveis Usados"],
    ["/areas-terrenos", "Áreas e Terrenos"],
    ["/categoria/lancamentos", "Lançamentos de Empreendimentos Imobiliários"],
    ["/anunciar-imovel", "Anuncie seu Imóvel"],
    ["/anunciar", "Anuncie seu Imóvel"],
    ["/sobre-nos", "Sobre Nós"],
    ["/contato", "Contato"],
  ];
  for (const [path, h1] of pages) {
    test(`${path} answers 200 with its title and the shared frame`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveText(h1);
      await expectSharedFrame(page);
    });
  }

  test("a property page answers 200 with the property name as title and the shared frame", async ({
    page,
    createProperty,
  }) => {
    const p = await createProperty({ name: `Casa Página ${uniq()}` });
    const response = await page.goto(`/imoveis/${p.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("h1")).toHaveText(p.name);
    await expectSharedFrame(page);
  });
});

test.describe("not found", () => {
  test("an unknown path is a 404 with a link back to the start", async ({ page }) => {
    const response = await page.goto("/nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText("Página não encontrada");
    await expectSharedFrame(page);
    await page.getByRole("link", { name: "Voltar ao início" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole("heading", { name: "Encontre seu Imóvel" })).toBeVisible();
  });

  for (const path of ["/imoveis/999999", "/imoveis/abc"]) {
    test(`${path} is a 404 "Imóvel não encontrado"`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator("h1")).toHaveText("Imóvel não encontrado");
      await expect(page.getByText("O imóvel solicitado não existe ou foi removido.")).toBeVisible();
    });
  }

  test("an unknown category is a 404", async ({ page }) => {
    const response = await page.goto("/categoria/xyz");
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText("Página não encontrada");
  });
});

test.describe("contact links", () => {
  test("every WhatsApp link carries the greeting and the landline is a tel: link", async ({ page }) => {
    await page.goto("/");
    const whatsapp = page.locator('a[href^="https://wa.me/"]');
    expect(await whatsapp.count()).toBeGreaterThanOrEqual(3); // footer icon, footer number, floating button
    for (const href of await whatsapp.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
      expect(href).toContain(WHATSAPP_TEXT_PARAM);
    }
    await expect(page.getByRole("link", { name: "Conversar pelo WhatsApp" })).toHaveAttribute(
      "href",
      new RegExp(`\\?${WHATSAPP_TEXT_PARAM.replace(/[.?]/g, "\\$&")}$`),
    );
    // The "Posso te ajudar?" bubble waits 5 s, but shows at once on hover.
    const bubble = page.getByTestId("wa-bubble");
    await expect(bubble).toBeHidden();
    await page.getByRole("link", { name: "Conversar pelo WhatsApp" }).hover();
    await expect(bubble).toBeVisible();
    await expect(bubble).toHaveText("Posso te ajudar?");
    const landline = page.locator("footer").getByRole("link", { name: /\(\d{2}\) \d{4}-\d{4}/ });
    await expect(landline).toHaveAttribute("href", /^tel:\+?\d{10,13}$/);
  });
});

test.describe("home page", () => {
  test("the banner slider shows the three default banners with their buttons", async ({ page }) => {
    await page.goto("/");
    const slider = page.getByRole("region", { name: "Destaques da imobiliária" });
    for (const b of DEFAULT_BANNERS) {
      await expect(slider.getByRole("heading", { name: b.title })).toBeAttached();
      await expect(slider.getByRole("link", { name: b.button, exact: true })).toHaveAttribute("href", b.link);
    }
    await expect(slider.getByRole("heading", { name: DEFAULT_BANNERS[0].title })).toBeVisible();
  });

  test("the category grid links to the six category pages", async ({ page }) => {
    await page.goto("/");
    const grid = page.getByRole("region", { name: "Categorias" });
    const hrefs = await grid.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(CATEGORY_PATHS);
    await grid.getByRole("link", { name: "Áreas e Terrenos" }).click();
    await expect(page.locator("h1")).toHaveText("Áreas e Terrenos");
  });

  test("the footer and logo-menu category links open their pages", async ({ page }) => {
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "Em Obras", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/em-obras`);
    await expect(page.locator("h1")).toHaveText("Em Obras");
    await page.locator("header summary").filter({ hasText: "Abrir menu do site" }).click();
    await page.locator("header").getByRole("link", { name: "Imóveis Usados", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/imoveis-usados`);
    await expect(page.locator("h1")).toHaveText("Imóveis Usados");
  });

  const quick: [label: string, query: Record<string, string>, banner: string][] = [
    ["COMPRAR", { advertised_for: "COMPRA" }, "Modalidade: Compra"],
    ["ALUGAR", { advertised_for: "LOCAÇÃO" }, "Modalidade: Aluguel"],
    ["NOVIDADES", { latest: "5" }, "Últimos 5 imóveis cadastrados"],
  ];
  for (const [label, query, banner] of quick) {
    test(`"Agilize sua busca" ${label} opens the matching list`, async ({ page }) => {
      await page.goto("/");
      await page.getByRole("region", { name: "Agilize sua busca" }).getByRole("link", { name: label }).click();
      await expect(page.locator("h1")).toHaveText("Todos os Imóveis");
      const url = new URL(page.url());
      expect(url.pathname).toBe("/imoveis");
      expect(Object.fromEntries(url.searchParams)).toEqual(query);
      await expect(page.getByTestId("applied-filters")).toContainText(banner);
    });
  }

  test("the Destaques section shows featured property cards", async ({ page, createProperty }) => {
    const p = await createProperty({ name: `Casa Destaque Home ${uniq()}`, featured: true });
    await page.goto("/");
    const section = page.getByRole("region", { name: "Destaques", exact: true });
    const featuredCards = section.locator("article");
    expect(await featuredCards.count()).toBeGreaterThan(1);
    // Every card of the section wears the Destaque badge.
    for (const card of await featuredCards.all()) {
      await expect(card.getByText("Destaque", { exact: true })).toBeAttached();
    }
    await expect(section.getByRole("heading", { name: p.name })).toBeAttached();
    await expect(section.getByRole("link", { name: "Ver todos os imóveis" })).toHaveAttribute("href", "/imoveis");
  });
});

test.describe("property detail", () => {
  test("characteristics list only values greater than zero", async ({ page, createProperty }) => {
    const p = await createProperty({
      name: `Casa Sem Suíte ${uniq()}`,
      area: 120,
      bedrooms: 3,
      suites: 0,
      bathrooms: 2,
      parking_spaces: 0,
    });
    await page.goto(`/imoveis/${p.id}`);
    const features = page.getByRole("region", { name: "Características" });
    await expect(features).toContainText("120 m²");
    await expect(features).toContainText("Quartos");
    await expect(features).toContainText("Banheiros");
    await expect(features).toContainText("Compra");
    await expect(features.getByText(/Suíte/)).toHaveCount(0);
    await expect(features.getByText(/Vaga/)).toHaveCount(0);
  });

  test("badges Destaque and Exclusivo show only when set", async ({ page, createProperty }) => {
    const both = await createProperty({
      name: `Casa Exclusiva ${uniq()}`,
      featured: true,
      is_exclusive: true,
      standard: "ALTO PADRÃO",
    });
    const none = await createProperty({ name: `Casa Comum ${uniq()}`, featured: false, is_exclusive: false });
    await page.goto(`/imoveis/${both.id}`);
    // The property's own badges: the similar properties' cards below have theirs.
    const main = page.getByTestId("property-badges");
    await expect(main.getByText("Destaque", { exact: true })).toBeVisible();
    await expect(main.getByText("Exclusivo", { exact: true })).toBeVisible();
    await expect(main.getByText("ALTO PADRÃO", { exact: true })).toBeVisible();
    await page.goto(`/imoveis/${none.id}`);
    await expect(page.locator("h1")).toHaveText(none.name);
    await expect(main.getByText("Destaque", { exact: true })).toHaveCount(0);
    await expect(main.getByText("Exclusivo", { exact: true })).toHaveCount(0);
  });

  test("a property without description shows the generated text", async ({ page, createProperty }) => {
    const location = `Rua Sem Descrição ${uniq()} - Centro, Três Lagoas - MS`;
    const p = await createProperty({
      name: `Casa Sem Texto ${uniq()}`,
      description: null,
      type: "Casa",
      status: "ready",
      location,
    });
    await page.goto(`/imoveis/${p.id}`);
    const description = page.getByRole("region", { name: "Descrição" });
    await expect(description).toContainText(`Casa (pronto para morar) para compra em ${location}`);
    await expect(description).toContainText("Entre em contato com a nossa equipe");
  });

  test("prices are in reais, and a missing price reads SOB CONSULTA", async ({ page, createProperty }) => {
    const priced = await createProperty({ name: `Casa Preço ${uniq()}`, price: cents(1_250_000_00) });
    const onRequest = await createProperty({ name: `Casa Consulta ${uniq()}`, price: null });
    await page.goto(`/imoveis/${priced.id}`);
    await expect(page.getByTestId("property-price")).toHaveText("R$ 1.250.000,00");
    await page.goto(`/imoveis/${onRequest.id}`);
    await expect(page.getByTestId("property-price")).toHaveText("SOB CONSULTA");
    // The card on the list shows the same.
    await page.goto(`/imoveis?search=${encodeURIComponent(onRequest.name)}`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("SOB CONSULTA");
  });

  test("a gallery with more than five photos shows +N and opens the lightbox", async ({ page }) => {
    const row = await appDb()
      .selectFrom("property_images")
      .select((eb) => ["property_id as id", eb.fn.countAll<number>().as("c")])
      .groupBy("property_id")
      .having((eb) => eb.fn.countAll(), ">", 5)
      .orderBy("c", "desc")
      .limit(1)
      .executeTakeFirst();
    expect(row, "the demo seed has a property with more than 5 photos").toBeTruthy();
    const { id, c } = row!;
    await page.goto(`/imoveis/${id}`);
    await expect(page.getByTestId("gallery-more")).toHaveText(`+${c - 5}`);

    await page.getByRole("link", { name: `Abrir foto 1 de ${c}` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("lightbox-counter")).toHaveText(`1 de ${c}`);
    await dialog.getByRole("button", { name: "Próxima foto" }).click();
    await expect(page.getByTestId("lightbox-counter")).toHaveText(`2 de ${c}`);
    await dialog.getByRole("button", { name: "Fechar galeria" }).click();
    await expect(dialog).toBeHidden();

    // The +N tile opens the fifth photo.
    await page.getByRole("link", { name: `Ver mais ${c - 5} fotos` }).click();
    await expect(page.getByTestId("lightbox-counter")).toHaveText(`5 de ${c}`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("og:image is absolute and JSON-LD names the property", async ({ page, request }) => {
    const row = await appDb()
      .selectFrom("property_images")
      .select("property_id as id")
      .groupBy("property_id")
      .limit(1)
      .executeTakeFirstOrThrow();
    const { name } = await appDb()
      .selectFrom("properties")
      .select("name")
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    await page.goto(`/imoveis/${row.id}`);
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(new RegExp(`^${BASE_URL}/`));
    const image = await request.get(ogImage!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\//);

    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(jsonLd ?? "{}");
    expect(data.name).toBe(name);
    expect(data.url).toBe(`${BASE_URL}/imoveis/${row.id}`);
  });

  test("a property name with HTML renders literally", async ({ page, createProperty }) => {
    const suffix = uniq();
    const name = `<script>alert(1)</script> Casa ${suffix}`;
    const p = await createProperty({ name });
    let dialogs = 0;
    page.on("dialog", async (d) => {
      dialogs++;
      await d.dismiss();
    });
    await page.goto(`/imoveis/${p.id}`);
    await expect(page.locator("h1")).toHaveText(name);
    expect(await page.title()).toContain(name);
    // No element was injected: no script holds the payload as code.
    const injected = await page
      .locator("script:not([type='application/ld+json'])")
      .evaluateAll((scripts) => scripts.filter((s) => s.textContent?.trim() === "alert(1)").length);
    expect(injected).toBe(0);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd.name).toBe(name);

    await page.goto(`/imoveis?search=${suffix}`);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first().getByRole("heading")).toHaveText(name);
    expect(dialogs).toBe(0);
  });
});

test.describe("machine-readable files", () => {
  test("/sitemap.xml lists a property page", async ({ request, createProperty }) => {
    const p = await createProperty({ name: `Casa Sitemap ${uniq()}` });
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    expect(await response.text()).toContain(`<loc>${BASE_URL}/imoveis/${p.id}</loc>`);
  });

  test("/robots.txt points to the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
  });

  test("/healthz answers ok", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect((await response.text()).trim()).toBe("ok");
  });
});
