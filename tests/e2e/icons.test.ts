import type { Page } from "@playwright/test";
import { expect, test } from "#tests/fixtures/test";

// A public page carries the symbols of its icons in its own HTML; the pages
// that hydrate keep the sprite file (docs/decisions/0050).

// Each icon on the screen, with what it points at and whether it is drawn.
async function iconsOnScreen(page: Page) {
  return page.locator("svg use").evaluateAll((uses) =>
    uses
      .filter((use) => (use.closest("svg") as SVGSVGElement).getBoundingClientRect().width > 0)
      .map((use) => ({
        href: use.getAttribute("href") ?? "",
        drawn: (use as SVGUseElement).getBBox().width > 0,
      })),
  );
}

function spriteRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/icons-[\w-]+\.svg/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

test("a public page draws its icons from symbols in its own HTML, without the sprite file", async ({
  page,
  createProperty,
}) => {
  const sprite = spriteRequests(page);
  const property = await createProperty();
  for (const path of ["/", "/imoveis", `/imoveis/${property.id}`]) {
    const html = await (await page.goto(path))!.text();
    const icons = await iconsOnScreen(page);
    expect(icons.length, path).toBeGreaterThan(3);
    for (const icon of icons)
      expect(icon, path).toEqual({ href: expect.stringMatching(/^#icon-[A-Za-z0-9]+$/), drawn: true });
    // Each symbol once, only those the page draws.
    const symbols = [...html.matchAll(/<symbol id="(icon-[A-Za-z0-9]+)"/g)].map((m) => m[1]);
    const referenced = new Set([...html.matchAll(/href="#(icon-[A-Za-z0-9]+)"/g)].map((m) => m[1]));
    expect(new Set(symbols).size, path).toBe(symbols.length);
    expect(new Set(symbols), path).toEqual(referenced);
  }
  expect(sprite).toEqual([]);
});

test("a signed-in page, which React renders again in the browser, draws its icons from the sprite file", async ({
  page,
  admin,
}) => {
  void admin;
  const sprite = spriteRequests(page);
  await page.goto("/admin/properties");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await expect.poll(() => sprite.length).toBeGreaterThan(0);
  const icons = await iconsOnScreen(page);
  expect(icons.length).toBeGreaterThan(0);
  for (const icon of icons)
    expect(icon).toEqual({ href: expect.stringMatching(/^\/assets\/icons-[\w-]+\.svg#[A-Za-z0-9]+$/), drawn: true });
  expect(await page.locator("symbol").count()).toBe(0);
});
