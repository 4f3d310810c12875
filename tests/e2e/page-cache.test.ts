import { deleteProperty } from "#tests/fixtures/db";
import { E2E_URL } from "#tests/setup/paths";
import { expect, test } from "#tests/fixtures/test";

// The anonymous page cache (docs/decisions/0005-page-cache.md): a repeat visit
// is served from memory, and any database write shows at the next request.

test("a repeated page is served from the cache, with a CSP that allows only the site's own files", async ({
  request,
}) => {
  const path = `/imoveis?page=1&cache=${Date.now()}`;
  const first = await request.get(path);
  expect(first.headers()["x-page-cache"]).toBe("miss");
  // Other test files write to the database meanwhile, which rightly empties the
  // cache; try until two requests fall in the same quiet moment.
  await expect(async () => {
    const filled = await request.get(path);
    const again = await request.get(path);
    expect(again.headers()["x-page-cache"]).toBe("hit");
    // A public page has no inline script of ours (docs/decisions/0046): no hash to allow.
    expect(again.headers()["content-security-policy"]).toMatch(/script-src 'self';/);
    expect(await again.text()).toBe(await filled.text());
  }).toPass({ timeout: 15_000 });
});

test("a new or deleted property shows on the cached pages at once: the previous copy is served stale while the page renders again", async ({
  page,
  createProperty,
}) => {
  const name = `Casa recém-cadastrada ${Date.now()}`;
  const path = "/imoveis?search=rec%C3%A9m-cadastrada";
  await page.goto(path);
  await page.goto(path);
  await expect(page.getByText("Nenhum imóvel encontrado")).toBeVisible();
  const p = await createProperty({ name });
  // The cached copy is now stale: one render replaces it, and a visitor gets
  // the new copy when it is ready within a moment (alone on the server, at
  // once), else the previous one.
  await expect(async () => {
    const res = await page.goto(path);
    expect(["shared", "hit"]).toContain(res?.headers()["x-page-cache"]);
    await expect(page.getByRole("heading", { name })).toBeVisible({ timeout: 100 });
  }).toPass({ timeout: 10_000 });
  await deleteProperty(p.id);
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByText("Nenhum imóvel encontrado")).toBeVisible({ timeout: 100 });
  }).toPass({ timeout: 10_000 });
});

test("after a change, the visitors of a cached page share one new render, or get the previous copy meanwhile", async ({
  request,
  createProperty,
}) => {
  const word = `revalidacao${Date.now()}`;
  const path = `/imoveis?search=${word}`;
  await expect(async () => {
    await request.get(path);
    expect((await request.get(path)).headers()["x-page-cache"]).toBe("hit");
  }).toPass({ timeout: 15_000 });
  const p = await createProperty({ name: `Casa ${word}` });
  const answers = await Promise.all(Array.from({ length: 6 }, () => request.get(path)));
  const sources = answers.map((a) => a.headers()["x-page-cache"]);
  // Nobody renders on their own a page that was in the cache: one render is
  // shared ("shared"), or the previous copy answers while it runs ("stale").
  for (const source of sources) expect(["shared", "stale", "hit"]).toContain(source);
  for (const [i, answer] of answers.entries()) {
    if (sources[i] !== "stale") expect(await answer.text()).toContain(`Casa ${word}`);
  }
  await expect.poll(async () => (await request.get(path)).text(), { timeout: 10_000 }).toContain(`Casa ${word}`);
  await deleteProperty(p.id);
});

test("signed-in staff never get a cached page", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/sobre-nos");
  const res = await page.goto("/sobre-nos");
  expect(res?.headers()["x-page-cache"]).toBeUndefined();
});

test("a visitor with a toast gets a page rendered for them, never the cached copy, and nobody else sees it", async ({
  page,
}) => {
  const path = "/anunciar-imovel";
  // The page is in the cache...
  await expect(async () => {
    await page.request.get(path);
    expect((await page.request.get(path)).headers()["x-page-cache"]).toBe("hit");
  }).toPass({ timeout: 15_000 });
  // ...and a post that writes nothing (the honeypot: a bot gets the success
  // toast, no row) leaves it there: only the toast cookie tells them apart.
  const posted = await page.request.post(path, {
    form: {
      nome: "Robô",
      email: "robo@teste.com",
      telefone: "(67) 99999-0000",
      tipoImovel: "casa",
      preco: "1.000,00",
      endereco: "Rua X",
      website: "http://spam",
    },
    headers: { Origin: E2E_URL },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);
  const mine = await page.goto(path);
  expect(mine?.headers()["x-page-cache"]).not.toBe("hit");
  await expect(page.getByText("Solicitação enviada!")).toBeVisible();
  // Another visitor does not see it.
  const other = await page.request.get(path, { headers: { Cookie: "" } });
  expect(await other.text()).not.toContain("Solicitação enviada!");
});

test("a visitor's request, a login or a failed login leaves the cached pages in place", async ({
  request,
  createRequest,
}) => {
  const path = `/destaques?cache=${Date.now()}`;
  // Other test files may write properties meanwhile (which rightly empties
  // the cache): retry until the writes below are the only ones in between.
  await expect(async () => {
    await request.get(path);
    expect((await request.get(path)).headers()["x-page-cache"]).toBe("hit");
    await createRequest("ideal");
    const failedLogin = await request.post("/admin", {
      form: { username: "ninguem@teste.com", password: "senha-errada-123" },
      headers: { Origin: E2E_URL },
      maxRedirects: 0,
    });
    expect(failedLogin.status()).toBeLessThan(500);
    expect((await request.get(path)).headers()["x-page-cache"]).toBe("hit");
  }).toPass({ timeout: 20_000 });
});

test("visitors asking for the same page at once share one render", async ({ request }) => {
  await expect(async () => {
    const path = `/imoveis?page=1&juntos=${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 12 }, () => request.get(path)));
    const sources = answers.map((a) => a.headers()["x-page-cache"]);
    expect(sources.filter((s) => s === "miss")).toHaveLength(1);
    expect(new Set(await Promise.all(answers.map((a) => a.text()))).size).toBe(1);
  }).toPass({ timeout: 20_000 });
});

test("public pages tell shared caches how long to keep them; revalidation answers 304", async ({ request }) => {
  const path = `/sobre-nos?cdn=${Date.now()}`;
  const first = await request.get(path);
  expect(first.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
  const etag = first.headers()["etag"];
  expect(etag).toMatch(/^"[\w-]+"$/);
  await expect(async () => {
    const again = await request.get(path, { headers: { "If-None-Match": etag } });
    expect(again.status()).toBe(304);
  }).toPass({ timeout: 15_000 });
  // A visitor with a toast cookie gets a page of their own, kept by nobody.
  const personal = await request.get(path, { headers: { Cookie: "toast=x" } });
  expect(personal.headers()["cache-control"]).toBe("private, no-cache");
  const admin = await request.get("/admin");
  expect(admin.headers()["cache-control"]).toBe("private, no-store");
});
