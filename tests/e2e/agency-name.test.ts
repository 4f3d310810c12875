import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { openDatabase } from "#app/db/db.server";
import { createUser } from "#app/models/accounts/users.server";
import { startSecondServer, type SecondServer } from "#tests/fixtures/second-server";

// AGENCY_NAME reaches every place that names the agency
// (docs/decisions/0027-agency-data.md): a second production server, on its own
// port, database, uploads and outbox, runs with another name, and the page
// titles, the header, the property page's JSON-LD and the recovery email all
// carry it and never the default.

const NAME = "Imobiliária Teste Exemplo";
const DEFAULT_NAME = "Lagoa Imóveis";

let server: SecondServer;
let dir = "";
let url = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startSecondServer("agency-name", { AGENCY_NAME: NAME });
  ({ dir, url } = server);
});

test.afterAll(async () => {
  await server?.stop();
});

test("page titles and the header name the configured agency", async ({ page }) => {
  const res = await page.goto(`${url}/`);
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(`${NAME} | Imóveis à venda e para alugar em Três Lagoas - MS`);
  await expect(page.locator("h1")).toHaveText(`${NAME}: imóveis à venda e para alugar em Três Lagoas - MS`);
  await expect(page.locator("header").getByText(NAME, { exact: true })).toBeVisible();
  await expect(
    page.getByText(`Bem-vindo à ${NAME}: há mais de 15 anos realizando sonhos em Três Lagoas.`, { exact: true }),
  ).toBeVisible();
  await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", NAME);
  await expect(page.locator("footer")).toContainText(NAME);

  for (const [pathname, title] of [
    ["/sobre-nos", `Sobre Nós | ${NAME}`],
    ["/nao-existe", `Página não encontrada | ${NAME}`],
    ["/admin", `Painel Administrativo | ${NAME}`],
    ["/admin/password-recovery", `Recuperar senha | ${NAME}`],
  ]) {
    await page.goto(`${url}${pathname}`);
    await expect(page).toHaveTitle(title);
  }
});

test("no public page or meta tag keeps the default name", async ({ request }) => {
  for (const pathname of [
    "/",
    "/imoveis",
    "/sobre-nos",
    "/contato",
    "/destaques",
    "/anunciar-imovel",
    "/nao-existe",
    "/admin",
  ]) {
    const html = await (await request.get(`${url}${pathname}`)).text();
    expect(html, pathname).toContain(NAME);
    expect(html, pathname).not.toContain(DEFAULT_NAME);
  }
});

test("the property page's JSON-LD names the agency", async ({ page, request }) => {
  const listing = await (await request.get(`${url}/imoveis`)).text();
  const propertyPath = /href="(\/imoveis\/\d+)"/.exec(listing)?.[1];
  expect(propertyPath).toBeTruthy();
  await page.goto(`${url}${propertyPath}`);
  await expect(page).toHaveTitle(new RegExp(` \\| ${NAME}$`));
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd.provider).toMatchObject({ "@type": "RealEstateAgent", name: NAME });
  await expect(page.getByText(`Fale com um corretor da ${NAME}.`)).toBeVisible();
});

// "=?UTF-8?Q?...?=" and "=?UTF-8?B?...?=" words of a header (RFC 2047).
function decodeHeader(value: string) {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

function emailTo(address: string) {
  const outbox = path.join(dir, "outbox");
  if (!fs.existsSync(outbox)) return null;
  const file = fs.readdirSync(outbox).find((f) => f.endsWith(`${address}.eml`));
  return file ? fs.readFileSync(path.join(outbox, file), "utf8") : null;
}

test("the password recovery email comes from and names the agency", async ({ request }) => {
  const address = `equipe-${Date.now()}@teste.com.br`;
  const db = openDatabase(path.join(dir, "app.db"));
  try {
    await createUser(
      db,
      {
        username: `equipe-${Date.now()}`,
        email: address,
        name: "Equipe Teste",
        password: "senha-equipe-1",
        role: "admin",
      },
      null,
    );
  } finally {
    await db.destroy();
  }

  const res = await request.post(`${url}/admin/password-recovery`, {
    form: { email: address },
    headers: { Origin: url },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);

  let raw: string | null = null;
  await expect.poll(() => (raw = emailTo(address)), { timeout: 15_000 }).not.toBeNull();
  const headers = raw!.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, "mi").exec(headers)?.[1] ?? "");
  expect(header("Subject")).toBe(`${NAME}: redefinição de senha`);
  expect(header("From")).toMatch(new RegExp(`^"?${NAME}"? <nao-responda@`));
  expect(decodeHeader(headers)).not.toContain(DEFAULT_NAME);
});
