import { hash } from "@node-rs/argon2";
import { expect, test, type APIResponse } from "@playwright/test";
import Database from "better-sqlite3";
import { startSecondServer, type SecondServer } from "#tests/fixtures/second-server";

// The built server's log (app/utils/log.server.ts, server/access-log.ts): every
// answer carries X-Request-Id, and every request leaves one JSON access line
// on stdout with that id (method, path without query values, status, time,
// page-cache result, role), whatever answered it: a page, the page cache, a
// static file, a staff page. Nothing personal reaches the log: not the
// email, name or username of the account that signs in, not the token of a
// reset link, not what was typed in a search. A second server, whose output
// the test reads.

const USERNAME = "equipe-registro";
const EMAIL = "equipe.registro@teste.com.br";
const NAME = "Fulana Registrada";
const PASSWORD = "senha-registro-1";
const SEARCH = "Rua das Palmeiras";

let server: SecondServer;
let url = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startSecondServer("request-log");
  url = server.url;
  const now = new Date().toISOString();
  const conn = new Database(server.databasePath);
  try {
    conn.pragma("busy_timeout = 5000");
    conn
      .prepare(
        "insert into users (username, email, name, password_hash, role, active, created_at, updated_at) values (?, ?, ?, ?, 'admin', 1, ?, ?)",
      )
      .run(USERNAME, EMAIL, NAME, await hash(PASSWORD), now, now);
  } finally {
    conn.close();
  }
});

test.afterAll(async () => {
  await server?.stop();
});

function idOf(res: APIResponse) {
  const id = res.headers()["x-request-id"];
  expect(id, res.url()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  return id;
}

// The request's access line: exactly one, once its answer has ended.
async function accessLine(id: string) {
  await expect.poll(() => server.log().filter((l) => l.event === "http.request" && l.requestId === id).length).toBe(1);
  return server.log().find((l) => l.event === "http.request" && l.requestId === id)!;
}

test("every answer carries its request id, and the server writes one JSON access line with it", async ({ request }) => {
  const search = `/imoveis?busca=${encodeURIComponent(SEARCH)}&pagina=1`;
  const first = await request.get(`${url}${search}`);
  const again = await request.get(`${url}${search}`);
  expect(first.status()).toBe(200);
  expect(again.headers()["x-page-cache"]).toBe("hit");
  const [firstId, againId] = [idOf(first), idOf(again)];
  expect(firstId).not.toBe(againId);
  expect(await accessLine(firstId)).toMatchObject({
    level: "info",
    method: "GET",
    path: "/imoveis?busca=&pagina=",
    status: 200,
    cache: "miss",
    role: "anonymous",
  });
  const hit = await accessLine(againId);
  expect(hit).toMatchObject({ path: "/imoveis?busca=&pagina=", status: 200, cache: "hit", role: "anonymous" });
  expect(typeof hit.ms).toBe("number");
  expect(Date.parse(hit.time)).not.toBeNaN();

  // A static file and a refusal of the request rules have theirs too.
  const icon = await request.get(`${url}/favicon.svg`);
  expect(await accessLine(idOf(icon))).toMatchObject({ path: "/favicon.svg", status: 200, cache: null });
  const refused = await request.fetch(`${url}/imoveis`, { method: "DELETE" });
  expect(refused.status()).toBe(405);
  const refusedId = idOf(refused);
  expect(await accessLine(refusedId)).toMatchObject({ method: "DELETE", status: 405 });
  expect(server.log().find((l) => l.event === "request.refused" && l.requestId === refusedId)).toMatchObject({
    level: "warn",
    status: 405,
  });
});

test("a staff page logs the session's role; nothing personal reaches the log", async ({ request }) => {
  const login = await request.post(`${url}/admin`, {
    form: { username: USERNAME, password: PASSWORD },
    headers: { Origin: url },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  const dashboard = await request.get(`${url}/admin/dashboard`);
  expect(dashboard.status()).toBe(200);
  expect(await accessLine(idOf(dashboard))).toMatchObject({ path: "/admin/dashboard", status: 200, role: "admin" });

  // A recovery email goes to the outbox; a reset link is followed.
  const recovery = await request.post(`${url}/admin/password-recovery`, {
    form: { email: EMAIL },
    headers: { Origin: url },
    maxRedirects: 0,
  });
  await accessLine(idOf(recovery));
  const token = "Zk8yV2n1bXx7cW0aLrT5uPsHd9eJ4fGm6iKoQ-_Abq3";
  const reset = await request.get(`${url}/admin/password-recovery/${token}`);
  expect(await accessLine(idOf(reset))).toMatchObject({ path: "/admin/password-recovery/:token" });
  await expect.poll(() => server.log().some((l) => l.event === "mail.saved_to_outbox")).toBe(true);

  const text = server.output();
  for (const secret of [EMAIL, USERNAME, NAME, PASSWORD, token, SEARCH, encodeURIComponent(SEARCH)])
    expect(text, secret).not.toContain(secret);
});
