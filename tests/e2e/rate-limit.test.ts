import { expect, test } from "@playwright/test";
import { startSecondServer, type SecondServer } from "#tests/fixtures/second-server";

// The per-address limit on public posts (30 in 10 minutes: decision 0002),
// which the main e2e server turns off: a second production server keeps it
// on. Once an address has used it up, a login says so, with JavaScript (React
// Router's post receives the refusal as an error) as without.

const LIMIT_MESSAGE = "Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.";

let server: SecondServer;
let url = "";

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  server = await startSecondServer("rate-limit", { RATE_LIMIT_DISABLED: "0" });
  url = server.url;
  // Thirty posts from this address (to a page without a form: no row, no
  // email, no login attempt), all let through to the app, which refuses them.
  for (let i = 0; i < 30; i++) {
    const res = await request.post(`${url}/sobre-nos`, {
      form: { n: String(i) },
      headers: { Origin: url },
      maxRedirects: 0,
    });
    expect(res.status(), `post ${i + 1}`).toBe(405);
  }
  const over = await request.post(`${url}/sobre-nos`, { form: { n: "31" }, headers: { Origin: url }, maxRedirects: 0 });
  expect(over.status()).toBe(429);
});

test.afterAll(async () => {
  await server?.stop();
});

for (const login of [
  { path: "/client-login", user: "Nome de usuário ou Email", button: "Entrar" },
  { path: "/admin", user: "Email ou nome de usuário", button: "Entrar" },
]) {
  for (const js of [true, false]) {
    test(`past the limit, ${login.path} says why (JavaScript ${js ? "on" : "off"})`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: js });
      const page = await context.newPage();
      // Pages still load: the limit is on posts.
      expect((await page.goto(`${url}${login.path}`))?.status()).toBe(200);
      await page.getByLabel(login.user).fill("alguem");
      await page.getByLabel("Senha", { exact: true }).fill("uma-senha-1");
      await page.getByRole("button", { name: login.button }).click();
      await expect(page.getByText(LIMIT_MESSAGE)).toBeVisible();
      await expect(page.getByText("Não foi possível concluir o pedido")).toHaveCount(0);
      if (js) await expect(page.getByRole("heading", { name: "Muitas tentativas" })).toBeVisible();
      await context.close();
    });
  }
}
