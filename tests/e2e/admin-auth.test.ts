import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { appDb, count } from "#tests/fixtures/db";
import { expect, test } from "#tests/fixtures/test";
import { E2E_OUTBOX, E2E_URL } from "#tests/setup/paths";

// Staff login, logout, recovery through the outbox email, profile and the
// master's staff page, as a person uses them.

async function login(page: Page, identifier: string, password: string) {
  await page.goto("/admin");
  await page.getByLabel("Email ou nome de usuário").fill(identifier);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("login by email in any case, then logout", async ({ page, createUser }) => {
      const user = await createUser("admin");
      await login(page, user.email.toUpperCase(), user.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(page.getByText("Login bem-sucedido")).toBeVisible();
      await expect(page.getByRole("heading", { name: `Olá, ${user.name}` })).toBeVisible();
      await expect(page.getByText("SITE", { exact: true })).toBeVisible();
      await expect(page.getByText("ÁREA DO CLIENTE")).toBeVisible();
      await page.getByRole("button", { name: "Sair" }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByText("Logout realizado")).toBeVisible();
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/admin$/);
      expect(await count("sessions", (eb) => eb("user_id", "=", user.id))).toBe(0);
    });

    test("a wrong password keeps the typed username and says so", async ({ page, createUser }) => {
      const user = await createUser("admin");
      await login(page, user.username, "senha-errada-1");
      await expect(page.getByText("Email/usuário ou senha incorretos.")).toBeVisible();
      await expect(page.getByLabel("Email ou nome de usuário")).toHaveValue(user.username);
    });
  });
}

test("a client account cannot enter the back office", async ({ page, createUser }) => {
  const client = await createUser("client");
  await login(page, client.username, client.password);
  await expect(page.getByText("Esta conta não tem acesso ao painel administrativo.")).toBeVisible();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin$/);
});

test("repeated failures on one account are throttled with HTTP 429", async ({ page, createUser }) => {
  const user = await createUser("admin");
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await page.request
      .post("/admin", {
        form: { username: user.username, password: `errada-${i}` },
        headers: { Origin: E2E_URL },
        maxRedirects: 0,
      })
      .catch(() => null);
    statuses.push(res?.status() ?? 0);
  }
  expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(statuses[5]).toBe(429);
  // Even the right password waits for the window to end.
  await login(page, user.username, user.password);
  await expect(page.getByText("Muitas tentativas de login. Aguarde 15 minutos e tente novamente.")).toBeVisible();
});

function newestEmailTo(address: string) {
  if (!fs.existsSync(E2E_OUTBOX)) return null;
  const files = fs
    .readdirSync(E2E_OUTBOX)
    .filter((f) => f.endsWith(`${address}.eml`))
    .sort();
  if (!files.length) return null;
  const raw = fs.readFileSync(path.join(E2E_OUTBOX, files[files.length - 1]), "utf8");
  // quoted-printable: join soft line breaks, decode =XX.
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

test("password recovery through the emailed link, single use; it ends the account's other sessions", async ({
  page,
  createUser,
  signIn,
  newContext,
}) => {
  const user = await createUser("admin");
  // The same account, signed in on another browser (a stolen or forgotten session).
  const elsewhere = await newContext();
  await signIn(user, elsewhere);
  const other = await elsewhere.newPage();
  await other.goto("/admin/dashboard");
  await expect(other.getByRole("heading", { name: `Olá, ${user.name}` })).toBeVisible();
  await page.goto("/admin");
  await page.getByRole("link", { name: "Esqueceu sua senha?" }).click();
  await expect(page).toHaveURL(/\/admin\/password-recovery$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Enviar instruções" }).click();
  await expect(page.getByText("Instruções enviadas")).toBeVisible();

  let email: string | null = null;
  await expect.poll(() => (email = newestEmailTo(user.email))).not.toBeNull();
  const link = /http:\/\/[^\s]+\/admin\/password-recovery\/[A-Za-z0-9_-]+/.exec(email!)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await page.getByLabel("Nova senha", { exact: true }).fill("novaSenha123");
  await page.getByLabel("Confirme a nova senha").fill("novaSenha123");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(page.getByText("Senha alterada")).toBeVisible();
  await login(page, user.username, "novaSenha123");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The other browser's session ended with the reset.
  await other.goto("/admin/dashboard");
  await expect(other).toHaveURL(/\/admin$/);
  await expect(other.getByText("Sessão expirada")).toBeVisible();

  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Link inválido ou expirado" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the emailed reset link sets a new password", async ({ page, createUser }) => {
    const user = await createUser("admin");
    await page.goto("/admin/password-recovery");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Enviar instruções" }).click();
    await expect(page.getByText("Instruções enviadas")).toBeVisible();
    let email: string | null = null;
    await expect.poll(() => (email = newestEmailTo(user.email))).not.toBeNull();
    const link = /http:\/\/[^\s]+\/admin\/password-recovery\/[A-Za-z0-9_-]+/.exec(email!)?.[0];
    await page.goto(link!);
    await page.getByLabel("Nova senha", { exact: true }).fill("semScript123");
    await page.getByLabel("Confirme a nova senha").fill("semScript123");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await expect(page.getByText("Senha alterada")).toBeVisible();
    await login(page, user.username, "semScript123");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test("recovery answers the same for an unknown address and sends nothing", async ({ page, createUser }) => {
  const address = `ninguem-${Date.now()}@teste.com`;
  await page.goto("/admin/recuperar-senha");
  await page.getByLabel("Email").fill(address);
  await page.getByRole("button", { name: "Enviar instruções" }).click();
  await expect(page.getByText("Instruções enviadas")).toBeVisible();
  // The email goes out in the background: ask for a real account's link right
  // after, and once that one has landed, the first one would have too.
  const known = await createUser("admin");
  await page.goto("/admin/recuperar-senha");
  await page.getByLabel("Email").fill(known.email);
  await page.getByRole("button", { name: "Enviar instruções" }).click();
  await expect.poll(() => newestEmailTo(known.email)).not.toBeNull();
  await page.waitForTimeout(300);
  expect(newestEmailTo(address)).toBeNull();
});

test("profile: change name, and the password only with the current one", async ({ page, admin: user }) => {
  await page.goto("/admin/perfil");
  await page.getByLabel("Nome").fill("Nome Atualizado");
  await page.getByRole("button", { name: "Salvar dados" }).click();
  await expect(page.getByText("Perfil atualizado")).toBeVisible();
  expect(await appDb().selectFrom("users").select("name").where("id", "=", user.id).executeTakeFirst()).toEqual({
    name: "Nome Atualizado",
  });

  await page.getByLabel("Senha atual", { exact: true }).fill("nao-e-esta-1");
  await page.getByLabel("Nova senha", { exact: true }).fill("outraSenha123");
  await page.getByLabel("Confirme a nova senha").fill("outraSenha123");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Senha atual incorreta.")).toBeVisible();

  await page.getByLabel("Senha atual", { exact: true }).fill(user.password);
  await page.getByLabel("Nova senha", { exact: true }).fill("outraSenha123");
  await page.getByLabel("Confirme a nova senha").fill("outraSenha123");
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Senha alterada")).toBeVisible();
});

test("profile: the email (where recovery links go) changes only with the current password", async ({
  page,
  admin: user,
}) => {
  await page.goto("/admin/perfil");
  const newEmail = `novo-${Date.now()}@teste.com`;
  await page.getByLabel("Email", { exact: true }).fill(newEmail);
  await page.getByRole("button", { name: "Salvar dados" }).click();
  await expect(page.getByText("Para trocar o email, informe a sua senha atual.")).toBeVisible();
  expect(await appDb().selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirst()).toEqual({
    email: user.email,
  });
  await page.getByLabel("Senha atual (só para trocar o email)").fill(user.password);
  await page.getByRole("button", { name: "Salvar dados" }).click();
  await expect(page.getByText("Perfil atualizado")).toBeVisible();
  expect(await appDb().selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirst()).toEqual({
    email: newEmail,
  });
});

test("profile: with JavaScript the refused post answers in place, without a page load or a script error", async ({
  page,
  signInAs,
}) => {
  await signInAs("admin");
  const problems: string[] = [];
  const pageLoads: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("request", (request) => {
    if (request.method() === "POST" && request.isNavigationRequest()) pageLoads.push(request.url());
  });
  // Navigated to and then reloaded: the browser's history entry has a key of its own.
  await page.goto("/admin/dashboard");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.goto("/admin/perfil");
  await page.reload();
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  await page.getByLabel("Email", { exact: true }).fill(`outro-${Date.now()}@teste.com`);
  await page.getByRole("button", { name: "Salvar dados" }).click();
  await expect(page.getByText("Para trocar o email, informe a sua senha atual.")).toBeVisible();
  expect(pageLoads).toEqual([]);
  expect(problems).toEqual([]);
});

test("master: create an admin, reset its password, disable it", async ({ page, browser, signInAs }) => {
  await signInAs("master");
  const suffix = Date.now().toString(36);
  await page.goto("/admin/equipe");
  await page.getByLabel("Nome", { exact: true }).fill(`Corretora ${suffix}`);
  await page.getByLabel("Nome de usuário").fill(`corretora-${suffix}`);
  await page.getByLabel("Email").fill(`corretora-${suffix}@teste.com`);
  await page.getByLabel("Senha inicial").fill("inicial123");
  await page.getByRole("button", { name: "Criar administrador" }).click();
  await expect(page.getByText("Administrador criado")).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: `corretora-${suffix}` });
  await row.getByRole("button", { name: "Redefinir senha" }).click();
  const shown = await page.getByRole("alert").locator("code").textContent();
  expect(shown).toMatch(/^[A-Za-z0-9]{12}$/);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await login(otherPage, `corretora-${suffix}`, shown!);
  await expect(otherPage).toHaveURL(/\/admin\/dashboard$/);

  await page.goto("/admin/equipe");
  await page
    .getByRole("row")
    .filter({ hasText: `corretora-${suffix}` })
    .getByRole("button", { name: "Desativar" })
    .click();
  await expect(page.getByText("Conta desativada")).toBeVisible();
  // Its open session ends at once.
  await otherPage.goto("/admin/dashboard");
  await expect(otherPage).toHaveURL(/\/admin$/);
  await login(otherPage, `corretora-${suffix}`, shown!);
  await expect(otherPage.getByText("Email/usuário ou senha incorretos.")).toBeVisible();
  await other.close();

  // A duplicate username is refused with a field error.
  await page.getByLabel("Nome", { exact: true }).fill("Outra");
  await page.getByLabel("Nome de usuário").fill(`CORRETORA-${suffix}`);
  await page.getByLabel("Email").fill(`outra-${suffix}@teste.com`);
  await page.getByLabel("Senha inicial").fill("inicial123");
  await page.getByRole("button", { name: "Criar administrador" }).click();
  await expect(page.getByText("Este nome de usuário já está em uso.")).toBeVisible();
});
