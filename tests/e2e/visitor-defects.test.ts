import type { Locator, Page } from "@playwright/test";
import { count } from "#tests/fixtures/db";
import { BASE_URL, uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// The defects of issue 11, each as a visitor (or the staff) meets it.

const FLOAT = 'a[aria-label="Conversar pelo WhatsApp"]';

// What a tap at the centre of `target` reaches: "target" when the target (or
// something inside it) gets it; "bubble" while the bubble is shown (a visible
// part may take the tap); otherwise what covers it. Also says whether the
// point lies inside the floating link's box, where the hidden bubble used to
// steal taps: otherwise the check would prove nothing.
async function tapAtCentre(target: Locator) {
  return target.evaluate((el, floatSelector) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const float = document.querySelector(floatSelector)!;
    const box = float.getBoundingClientRect();
    const inFloatBox = x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
    const bubble = float.querySelector("[data-testid=wa-bubble]")!;
    if (getComputedStyle(bubble).visibility !== "hidden") return { hit: "bubble", inFloatBox };
    const hit = document.elementFromPoint(x, y);
    return { hit: hit && el.contains(hit) ? "target" : (hit?.outerHTML.slice(0, 80) ?? "nothing"), inFloatBox };
  }, FLOAT);
}

// Scrolls so that the target's centre is level with the floating button's.
async function alignWithFloat(page: Page, target: Locator) {
  await target.evaluate((el, floatSelector) => {
    const r = el.getBoundingClientRect();
    const f = document.querySelector(floatSelector)!.getBoundingClientRect();
    window.scrollBy({ top: r.top + r.height / 2 - (f.top + f.height / 2), behavior: "instant" });
  }, FLOAT);
}

test.describe("the floating WhatsApp link takes taps only on its visible parts", () => {
  test("at 375 px the 'Ver Detalhes' under the hidden bubble is the one tapped", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    const button = page
      .getByRole("link", { name: /^Ver Detalhes/ })
      .filter({ visible: true })
      .first();
    await alignWithFloat(page, button);
    // Sampled until the bubble is between two of its appearances.
    await expect.poll(() => tapAtCentre(button), { timeout: 15_000 }).toEqual({ hit: "target", inFloatBox: true });
  });

  test("at 1280 px 'Conversar no WhatsApp' on a property page sends the property's message", async ({
    page,
    createProperty,
  }) => {
    const p = await createProperty({ name: `Casa Toque ${uniq()}` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/imoveis/${p.id}`);
    const chat = page.getByRole("link", { name: "Conversar no WhatsApp" });
    // A window just tall enough for the floating button to sit level with it.
    const box = (await chat.boundingBox())!;
    await page.setViewportSize({ width: 1280, height: Math.round(box.y + box.height / 2 + 16 + 28) });
    await expect.poll(() => tapAtCentre(chat), { timeout: 15_000 }).toEqual({ hit: "target", inFloatBox: true });
    await expect(chat).toHaveAttribute(
      "href",
      new RegExp(encodeURIComponent(`#${String(p.property_code).padStart(4, "0")}`)),
    );
  });
});

test.describe("banner slider", () => {
  test("at 1280 px the dots are above the search card and can be clicked", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    for (const n of [1, 2, 3]) {
      const dot = page.getByRole("link", { name: `Ir para o banner ${n}` });
      await expect(dot).toBeVisible();
      const hit = await dot.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      });
      expect(hit).toBe(true);
    }
    await page.getByRole("link", { name: "Ir para o banner 2" }).click();
    await expect(page.locator("#slide-banner-2")).toBeInViewport({ ratio: 0.9 });
  });

  test("a phone gets previous and next buttons", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    const next = page.getByRole("button", { name: "Próximo banner" });
    await expect(next).toBeVisible();
    await expect(page.getByRole("button", { name: "Banner anterior" })).toBeVisible();
    await next.click();
    await expect(page.locator("#slide-banner-2")).toBeInViewport({ ratio: 0.9 });
    await page.getByRole("button", { name: "Banner anterior" }).click();
    await expect(page.locator("#slide-banner-1")).toBeInViewport({ ratio: 0.9 });
  });

  // The first slide is the home page's largest paint: it is asked for from
  // the head, and only in the version for the screen's width.
  for (const [width, shown, other] of [
    [375, "-mobile.webp", ".webp"],
    [1280, ".webp", "-mobile.webp"],
  ] as const) {
    test(`at ${width} px the first slide's image is preloaded, the other width's is not fetched`, async ({ page }) => {
      const requested: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/banners/")) requested.push(new URL(r.url()).pathname);
      });
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/", { waitUntil: "load" });
      const first = page.locator("[data-slides] > div:visible").first().locator("img");
      const src = new URL(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname;
      expect(src.endsWith(shown)).toBe(true);
      expect(requested).toContain(src);
      await expect(page.locator(`head link[rel=preload][as=image][href="${src}"]`)).toHaveCount(1);
      const stem = src.slice(0, -shown.length);
      expect(requested).not.toContain(stem + other);
    });
  }
});

test.describe("search fields", () => {
  test("the header search opens with the focus in the field", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/sobre-nos");
    await page.getByRole("navigation", { name: "Principal" }).getByLabel("Abrir busca").click();
    await expect(page.locator("#header-search")).toBeFocused();
    await page.keyboard.type("centro");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`${BASE_URL}/imoveis?search=centro`);
  });

  test("at 375 px the search placeholders fit their fields", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    // The placeholder's width in the field's font against the room inside the field.
    const fits = (input: Locator) =>
      input.evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        const ctx = document.createElement("canvas").getContext("2d")!;
        ctx.font = style.font;
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: el.placeholder, fits: ctx.measureText(el.placeholder).width <= room };
      });
    await page.goto("/imoveis");
    await page.getByTestId("mobile-menu-toggle").click();
    expect(await fits(page.locator("#mobile-search"))).toMatchObject({ fits: true });
    await page.getByTestId("mobile-menu-toggle").click();
    await page.getByText("Filtros (0)").click();
    expect(await fits(page.locator("#filter-search"))).toMatchObject({ fits: true });
  });
});

for (const js of [false, true]) {
  test.describe(`ideal-property form with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("after sending, the visitor is back at the form with the confirmation", async ({ page }) => {
      const email = `ideal-${uniq()}@teste.com.br`;
      await page.goto("/");
      const section = page.locator("#imovel-ideal");
      await section.getByLabel("Nome *").fill("Ana Âncora");
      await section.getByLabel("Email *").fill(email);
      await section.getByLabel("Como é o seu imóvel ideal? *").fill("Apartamento com 2 quartos perto do centro.");
      await section.getByRole("button", { name: "Enviar solicitação" }).click();
      await expect(page).toHaveURL(`${BASE_URL}/#imovel-ideal`);
      await expect(page.getByTestId("toast")).toContainText("Solicitação enviada!");
      await expect(page.getByRole("heading", { name: "Não encontrou o que procura?" })).toBeInViewport();
      await expect(section.getByLabel("Nome *")).toHaveValue("");
      expect(await count("ideal_property_requests", (eb) => eb("email", "=", email))).toBe(1);
    });

    test("a refused submit keeps '/' in the address bar, the values and the error at the form", async ({ page }) => {
      const email = `ideal-${uniq()}@teste.com.br`;
      await page.goto("/");
      const section = page.locator("#imovel-ideal");
      await section.getByLabel("Nome *").fill("Ana Recusada");
      await section.getByLabel("Email *").fill(email);
      await section.getByLabel("Telefone").fill("123");
      await section.getByLabel("Como é o seu imóvel ideal? *").fill("Casa térrea.");
      await section.getByRole("button", { name: "Enviar solicitação" }).click();
      await expect(section.getByText("Informe um telefone com DDD, por exemplo (67) 99999-0000.")).toBeVisible();
      await expect(page).toHaveURL(`${BASE_URL}/#imovel-ideal`);
      await expect(section.getByLabel("Nome *")).toHaveValue("Ana Recusada");
      await expect(section.getByLabel("Telefone")).toBeInViewport();
      expect(await count("ideal_property_requests", (eb) => eb("email", "=", email))).toBe(0);
    });
  });
}

test("banner edit: unchecking both devices shows the warning at once", async ({ page, admin }) => {
  expect(admin.role).toBe("admin");
  await page.goto("/admin/banners/banner-1");
  const desktop = page.getByLabel("Mostrar no desktop");
  const mobile = page.getByLabel("Mostrar no mobile");
  const warning = page.getByText("O banner deve ser visível em pelo menos um tipo de dispositivo.");
  await expect(page.locator("form[data-hydrated]")).toBeVisible();
  await desktop.uncheck();
  await expect(warning).toHaveCount(0);
  await mobile.uncheck();
  await expect(warning).toBeVisible();
  await mobile.check();
  await expect(warning).toHaveCount(0);
});

test.describe("back office at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("every tab is reachable and the Equipe table shows role, state and actions", async ({
    page,
    master,
    createUser,
  }) => {
    const other = await createUser("admin");
    await page.goto("/admin/equipe");
    const nav = page.getByRole("navigation", { name: "Administração" });
    for (const label of [
      "Painel",
      "Imóveis",
      "Banners",
      "Imóveis Ideais",
      "Anúncios",
      "Clientes",
      "Financeiro",
      "Equipe",
      "Auditoria",
    ]) {
      const link = nav.getByRole("link", { name: label, exact: true });
      await expect(link).toBeInViewport({ ratio: 1 });
    }
    const row = page.getByRole("row").filter({ hasText: other.name });
    for (const text of ["Administrador", "Ativo"]) {
      await row.getByText(text, { exact: true }).scrollIntoViewIfNeeded();
      await expect(row.getByText(text, { exact: true })).toBeInViewport({ ratio: 1 });
    }
    for (const name of ["Desativar", "Redefinir senha"]) {
      await row.getByRole("button", { name }).scrollIntoViewIfNeeded();
      await expect(row.getByRole("button", { name })).toBeInViewport({ ratio: 1 });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await nav.getByRole("link", { name: "Anúncios", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/listings$/);
    expect(master.role).toBe("master");
  });
});
