import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "#tests/fixtures/test";
import { E2E_URL } from "#tests/setup/paths";

// A stranger cannot lock a member of staff out (docs/decisions/0008-login-lockout.md):
// failures from browsers without a device cookie lock the account for such
// browsers only; a browser that logged in before keeps its own allowance.

const LIMIT_MESSAGE = "Muitas tentativas de login. Aguarde 15 minutos e tente novamente.";

async function login(page: Page, identifier: string, password: string) {
  await page.goto("/admin");
  await page.getByLabel("Email ou nome de usuário").fill(identifier);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

// One wrong password posted from a browser, as a script would: the status.
async function wrongPassword(context: BrowserContext, username: string, attempt: number) {
  const res = await context.request.post("/admin", {
    form: { username, password: `errada-${attempt}` },
    headers: { Origin: E2E_URL },
    maxRedirects: 0,
  });
  return res.status();
}

// Another browser whose requests come from that address (the e2e server
// trusts its loopback proxy's X-Forwarded-For, as TRUST_PROXY says).
function browserAt(newContext: (options?: object) => Promise<BrowserContext>, address: string) {
  return newContext({ extraHTTPHeaders: { "X-Forwarded-For": address } });
}

test("six wrong passwords from strangers stop new browsers, not a browser that logged in before", async ({
  page,
  context,
  createUser,
  newContext,
}) => {
  const user = await createUser("admin");
  await login(page, user.username, user.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const device = (await context.cookies()).find((c) => c.name === "__device");
  expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
  expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(300 * 86_400_000);
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // Six addresses, six browsers, one wrong password each.
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++)
    statuses.push(await wrongPassword(await browserAt(newContext, `203.0.113.${10 + i}`), user.username, i));
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

  // A browser that never logged in meets the limit, even with the right password.
  const fresh = await (await browserAt(newContext, "203.0.113.99")).newPage();
  await login(fresh, user.username, user.password);
  await expect(fresh.getByText(LIMIT_MESSAGE)).toBeVisible();

  // The member of staff's own browser still gets in.
  await login(page, user.username, user.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("Login bem-sucedido")).toBeVisible();
});

test("a device cookie's own failures lock only that browser", async ({ page, createUser, newContext }) => {
  // About twenty password checks (argon2) in three browsers: past 30 s on a busy machine.
  test.setTimeout(60_000);
  const user = await createUser("admin");
  const laptop = await browserAt(newContext, "198.51.100.20");
  const phone = await browserAt(newContext, "198.51.100.21");
  for (const context of [laptop, phone]) {
    const tab = await context.newPage();
    await login(tab, user.email, user.password);
    await expect(tab).toHaveURL(/\/admin\/dashboard$/);
    await tab.getByRole("button", { name: "Sair" }).click();
    await expect(tab).toHaveURL(/\/admin$/);
  }

  // Someone at the laptop guesses six times: the laptop is stopped...
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push(await wrongPassword(laptop, user.username, i));
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  const laptopTab = await laptop.newPage();
  await login(laptopTab, user.username, user.password);
  await expect(laptopTab.getByText(LIMIT_MESSAGE)).toBeVisible();

  // ...but neither the phone nor a browser that never logged in is.
  const phoneTab = await phone.newPage();
  await login(phoneTab, user.username, user.password);
  await expect(phoneTab).toHaveURL(/\/admin\/dashboard$/);
  await login(page, user.username, user.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("a device cookie names one account: it does not lift another account's limit", async ({
  page,
  createUser,
  newContext,
}) => {
  const mine = await createUser("admin");
  const target = await createUser("admin");
  await login(page, mine.username, mine.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole("button", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  for (let i = 0; i < 6; i++) await wrongPassword(await browserAt(newContext, `192.0.2.${30 + i}`), target.username, i);
  await login(page, target.username, target.password);
  await expect(page.getByText(LIMIT_MESSAGE)).toBeVisible();
});
