import type { Page } from "@playwright/test";
import { expect, test } from "#tests/fixtures/test";

// The stylesheet is written into each page's <head> (docs/decisions/0017):
// the first paint waits for no other file. The public pages are documents
// that never hydrate (docs/decisions/0046): a link loads the next document,
// styled the same way; the pages that run React (the login pages, the back
// office, the client area) hand a link to a public page over to the browser.

function watch(page: Page) {
  const seen = { problems: [] as string[], stylesheets: [] as string[], documents: [] as string[] };
  page.on("console", (message) => {
    if (message.type() === "error") seen.problems.push(message.text());
  });
  page.on("pageerror", (error) => seen.problems.push(error.message));
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") seen.stylesheets.push(request.url());
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) seen.documents.push(request.url());
  });
  return seen;
}

test("a public page carries its stylesheet and its one script, and a link loads the next page styled", async ({
  page,
}) => {
  const seen = watch(page);
  const response = await page.goto("/");
  const html = await response!.text();
  expect(html).toMatch(/<style data-precedence="default" data-href="\/assets\/app-[\w-]+\.css">[^<]*tailwindcss/);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  // No React in the page: one module script of the site's own, no modulepreload, no router data.
  expect(html.match(/<script\b[^>]*\bsrc="[^"]+"/g)).toEqual([
    expect.stringMatching(/src="\/assets\/enhance-[\w-]+\.js"/),
  ]);
  // It closes <body>, async: it runs once the page above it is parsed, without holding the end of parsing (0050).
  expect(html).toMatch(
    /<script type="module" async="" src="\/assets\/enhance-[\w-]+\.js"[^>]*><\/script>(<!--[^>]*-->)*<\/body>/,
  );
  expect(html).not.toContain("modulepreload");
  expect(html).not.toContain("__reactRouterContext");
  await expect(page.locator("header").first()).toHaveCSS("position", "sticky");

  await page.getByRole("link", { name: "Todos os Imóveis" }).first().click();
  await expect(page).toHaveURL(/\/imoveis$/);
  await expect(page.locator("h1")).toHaveText("Todos os Imóveis");
  await expect(page.locator("header").first()).toHaveCSS("position", "sticky");
  expect(await page.locator("style[data-href]").count()).toBe(1);
  expect(seen.documents).toHaveLength(2);
  expect(seen.stylesheets).toEqual([]);
  expect(seen.problems).toEqual([]);
});

test("a page that runs React hands a link to the public site over to the browser", async ({ page }) => {
  const seen = watch(page);
  await page.goto("/admin");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByRole("link", { name: "← Voltar ao site" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Encontre seu Imóvel" })).toBeVisible();
  // The home page came from the server as a document, with the site's script and no React.
  await expect.poll(() => seen.documents.length).toBe(2);
  expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);
  await expect(page.locator("header").first()).toHaveCSS("position", "sticky");
  expect(seen.problems).toEqual([]);
});

// The pages of people signed in link it instead (docs/decisions/0047): fetched
// once and kept, each page 60 KB lighter; the page hydrates without errors
// and a navigation keeps the one link.
test("a signed-in page links its stylesheet, hydrates without errors and stays styled", async ({ page, admin }) => {
  void admin;
  const seen = watch(page);
  const response = await page.goto("/admin/perfil");
  const html = await response!.text();
  expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/app-[\w-]+\.css" data-precedence="default"\/>/);
  expect(html).not.toMatch(/<style data-href/);
  await expect(page.locator("header").first()).toHaveCSS("background-color", "rgb(10, 29, 48)");

  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page
    .getByRole("navigation", { name: "Administração" })
    .getByRole("link", { name: "Imóveis", exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/properties$/);
  await expect(page.locator("header").first()).toHaveCSS("background-color", "rgb(10, 29, 48)");
  expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
  expect(await page.locator("style[data-href]").count()).toBe(0);
  expect(seen.documents).toHaveLength(1);
  expect(seen.problems).toEqual([]);
});
