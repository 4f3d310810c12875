import { expect, test } from "@playwright/test";
import { openDatabase } from "#app/db/db.server";
import { createUser } from "#app/models/accounts/users.server";
import { startSecondServer, type SecondServer } from "#tests/fixtures/second-server";

// A locked database must not freeze the site: while another process (a CLI,
// a backup, a migration) holds SQLite's write lock, pages that read keep
// answering at once, and a write that cannot get the lock in a few seconds
// answers 503 "tente novamente", never a 500. A second production server on
// its own database, so holding its lock slows no other test.

const BUSY = "O sistema está ocupado. Tente novamente em instantes.";
const USERNAME = "equipe-ocupada";
const PASSWORD = "senha-ocupada-1";

let server: SecondServer;
let url = "";
let dbFile = "";
let email = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startSecondServer("db-busy");
  ({ url, databasePath: dbFile } = server);
  email = `${USERNAME}@teste.com.br`;
  const db = openDatabase(dbFile);
  try {
    await createUser(
      db,
      { username: USERNAME, email, name: "Equipe Ocupada", password: PASSWORD, role: "admin" },
      null,
    );
  } finally {
    await db.destroy();
  }
});

test.afterAll(async () => {
  await server?.stop();
});

// What `sqlite3 app.db` does inside BEGIN IMMEDIATE: the write lock, held
// (the app's transactions begin immediate), until the rollback.
async function holdWriteLock() {
  const db = openDatabase(dbFile);
  const trx = await db.startTransaction().execute();
  await trx
    .insertInto("login_attempts")
    .values({ key: "other-process", failures: 1, window_started_at: new Date().toISOString() })
    .execute();
  return async () => {
    await trx.rollback().execute();
    await db.destroy();
  };
}

test("while another process holds the write lock, reads answer at once and writes answer 503", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  // Each page rendered once first (another query string, so the timed ones
  // below are rendered again, not read from the page cache): the timing is
  // of a read beside a held lock, not of a fresh server's first render, which
  // alone can pass a second on a busy machine.
  for (const pathname of ["/imoveis", "/destaques", "/"]) {
    expect((await request.get(`${url}${pathname}?pagina-de-teste=0`)).status()).toBe(200);
  }
  const release = await holdWriteLock();
  try {
    // The login counts the attempt first: a write, which now waits.
    const login = request.post(`${url}/admin`, {
      form: { username: USERNAME, password: PASSWORD },
      headers: { Origin: url },
      maxRedirects: 0,
    });
    const recovery = request.post(`${url}/admin/password-recovery`, {
      form: { email },
      headers: { Origin: url },
      maxRedirects: 0,
    });
    await new Promise((r) => setTimeout(r, 300));

    // Meanwhile pages that read (rendered, not from the page cache) answer at
    // once: nothing waits for the lock on the event loop. (/healthz probes a
    // write on purpose, so it reports the lock instead.)
    for (const pathname of [
      "/imoveis?pagina-de-teste=1",
      "/destaques?pagina-de-teste=1",
      "/imoveis?pagina-de-teste=2",
      "/?pagina-de-teste=1",
    ]) {
      const started = Date.now();
      const res = await request.get(`${url}${pathname}`);
      expect(res.status(), pathname).toBe(200);
      expect(Date.now() - started, pathname).toBeLessThan(1000);
    }

    // The login form answers that the system is busy, keeping the username.
    const loginRes = await login;
    expect(loginRes.status()).toBe(503);
    expect(loginRes.headers()["retry-after"]).toBe("5");
    const loginHtml = await loginRes.text();
    expect(loginHtml).toContain(BUSY);
    expect(loginHtml).toContain(`value="${USERNAME}"`);

    // Any other write: the error page says the same, with 503.
    const recoveryRes = await recovery;
    expect(recoveryRes.status()).toBe(503);
    expect(recoveryRes.headers()["retry-after"]).toBe("5");
    expect(await recoveryRes.text()).toContain(BUSY);

    // The log ties each 503 to its cause: the database layer's db.busy line
    // and the access line carry the answer's X-Request-Id; no error line.
    for (const res of [loginRes, recoveryRes]) {
      const id = res.headers()["x-request-id"];
      expect(id).toBeTruthy();
      await expect
        .poll(() => server.log().find((l) => l.event === "http.request" && l.requestId === id)?.status)
        .toBe(503);
      const lines = server.log().filter((l) => l.requestId === id);
      expect(lines.find((l) => l.event === "db.busy")).toMatchObject({ level: "warn" });
      expect(lines.filter((l) => l.level === "error")).toEqual([]);
    }

    // With JavaScript, a form posted through React Router shows the same page.
    await page.goto(`${url}/admin/password-recovery`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Enviar instruções" }).click();
    await expect(page.getByRole("heading", { name: "Sistema ocupado" })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText(BUSY)).toBeVisible();
  } finally {
    await release();
  }

  // Once the lock is free, the same login goes through.
  const res = await request.post(`${url}/admin`, {
    form: { username: USERNAME, password: PASSWORD },
    headers: { Origin: url },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
});
