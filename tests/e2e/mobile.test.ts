import { expect, test, type Page } from "@playwright/test";
import { appDb } from "#tests/fixtures/db";
import { BASE_URL, WHATSAPP_TEXT_PARAM, cards } from "#tests/fixtures/site";

// The site on a phone (375 x 812): hamburger menu, floating WhatsApp button,
// no sideways scrolling.
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

const menuLinks = ["Destaques", "Anunciar imóvel", "Sobre Nós", "Contato", "Área Administrativa", "Área do Cliente"];

function mobileMenu(page: Page) {
  return page.getByRole("navigation", { name: "Menu móvel" });
}

test.describe("mobile menu with JavaScript", () => {
  test("the toggle opens the menu, relabels itself, and a link navigates and closes it", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByTestId("mobile-menu-toggle");
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-label", "Abrir menu");
    await expect(mobileMenu(page)).toBeHidden();
    // The desktop navigation is not shown on a phone.
    await expect(page.getByRole("navigation", { name: "Principal" })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-label", "Fechar menu");
    for (const label of menuLinks)
      await expect(mobileMenu(page).getByRole("link", { name: label, exact: true })).toBeVisible();

    await mobileMenu(page).getByRole("link", { name: "Sobre Nós", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/sobre-nos`);
    await expect(page.locator("h1")).toHaveText("Sobre Nós");
    await expect(mobileMenu(page)).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-label", "Abrir menu");
  });

  test("the toggle closes the open menu", async ({ page }) => {
    await page.goto("/imoveis");
    const toggle = page.getByTestId("mobile-menu-toggle");
    await toggle.click();
    await expect(mobileMenu(page)).toBeVisible();
    await toggle.click();
    await expect(mobileMenu(page)).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-label", "Abrir menu");
  });

  test("the search field in the menu searches and closes the menu", async ({ page }) => {
    const { name } = await appDb()
      .selectFrom("properties")
      .select("name")
      .orderBy("id")
      .limit(1)
      .executeTakeFirstOrThrow();
    await page.goto("/contato");
    await page.getByTestId("mobile-menu-toggle").click();
    const input = page.locator("#mobile-search");
    await input.fill(name);
    await input.press("Enter");
    await expect(page).toHaveURL(/\/imoveis\?search=/);
    await expect(cards(page).getByRole("heading", { name, exact: true })).toBeVisible();
    await expect(mobileMenu(page)).toBeHidden();
  });
});

test.describe("mobile menu without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu still opens and its links work", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByTestId("mobile-menu-toggle");
    await expect(mobileMenu(page)).toBeHidden();
    await toggle.click();
    for (const label of menuLinks)
      await expect(mobileMenu(page).getByRole("link", { name: label, exact: true })).toBeVisible();
    await mobileMenu(page).getByRole("link", { name: "Contato", exact: true }).click();
    await expect(page).toHaveURL(`${BASE_URL}/contato`);
    await expect(page.locator("h1")).toHaveText("Contato");
    await expect(mobileMenu(page)).toBeHidden();
  });
});

test.describe("phone layout", () => {
  test("the floating WhatsApp button is visible and carries the greeting", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("link", { name: "Conversar pelo WhatsApp" });
    await expect(button).toBeVisible();
    await expect(button).toBeInViewport();
    await expect(button).toHaveAttribute(
      "href",
      new RegExp(`^https://wa\\.me/\\d+\\?${WHATSAPP_TEXT_PARAM.replace(/[.?]/g, "\\$&")}$`),
    );
  });

  async function expectNoSideScroll(page: Page, path: string) {
    await page.goto(path);
    await page.waitForLoadState("load");
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  }

  for (const path of ["/", "/imoveis"]) {
    test(`no horizontal scroll on ${path}`, async ({ page }) => {
      await expectNoSideScroll(page, path);
    });
  }

  test("no horizontal scroll on a property page with photos", async ({ page }) => {
    const row = await appDb()
      .selectFrom("property_images")
      .select("property_id as id")
      .groupBy("property_id")
      .limit(1)
      .executeTakeFirst();
    expect(row, "the demo seed has a property with photos").toBeTruthy();
    await expectNoSideScroll(page, `/imoveis/${row!.id}`);
  });
});
