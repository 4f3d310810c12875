import { expect, test } from "#tests/fixtures/test";

// The stylesheet is written into each page's <head> (docs/decisions/0017):
// the first paint waits for no other file, the page hydrates without a
// mismatch, and navigating in the browser keeps it styled.
test("a page carries its stylesheet, hydrates without errors and stays styled after navigating", async ({ page }) => {
  const problems: string[] = [];
  const stylesheetRequests: string[] = [];
  const documentRequests: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheetRequests.push(request.url());
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentRequests.push(request.url());
  });

  const response = await page.goto("/");
  const html = await response!.text();
  expect(html).toMatch(/<style data-precedence="default" data-href="\/assets\/app-[\w-]+\.css">[^<]*tailwindcss/);
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  await expect(page.locator("header").first()).toHaveCSS("position", "sticky");

  // Once React Router runs in the page, a link is followed without loading a document.
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByRole("link", { name: "Todos os Imóveis" }).first().click();
  await expect(page).toHaveURL(/\/imoveis$/);
  await expect(page.locator("h1")).toHaveText("Todos os Imóveis");
  await expect(page.locator("header").first()).toHaveCSS("position", "sticky");
  expect(await page.locator("style[data-href]").count()).toBe(1);
  expect(documentRequests).toHaveLength(1);
  expect(stylesheetRequests).toEqual([]);
  expect(problems).toEqual([]);
});

// The pages of people signed in link it instead (docs/decisions/0046): fetched
// once and kept, each page 60 KB lighter; the page hydrates without errors
// and a navigation keeps the one link.
test("a signed-in page links its stylesheet, hydrates without errors and stays styled", async ({ page, admin }) => {
  void admin;
  const problems: string[] = [];
  const documentRequests: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentRequests.push(request.url());
  });

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
  expect(documentRequests).toHaveLength(1);
  expect(problems).toEqual([]);
});
