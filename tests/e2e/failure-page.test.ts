import { expect, test, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { openDatabase } from "#app/db/db.server";
import { createUser } from "#app/models/accounts/users.server";
import { startSecondServer, type SecondServer } from "#tests/fixtures/second-server";

// A write that fails for a reason of ours (here a disk that refuses the
// banners table: a trigger that aborts every write to it) is not a toast
// that says "try again" and hides the cause: the error page says the
// operation was not completed and prints the request's id, the id of the
// server's `request.failed` line that holds the stack
// (docs/decisions/0056-failures-reach-the-error-page.md). With JavaScript off
// (a document post) and on (a .data request) alike. A second server on its
// own database, so the broken table breaks no other test.

const USERNAME = "equipe-falha";
const PASSWORD = "senha-da-falha-1";

let server: SecondServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startSecondServer("failure-page");
  const db = openDatabase(server.databasePath);
  try {
    await createUser(
      db,
      {
        username: USERNAME,
        email: `${USERNAME}@teste.com.br`,
        name: "Equipe Falha",
        password: PASSWORD,
        role: "admin",
      },
      null,
    );
  } finally {
    await db.destroy();
  }
  const conn = new Database(server.databasePath);
  try {
    conn.pragma("busy_timeout = 5000");
    conn.exec(`create trigger banners_refuse_update before update on banners
      begin select raise(abort, 'disk I/O error (teste)'); end`);
  } finally {
    conn.close();
  }
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page) {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel("Email ou nome de usuário").fill(USERNAME);
  await page.getByLabel("Senha").fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

for (const javaScriptEnabled of [false, true]) {
  test(`a failed write shows the error page with the id of its log line (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    try {
      await signIn(page);
      await page.goto(`${server.url}/admin/banners`);
      const ids: string[] = [];
      page.on("response", (response) => {
        if (response.request().method() === "POST" && response.status() === 500)
          ids.push(response.headers()["x-request-id"]);
      });
      await page
        .getByRole("button", { name: /^(Desativar|Ativar) / })
        .first()
        .click();
      await expect(page.getByRole("heading", { name: "Não foi possível concluir a operação" })).toBeVisible();
      await expect(page.getByText("Confira se a alteração foi salva antes de tentar de novo.")).toBeVisible();
      expect(ids).toHaveLength(1);
      const [id] = ids;
      await expect(page.getByText("Se o problema continuar, informe este código:")).toContainText(id);
      // The same id leads to the error and its stack in the server's log.
      await expect
        .poll(() => server.log().filter((l) => l.event === "request.failed" && l.requestId === id).length)
        .toBe(1);
      const line = server.log().find((l) => l.event === "request.failed" && l.requestId === id)!;
      expect(line).toMatchObject({ level: "error", route: "routes/admin/banners/index", step: "action" });
      expect(JSON.stringify(line.error)).toContain("disk I/O error (teste)");
    } finally {
      await context.close();
    }
  });
}
