import type { Locator, Page } from "@playwright/test";
import { expect, test } from "#tests/fixtures/test";
import { BASE_URL, uniq } from "#tests/fixtures/site";

// What the public pages' one script adds to their HTML (docs/decisions/0046):
// the banner slider, the featured carousel, share, the toasts and the busy
// buttons. The pages never hydrate; the script runs before `load`, so a test
// acts on the enhanced page as soon as `goto` returns.

const slider = (page: Page) => page.getByRole("region", { name: "Destaques da imobiliária" });
const currentDot = (page: Page) => slider(page).locator('a[data-dot][aria-current="true"]');

test.describe("banner slider", () => {
  test("moves by itself every 5 s, and previous, next and the dots choose a banner", async ({ page }) => {
    await page.goto("/");
    const dots = slider(page).getByRole("link", { name: /^Ir para o banner/ });
    await expect(dots).toHaveCount(3);
    await expect(currentDot(page)).toHaveAttribute("aria-label", "Ir para o banner 1");

    // Nobody touches it: the second banner comes within the 5 s (and some).
    await expect(currentDot(page)).toHaveAttribute("aria-label", "Ir para o banner 2", { timeout: 8_000 });

    await slider(page).getByRole("button", { name: "Próximo banner" }).click();
    await expect(currentDot(page)).toHaveAttribute("aria-label", "Ir para o banner 3");
    await slider(page).getByRole("button", { name: "Próximo banner" }).click();
    await expect(currentDot(page)).toHaveAttribute("aria-label", "Ir para o banner 1");
    await slider(page).getByRole("button", { name: "Banner anterior" }).click();
    await expect(currentDot(page)).toHaveAttribute("aria-label", "Ir para o banner 3");
    await slider(page).getByRole("link", { name: "Ir para o banner 2" }).click();
    await expect(currentDot(page)).toHaveAttribute("aria-label", "Ir para o banner 2");
    // A dot scrolls the slider; it does not jump the page to the slide's anchor.
    expect(new URL(page.url()).hash).toBe("");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the dots are links to the slides, and previous and next, which would do nothing, are not shown", async ({
      page,
    }) => {
      await page.goto("/");
      await expect(slider(page).getByRole("button")).toHaveCount(0);
      await slider(page).getByRole("link", { name: "Ir para o banner 3" }).click();
      await expect(page).toHaveURL(/#slide-/);
      await expect(slider(page).getByRole("heading", { name: "Lançamentos em Três Lagoas" })).toBeInViewport();
    });
  });
});

// The cards of the carousel wholly inside its viewport.
async function cardsInView(carousel: Locator) {
  const viewport = (await carousel.locator("[data-viewport]").boundingBox())!;
  let n = 0;
  for (const card of await carousel.locator("article").all()) {
    const box = await card.boundingBox();
    if (box && box.x >= viewport.x - 1 && box.x + box.width <= viewport.x + viewport.width + 1) n++;
  }
  return n;
}

const firstCardInView = async (carousel: Locator) => {
  const viewport = (await carousel.locator("[data-viewport]").boundingBox())!;
  for (const card of await carousel.locator("article").all()) {
    const box = (await card.boundingBox())!;
    if (Math.abs(box.x - viewport.x) < 2) return card.getByRole("heading").first().textContent();
  }
  return null;
};

test.describe("featured carousel", () => {
  for (const [width, perView] of [
    [375, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`shows ${perView} per view at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const carousel = page.locator("[data-featured-carousel]");
      await carousel.scrollIntoViewIfNeeded();
      await expect.poll(() => cardsInView(carousel)).toBe(perView);
    });
  }

  // The demo data has several featured properties.
  test("next and previous move it one card, and it moves by itself every 6 s", async ({ page }) => {
    await page.goto("/");
    const carousel = page.locator("[data-featured-carousel]");
    await carousel.scrollIntoViewIfNeeded();
    const first = await firstCardInView(carousel);
    expect(first).toBeTruthy();
    await carousel.getByRole("button", { name: "Próximo imóvel" }).click();
    await expect.poll(() => firstCardInView(carousel)).not.toBe(first);
    await carousel.getByRole("button", { name: "Imóvel anterior" }).click();
    await expect.poll(() => firstCardInView(carousel)).toBe(first);
    // Loop: previous from the first card shows the last one.
    await carousel.getByRole("button", { name: "Imóvel anterior" }).click();
    const last = await carousel.locator("article").last().getByRole("heading").first().textContent();
    await expect.poll(() => firstCardInView(carousel)).toBe(last);
    // Left alone, it moves on again within 6 s (and some).
    const now = await firstCardInView(carousel);
    await page.mouse.move(0, 0);
    await expect.poll(() => firstCardInView(carousel), { timeout: 9_000 }).not.toBe(now);
  });
});

test.describe("share and toasts", () => {
  test("Compartilhar copies the page's address and says so; the toast closes", async ({
    page,
    context,
    createProperty,
  }) => {
    const p = await createProperty({ name: `Casa Compartilhar ${uniq()}` });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE_URL });
    await page.goto(`/imoveis/${p.id}`);
    // Chromium on Linux has no share sheet: the link is copied.
    await page.getByRole("button", { name: "Compartilhar" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toHaveText(/Link copiado!/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/imoveis/${p.id}$`));
    await toast.getByRole("button", { name: "Fechar aviso" }).click();
    await expect(toast).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Compartilhar, which needs the script, is not shown; Facebook is a link", async ({ page, createProperty }) => {
      const p = await createProperty({ name: `Casa Sem Script ${uniq()}` });
      await page.goto(`/imoveis/${p.id}`);
      await expect(page.getByRole("button", { name: "Compartilhar" })).toHaveCount(0);
      await expect(page.locator("[data-share]").getByRole("link", { name: "Facebook" })).toHaveAttribute(
        "href",
        /facebook\.com\/sharer/,
      );
    });
  });

  test("a sent form's button says Enviando... and takes no second click until the answer", async ({
    page,
    createProperty,
  }) => {
    const p = await createProperty({ name: `Casa Espera ${uniq()}` });
    await page.goto(`/imoveis/${p.id}`);
    // The answer is held a moment, as on a slow phone.
    await page.route(`**/imoveis/${p.id}*`, async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    const form = page.locator("#tenho-interesse");
    await form.getByLabel("Nome *").fill(`Visitante ${uniq()}`);
    await form.getByLabel("Telefone ou WhatsApp").fill("(67) 99876-5432");
    // Clicked and read from inside the page while the answer is held: Playwright's own
    // click and locators would wait for the next page.
    const during = await form
      .getByRole("button", { name: "Enviar mensagem" })
      .evaluate(async (b: HTMLButtonElement) => {
        b.click();
        await new Promise((r) => setTimeout(r, 200));
        return { text: b.textContent, disabled: b.disabled };
      });
    expect(during).toEqual({ text: "Enviando...", disabled: true });
    await expect(page.getByTestId("toast")).toContainText("Solicitação enviada!");
    await expect(form.getByRole("button", { name: "Enviar mensagem" })).toBeEnabled();
  });
});
