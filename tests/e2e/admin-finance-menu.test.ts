import { expect, test } from "#tests/fixtures/test";

// The money pages grouped under "Financeiro" (issue 34): one entry in the top
// bar, and on each of its pages a second bar with all eight, the current one
// marked, at the back office's one page width. Without JavaScript: plain links.

test.use({ javaScriptEnabled: false });

const FINANCE = [
  ["Cobranças", /\/admin\/clients\?aba=cobrancas$/],
  ["Comprovantes", /\/admin\/comprovantes$/],
  ["Extratos", /\/admin\/extratos$/],
  ["Repasses", /\/admin\/repasses$/],
  ["Informes", /\/admin\/informes$/],
  ["DIMOB", /\/admin\/dimob$/],
  ["Índices", /\/admin\/indices$/],
  ["Emails", /\/admin\/emails$/],
] as const;

test("Financeiro opens Cobranças and leads to every money page, the current one marked", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/admin/clients");
  const top = page.getByRole("navigation", { name: "Administração" });
  await expect(top.getByRole("link", { name: "Clientes" })).toHaveAttribute("aria-current", "page");
  // Not a money page: no second bar.
  await expect(page.getByRole("navigation", { name: "Financeiro" })).toHaveCount(0);

  await top.getByRole("link", { name: "Financeiro" }).click();
  const finance = page.getByRole("navigation", { name: "Financeiro" });
  const widths = new Set<number>();
  for (const [label, url] of FINANCE) {
    await finance.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(top.getByRole("link", { name: "Financeiro" })).toHaveAttribute("aria-current", "page");
    await expect(top.getByRole("link", { name: "Clientes" })).not.toHaveAttribute("aria-current", "page");
    await expect(finance.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    await expect(finance.locator('[aria-current="page"]')).toHaveCount(1);
    widths.add(Math.round((await page.locator("main").first().locator(":scope > div").first().boundingBox())!.width));
  }
  // One page width for all of them.
  expect([...widths]).toHaveLength(1);
});
