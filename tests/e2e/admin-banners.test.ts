import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { BANNER_FORM_MESSAGES } from "#app/models/banners/banner.schema";
import { BANNER_MESSAGES, DEFAULT_BANNERS } from "#app/models/banners/defaults";
import { appDb, count } from "#tests/fixtures/db";
import { BASE_URL, uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { E2E_UPLOADS } from "#tests/setup/paths";

// Gestão de Banners: the three fixed banners edited in the database, seen on
// the home page at the next request. Banners are global and the public-site
// tests (another worker) check the default titles on "/", so each test keeps
// its change short, edits banner-3 where it can, and the defaults are written
// back after every test.

const BANNER_DIR = path.join(E2E_UPLOADS, "public", "banners");
const B3 = DEFAULT_BANNERS[2];

function row(id: string) {
  return appDb().selectFrom("banners").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

// Writes the defaults back and deletes the uploads the rows pointed at.
async function restoreDefaultsInDb() {
  const urls = await appDb().selectFrom("banners").select(["image_url", "mobile_image_url"]).execute();
  for (const url of urls.flatMap((u) => [u.image_url, u.mobile_image_url])) {
    if (url.startsWith("/uploads/banners/")) fs.rmSync(path.join(BANNER_DIR, path.basename(url)), { force: true });
  }
  for (const { id, ...b } of DEFAULT_BANNERS) {
    await appDb()
      .updateTable("banners")
      .set({ ...b, is_active: 1, show_on_desktop: 1, show_on_mobile: 1 })
      .where("id", "=", id)
      .execute();
  }
}

function uploadedFiles() {
  return fs.existsSync(BANNER_DIR) ? fs.readdirSync(BANNER_DIR).sort() : [];
}

async function png(width: number, height: number, rgb: [number, number, number]) {
  return sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } })
    .png()
    .toBuffer();
}

// With JavaScript, wait until the edit form is hydrated, so the test drives
// the client-side path rather than a plain post made before hydration.
async function openEditForm(page: Page, id: string, js = true) {
  await page.goto(`/admin/banners/${id}`);
  if (js) await expect(page.locator(`form#banner-${id}`)).toHaveAttribute("data-hydrated", "true");
}

// The home page as a visitor's next request gets it. The HTML is fetched at
// once and then shown from that copy (JavaScript hydrates it as usual), so
// the test can put the defaults back right away: the public-site tests in
// the other worker see a changed home only for a fraction of a second.
async function fetchHome(page: Page) {
  const res = await page.request.get("/");
  expect(res.status()).toBe(200);
  return res.text();
}

async function showHome(page: Page, html: string) {
  await page.route(`${BASE_URL}/`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
  );
  await page.goto("/");
  await page.unroute(`${BASE_URL}/`);
}

const slider = (page: Page) => page.getByRole("region", { name: "Destaques da imobiliária" });
const toast = (page: Page) => page.getByTestId("toast");

test.beforeEach(async ({ signInAs }) => {
  await signInAs("admin");
});

test.afterEach(async () => {
  await restoreDefaultsInDb();
});

test("the page lists the three banners with the count line, badges and edit links", async ({ page }) => {
  await page.goto("/admin/banners");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestão de Banners");
  await expect(page.getByTestId("banner-count")).toHaveText("3 de 3 banners ativos • 3 total");
  await expect(page.getByText("exatamente 3 banners fixos")).toBeVisible();
  for (const b of DEFAULT_BANNERS) {
    const card = page.getByTestId(`banner-card-${b.id}`);
    await expect(card.getByRole("heading", { name: b.title })).toBeVisible();
    await expect(card).toContainText(b.subtitle);
    await expect(card).toContainText(b.link);
    await expect(card).toContainText(b.btn_text);
    await expect(card.getByText("Ativo", { exact: true })).toBeVisible();
    await expect(card.getByText("Desktop", { exact: true })).toBeVisible();
    await expect(card.getByText("Mobile", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: `Editar ${b.title}` })).toHaveAttribute(
      "href",
      `/admin/banners/${b.id}`,
    );
  }
});

test("a banner whose image is missing shows the placeholder", async ({ page }) => {
  await appDb()
    .updateTable("banners")
    .set({ image_url: "/uploads/banners/ffffffffffffffffffffffffffffffff.webp" })
    .where("id", "=", "banner-3")
    .execute();
  await page.goto("/admin/banners");
  await expect(page.getByTestId("banner-card-banner-3").getByText("Imagem não encontrada")).toBeVisible();
  await expect(page.getByTestId("banner-card-banner-1").getByText("Imagem não encontrada")).toHaveCount(0);
});

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("edited texts show on the home slider at the next request", async ({ page }) => {
      // The default title stays a part of the new one, so the public-site
      // tests' heading lookups (substring) still find it.
      const title = `${B3.title} editado ${uniq()}`;
      await page.goto("/admin/banners");
      await page.getByRole("link", { name: `Editar ${B3.title}` }).click();
      await expect(page).toHaveURL(`${BASE_URL}/admin/banners/banner-3`);
      if (js) await expect(page.locator("form#banner-banner-3")).toHaveAttribute("data-hydrated", "true");
      await expect(page.getByLabel("Título *")).toHaveValue(B3.title);
      await page.getByLabel("Título *").fill(title);
      await page.getByLabel("Subtítulo").fill("Subtítulo de teste");
      await page.getByLabel("Texto do botão").fill("Conferir agora");
      await page.getByLabel("Link").fill("/imoveis?tipo=Casa");
      await page.getByRole("button", { name: "Salvar alterações" }).click();
      await expect(toast(page)).toContainText("Banner atualizado");
      const home = await fetchHome(page);
      const stored = await row("banner-3");
      await restoreDefaultsInDb();

      await expect(page).toHaveURL(`${BASE_URL}/admin/banners`);
      await expect(page.getByTestId("banner-card-banner-3").getByRole("heading")).toHaveText(title);
      expect(stored).toMatchObject({
        title,
        subtitle: "Subtítulo de teste",
        btn_text: "Conferir agora",
        link: "/imoveis?tipo=Casa",
        is_active: 1,
      });
      await showHome(page, home);
      await expect(slider(page).getByRole("heading", { name: title })).toBeAttached();
      await expect(slider(page).getByText("Subtítulo de teste")).toBeAttached();
      await expect(slider(page).getByRole("link", { name: "Conferir agora", exact: true })).toHaveAttribute(
        "href",
        "/imoveis?tipo=Casa",
      );
      await expect(slider(page).getByRole("link", { name: B3.btn_text, exact: true })).toHaveCount(0);
    });

    test("both devices unchecked is refused with the spec message and nothing is stored", async ({ page }) => {
      const before = await row("banner-3");
      let posts = 0;
      page.on("request", (r) => void (r.method() === "POST" && posts++));
      await openEditForm(page, "banner-3", js);
      await page.getByLabel("Título *").fill(`Não deve salvar ${uniq()}`);
      await page.getByLabel("Mostrar no desktop").uncheck();
      await page.getByLabel("Mostrar no mobile").uncheck();
      const response = js ? null : page.waitForResponse((r) => r.request().method() === "POST");
      await page.getByRole("button", { name: "Salvar alterações" }).click();
      if (response) expect((await response).status()).toBe(400);
      // With JavaScript the shared schema refuses it before any request.
      else expect(posts).toBe(0);
      await expect(page.getByText(BANNER_FORM_MESSAGES.deviceRequired)).toBeVisible();
      await expect(page).toHaveURL(`${BASE_URL}/admin/banners/banner-3`);
      // The typed title is kept.
      await expect(page.getByLabel("Título *")).toHaveValue(/^Não deve salvar /);
      expect(await row("banner-3")).toEqual(before);
    });

    test("an empty title and a bad link are refused with their messages", async ({ page }) => {
      const before = await row("banner-3");
      await openEditForm(page, "banner-3", js);
      await page.getByLabel("Título *").fill("");
      await page.getByLabel("Mostrar no desktop").uncheck();
      await page.getByLabel("Mostrar no mobile").uncheck();
      await page.getByLabel("Link").fill("javascript:alert(1)");
      await page.getByRole("button", { name: "Salvar alterações" }).click();
      await expect(page.getByText(BANNER_FORM_MESSAGES.titleRequired)).toBeVisible();
      await expect(page.getByText(BANNER_FORM_MESSAGES.link)).toBeVisible();
      await expect(page.getByText(BANNER_FORM_MESSAGES.deviceRequired)).toBeVisible();
      await expect(page.getByLabel("Link")).toHaveValue("javascript:alert(1)");
      expect(await row("banner-3")).toEqual(before);
    });

    test("deactivating a banner removes it from the home; activating brings it back", async ({ page }) => {
      await page.goto("/admin/banners");
      await page.getByRole("button", { name: `Desativar ${B3.title}` }).click();
      await expect(toast(page)).toContainText("Banner desativado");
      const home = await fetchHome(page);
      await expect(page.getByTestId("banner-count")).toHaveText("2 de 3 banners ativos • 3 total");
      await expect(page.getByTestId("banner-card-banner-3").getByText("Inativo", { exact: true })).toBeVisible();
      expect((await row("banner-3")).is_active).toBe(0);
      await page.getByRole("button", { name: `Ativar ${B3.title}` }).click();
      await expect(toast(page)).toContainText("Banner ativado");
      await expect(page.getByTestId("banner-count")).toHaveText("3 de 3 banners ativos • 3 total");
      expect((await row("banner-3")).is_active).toBe(1);

      await showHome(page, home);
      await expect(slider(page).getByRole("heading", { name: DEFAULT_BANNERS[0].title })).toBeAttached();
      await expect(slider(page).getByRole("heading", { name: B3.title })).toHaveCount(0);
      await page.goto("/");
      await expect(slider(page).getByRole("heading", { name: B3.title })).toBeAttached();
    });

    test("adding and deleting banners are refused with the spec messages", async ({ page }) => {
      await page.goto("/admin/banners");
      await page.getByRole("button", { name: "Novo Banner" }).click();
      await expect(toast(page)).toContainText(BANNER_MESSAGES.addRefused);
      await page.getByRole("button", { name: `Excluir ${B3.title}` }).click();
      await expect(toast(page)).toContainText(BANNER_MESSAGES.deleteRefused);
      await expect(page.getByTestId("banner-count")).toHaveText("3 de 3 banners ativos • 3 total");
      expect(await count("banners")).toBe(3);
    });

    test("Restaurar padrões asks for confirmation and restores the three defaults", async ({ page }) => {
      // Changes the public-site tests do not look at (titles keep the default
      // as a substring; buttons, links and the active flag stay).
      await appDb()
        .updateTable("banners")
        .set((eb) => ({
          title: eb("title", "||", " (alterado)"),
          subtitle: "Outro subtítulo",
          show_on_mobile: 0,
          mobile_image_url: eb.ref("image_url"),
        }))
        .execute();
      await page.goto("/admin/banners");
      await expect(page.getByTestId("banner-card-banner-1").getByRole("heading")).toHaveText(
        `${DEFAULT_BANNERS[0].title} (alterado)`,
      );
      await expect(page.getByTestId("banner-card-banner-1").getByText("Mobile", { exact: true })).toHaveCount(0);
      const confirm = page.getByRole("button", { name: "Confirmar restauração" });
      await expect(confirm).toBeHidden();
      await page.getByText("Restaurar padrões").click();
      await confirm.click();
      await expect(toast(page)).toContainText("Banners restaurados");
      await expect(toast(page)).toContainText("Os 3 banners padrão foram restaurados.");
      for (const b of DEFAULT_BANNERS) {
        await expect(page.getByTestId(`banner-card-${b.id}`).getByRole("heading")).toHaveText(b.title);
        const { position: _position, ...values } = b;
        expect(await row(b.id)).toMatchObject({ ...values, is_active: 1, show_on_desktop: 1, show_on_mobile: 1 });
      }
      expect((await row("banner-1")).title).toBe("Três Lagoas vista do alto");
    });
  });
}

test("a new image is stored as WebP crops, shown on the home, and removed by Restaurar padrões", async ({ page }) => {
  const before = uploadedFiles();
  await openEditForm(page, "banner-3");
  const photo = { name: "foto.png", mimeType: "image/png", buffer: await png(2000, 1200, [200, 40, 40]) };
  // The preview (JavaScript) shows the chosen file before it is sent.
  await page.getByLabel("Imagem desktop").setInputFiles(photo);
  await expect(page.getByRole("img", { name: "Prévia da nova imagem" })).toHaveAttribute("src", /^blob:/);
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(toast(page)).toContainText("Banner atualizado");

  const saved = await row("banner-3");
  expect(saved.image_url).toMatch(/^\/uploads\/banners\/[a-f0-9]{32}\.webp$/);
  expect(saved.mobile_image_url).toMatch(/^\/uploads\/banners\/[a-f0-9]{32}-m\.webp$/);
  const desktopFile = path.join(BANNER_DIR, path.basename(saved.image_url));
  const mobileFile = path.join(BANNER_DIR, path.basename(saved.mobile_image_url));
  expect(await sharp(desktopFile).metadata()).toMatchObject({ format: "webp", width: 1600, height: 600 });
  expect(await sharp(mobileFile).metadata()).toMatchObject({ format: "webp", width: 768, height: 960 });

  await page.goto("/");
  const slide = slider(page).locator("#slide-banner-3");
  await expect(slide.locator("source")).toHaveAttribute("srcset", saved.image_url);
  await expect(slide.locator("img")).toHaveAttribute("src", saved.mobile_image_url);
  const served = await page.request.get(saved.image_url);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toContain("image/webp");

  // A separate mobile image replaces only the mobile crop; the old one is deleted.
  await openEditForm(page, "banner-3");
  await page.getByLabel("Imagem mobile (opcional)").setInputFiles({
    name: "mobile.jpg",
    mimeType: "image/jpeg",
    buffer: await sharp(await png(900, 1600, [40, 40, 200]))
      .jpeg()
      .toBuffer(),
  });
  await page.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(toast(page)).toContainText("Banner atualizado");
  const second = await row("banner-3");
  expect(second.image_url).toBe(saved.image_url);
  expect(second.mobile_image_url).not.toBe(saved.mobile_image_url);
  expect(fs.existsSync(mobileFile)).toBe(false);
  expect(fs.existsSync(path.join(BANNER_DIR, path.basename(second.mobile_image_url)))).toBe(true);

  // Restaurar padrões puts the default images back and deletes the uploads.
  await page.goto("/admin/banners");
  await page.getByText("Restaurar padrões").click();
  await page.getByRole("button", { name: "Confirmar restauração" }).click();
  await expect(toast(page)).toContainText("Banners restaurados");
  expect(await row("banner-3")).toMatchObject({ image_url: B3.image_url, mobile_image_url: B3.mobile_image_url });
  expect(uploadedFiles()).toEqual(before);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an image upload works as a plain form post; an empty button text becomes Ver detalhes", async ({ page }) => {
    await page.goto("/admin/banners/banner-3");
    await page.getByLabel("Texto do botão").fill("");
    await page.getByLabel("Imagem desktop").setInputFiles({
      name: "foto.webp",
      mimeType: "image/webp",
      buffer: await sharp(await png(1700, 700, [20, 160, 60]))
        .webp()
        .toBuffer(),
    });
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(toast(page)).toContainText("Banner atualizado");
    const saved = await row("banner-3");
    expect(saved.image_url).toMatch(/^\/uploads\/banners\/[a-f0-9]{32}\.webp$/);
    expect(saved.btn_text).toBe("Ver detalhes");
    expect(fs.existsSync(path.join(BANNER_DIR, path.basename(saved.image_url)))).toBe(true);
    await page.goto("/");
    await expect(slider(page).locator("#slide-banner-3 source")).toHaveAttribute("srcset", saved.image_url);
  });

  test("a text file named .png is refused and nothing is stored", async ({ page }) => {
    const before = await row("banner-3");
    const files = uploadedFiles();
    await page.goto("/admin/banners/banner-3");
    await page.getByLabel("Título *").fill(`Com arquivo falso ${uniq()}`);
    await page.getByLabel("Imagem desktop").setInputFiles({
      name: "foto.png",
      mimeType: "image/png",
      buffer: Buffer.from("isto não é uma imagem\n".repeat(20)),
    });
    const response = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    expect((await response).status()).toBe(400);
    await expect(page.getByText(BANNER_FORM_MESSAGES.imageType)).toBeVisible();
    await expect(page.getByLabel("Título *")).toHaveValue(/^Com arquivo falso /);
    expect(await row("banner-3")).toEqual(before);
    expect(uploadedFiles()).toEqual(files);
  });
});

test("an image over 5 MB is refused without storing anything", async ({ page }) => {
  const before = await row("banner-3");
  const files = uploadedFiles();
  const res = await page.request.post("/admin/banners/banner-3", {
    headers: { Origin: BASE_URL },
    multipart: {
      title: "Grande demais",
      show_on_desktop: "on",
      image: { name: "grande.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
    },
  });
  expect(res.status()).toBe(400);
  const html = await res.text();
  expect(html).toContain(BANNER_FORM_MESSAGES.imageTooLarge);
  // A photo a bit over the limit: the typed title comes back with the message.
  expect(html).toContain('value="Grande demais"');
  expect(await row("banner-3")).toEqual(before);
  expect(uploadedFiles()).toEqual(files);
});

test("a 16 MB camera photo gets the form back with the size message, not a reset connection", async ({ page }) => {
  const before = await row("banner-3");
  const files = uploadedFiles();
  const big = Buffer.alloc(16 * 1024 * 1024, 7);
  (await png(400, 300, [10, 20, 30])).copy(big); // real PNG bytes first: only the size is wrong
  const res = await page.request.post("/admin/banners/banner-3", {
    headers: { Origin: BASE_URL },
    multipart: {
      title: "Foto do celular",
      show_on_desktop: "on",
      image: { name: "celular.png", mimeType: "image/png", buffer: big },
    },
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain(BANNER_FORM_MESSAGES.imageTooLarge);
  expect(await row("banner-3")).toEqual(before);
  expect(uploadedFiles()).toEqual(files);
});

// Formats sharp could decode and re-encode: only the content check refuses them.
for (const [label, file] of [
  [
    "a real GIF named .png",
    async () => ({
      name: "animada.png",
      mimeType: "image/png",
      buffer: await sharp(await png(64, 48, [30, 90, 160]))
        .gif()
        .toBuffer(),
    }),
  ],
  [
    "an SVG named .png",
    async () => ({
      name: "vetor.png",
      mimeType: "image/png",
      buffer: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600"><rect width="1600" height="600" fill="#3366aa"/></svg>',
      ),
    }),
  ],
] as const) {
  test(`${label} is refused and nothing is stored`, async ({ page }) => {
    const before = await row("banner-3");
    const files = uploadedFiles();
    const res = await page.request.post("/admin/banners/banner-3", {
      headers: { Origin: BASE_URL },
      multipart: { title: `Formato ${uniq()}`, show_on_desktop: "on", image: await file() },
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain(BANNER_FORM_MESSAGES.imageType);
    expect(await row("banner-3")).toEqual(before);
    expect(uploadedFiles()).toEqual(files);
  });
}

test("ids outside banner-1..3 are a 404 to edit and refused to post", async ({ page }) => {
  const res = await page.goto("/admin/banners/banner-9");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Banner não encontrado" })).toBeVisible();

  const toggle = await page.request.post("/admin/banners", {
    form: { intent: "toggle", id: "banner-9" },
    headers: { Origin: BASE_URL },
  });
  expect(await toggle.text()).toContain(BANNER_MESSAGES.onlyFixed);
  const edit = await page.request.post("/admin/banners/banner-9", {
    multipart: { title: "X", show_on_desktop: "on" },
    headers: { Origin: BASE_URL },
  });
  expect(await edit.text()).toContain(BANNER_MESSAGES.onlyFixed);
  const add = await page.request.post("/admin/banners", { form: { intent: "add" }, headers: { Origin: BASE_URL } });
  expect(await add.text()).toContain(BANNER_MESSAGES.addRefused);
  expect(await count("banners")).toBe(3);
});

test("the banner pages require a staff session", async ({ page, context }) => {
  await context.clearCookies();
  await page.goto("/admin/banners/banner-3");
  await expect(page).toHaveURL(`${BASE_URL}/admin`);
  const post = await page.request.post("/admin/banners", {
    form: { intent: "restore" },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(302);
  expect((await row("banner-1")).title).toBe(DEFAULT_BANNERS[0].title);
});
