import { BASE_URL, uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { cents } from "#app/models/shared/money";

// Issue 11: /simulador, a GET form computed on the server (SAC and PRICE).

test("the header's 'Fazer simulação' opens /simulador, which is in the sitemap", async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Fazer simulação" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/simulador`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Simulador de Financiamento");
  await expect(page).toHaveTitle(/^Simulador de Financiamento Imobiliário \| /);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`${BASE_URL}/simulador</loc>`);
});

for (const js of [false, true]) {
  test.describe(`with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("SAC: R$ 120.000,00 financed in 12 months at 1% a month (12,6825% a year)", async ({ page }) => {
      await page.goto("/simulador");
      await page.getByLabel("Valor do imóvel (R$) *").fill("150.000,00");
      await page.getByLabel("Entrada (R$) *").fill("30.000,00");
      await page.getByLabel("Prazo (meses) *").fill("12");
      await page.getByLabel("Juros (% ao ano) *").fill("12,6825");
      await page.getByLabel("Sistema de amortização *").selectOption("SAC");
      await page.getByRole("button", { name: "Simular" }).click();

      await expect(page).toHaveURL(
        /\/simulador\?valor=150\.000%2C00&entrada=30\.000%2C00&prazo=12&juros=12%2C6825&sistema=SAC#resultado$/,
      );
      await expect(page.getByRole("heading", { name: "Resultado da simulação (SAC)" })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        await page.evaluate(() => window.innerWidth),
      );
      const summary = page.getByTestId("simulation-summary");
      // Worked by hand: R$ 10.000,00 amortised a month, interest 1% of the balance.
      await expect(summary.getByText("Primeira parcela").locator("..")).toContainText("R$ 11.200,00");
      await expect(summary.getByText("Última parcela").locator("..")).toContainText("R$ 10.100,00");
      await expect(summary.getByText("Total de juros").locator("..")).toContainText("R$ 7.800,00");
      await expect(summary.getByText("Valor financiado").locator("..")).toContainText("R$ 120.000,00");
      // The values stay in the fields.
      await expect(page.getByLabel("Valor do imóvel (R$) *")).toHaveValue("150.000,00");
      await expect(page.getByLabel("Juros (% ao ano) *")).toHaveValue("12,6825");

      const rows = page.locator("table tbody tr");
      await expect(rows.first()).toBeHidden();
      await page.getByText("Ver as 12 parcelas mês a mês").click();
      await expect(rows).toHaveCount(12);
      await expect(rows.first()).toContainText("R$ 11.200,00");
      await expect(rows.last()).toHaveText(/^12\s*R\$ 10\.100,00\s*R\$ 100,00\s*R\$ 10\.000,00\s*R\$ 0,00$/);
    });

    test("a down payment under 20% and other bad values give field errors, values kept", async ({ page }) => {
      await page.goto("/simulador");
      await page.getByLabel("Valor do imóvel (R$) *").fill("400.000,00");
      await page.getByLabel("Entrada (R$) *").fill("50.000,00");
      await page.getByLabel("Prazo (meses) *").fill("360");
      await page.getByLabel("Juros (% ao ano) *").fill("10,5");
      await page.getByRole("button", { name: "Simular" }).click();
      await expect(
        page.getByText("A entrada deve ser de pelo menos 20% do valor do imóvel (R$ 80.000,00)."),
      ).toBeVisible();
      await expect(page.getByLabel("Entrada (R$) *")).toHaveValue("50.000,00");
      await expect(page.getByLabel("Entrada (R$) *")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("simulation-summary")).toHaveCount(0);
    });
  });
}

test("PRICE keeps the instalment and the last one absorbs the rounding", async ({ page }) => {
  await page.goto("/simulador?valor=125000&entrada=25000&prazo=12&juros=12%2C6825&sistema=PRICE");
  const summary = page.getByTestId("simulation-summary");
  await expect(summary.getByText("Primeira parcela").locator("..")).toContainText("R$ 8.884,88");
  await page.getByText("Ver as 12 parcelas mês a mês").click();
  const amortizations = await page.locator("table tbody tr td:nth-child(4)").allTextContents();
  const centavos = amortizations.map((t) => Number(t.replace(/[^\d]/g, "")));
  expect(centavos.reduce((a, b) => a + b, 0)).toBe(100_000_00);
  await expect(page.locator("table tbody tr").last().locator("td").last()).toHaveText("R$ 0,00");
});

test("absurd values in the URL are field errors, never a 500", async ({ page }) => {
  const res = await page.goto(
    `/simulador?valor=${"9".repeat(40)}&entrada=-1&prazo=99999999999999999999&juros=NaN&sistema=%3Cscript%3E`,
  );
  expect(res?.status()).toBe(400);
  await expect(page.getByText("Informe o valor em reais, por exemplo 350.000,00.")).toBeVisible();
  await expect(page.getByText("Escolha o sistema SAC ou PRICE.")).toBeVisible();
  await expect(page.getByText("Informe a taxa de juros anual entre 0 e 30%, por exemplo 10,5.")).toBeVisible();
});

test("a property page links to the simulator with its value filled in", async ({ page, createProperty }) => {
  const p = await createProperty({
    name: `Casa Financiada ${uniq()}`,
    price: cents(450_000_00),
    advertised_for: "COMPRA",
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/imoveis/${p.id}`);
  await page.getByRole("link", { name: "Simular financiamento" }).click();
  await expect(page).toHaveURL(`${BASE_URL}/simulador?valor=450000`);
  await expect(page.getByLabel("Valor do imóvel (R$) *")).toHaveValue("450.000,00");
  await expect(page.getByLabel("Entrada (R$) *")).toHaveValue("90.000,00");
  await page.getByRole("button", { name: "Simular" }).click();
  await expect(page.getByTestId("simulation-summary")).toContainText("R$ 360.000,00");
});

test("a rental has no financing link", async ({ page, createProperty }) => {
  const p = await createProperty({ name: `Casa Alugada ${uniq()}`, price: cents(2_500_00), advertised_for: "LOCAÇÃO" });
  await page.goto(`/imoveis/${p.id}`);
  await expect(page.getByTestId("property-price")).toContainText("/mês");
  await expect(page.getByRole("link", { name: "Simular financiamento" })).toHaveCount(0);
});

test("on a phone the result fits the screen; the table scrolls inside its box", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/simulador");
  await page.getByLabel("Valor do imóvel (R$) *").fill("450.000,00");
  await page.getByLabel("Entrada (R$) *").fill("90.000,00");
  await page.getByRole("button", { name: "Simular" }).click();
  await expect(page.getByRole("heading", { name: "Resultado da simulação (SAC)" })).toBeInViewport();
  await page.getByText("Ver as 360 parcelas mês a mês").click();
  await expect(page.locator("table tbody tr")).toHaveCount(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
