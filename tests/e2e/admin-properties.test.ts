import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { appDb, count } from "#tests/fixtures/db";
import { BASE_URL, uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { E2E_UPLOADS } from "#tests/setup/paths";

// "Gestão de Imóveis" (issue 3): the admin list, the property form (new and
// edit, with and without JavaScript), uploads and their checks, the row
// actions, and what the public site shows afterwards. Two workers share the
// server and the database: every property has a unique name and no test
// counts rows it did not create. Only this file writes listing images, and its
// tests run in order in one worker, so the image folder may be counted.

const PROPERTIES_DIR = path.join(E2E_UPLOADS, "public", "properties");

type Upload = { name: string; mimeType: string; buffer: Buffer };

async function jpeg(name: string, background = "#88aacc"): Promise<Upload> {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

function byName(name: string) {
  return appDb().selectFrom("properties").selectAll().where("name", "=", name).executeTakeFirst();
}

function imagesOf(id: number) {
  return appDb()
    .selectFrom("property_images")
    .select(["id", "position", "file_key", "widths"])
    .where("property_id", "=", id)
    .orderBy("position")
    .execute();
}

// The WebP variants and the JPEG copy for the portal feed (decision 0012).
function filesOf(img: { file_key: string; widths: string }) {
  return [
    ...(JSON.parse(img.widths) as number[]).map((w) => path.join(PROPERTIES_DIR, `${img.file_key}-${w}.webp`)),
    path.join(PROPERTIES_DIR, `${img.file_key}.jpg`),
  ];
}

function storedFileCount() {
  return fs.existsSync(PROPERTIES_DIR) ? fs.readdirSync(PROPERTIES_DIR).length : 0;
}

const toast = (page: Page) => page.getByTestId("toast");

function validFields(name: string): Record<string, string> {
  return {
    name,
    type: "Casa",
    status: "ready",
    category: "Imóveis Usados",
    location: "Rua das Palmeiras, 45 - Centro, Três Lagoas - MS",
    price: "350.000,00",
    area: "150",
    bedrooms: "3",
    suites: "1",
    bathrooms: "2",
    parking_spaces: "2",
    description: "Casa de teste com quintal.",
    standard: "MEDIO PADRÃO",
    advertised_for: "COMPRA",
  };
}

// A raw multipart post, as a script or an old browser would send it.
function post(page: Page, url: string, fields: Record<string, string | string[]>, files: Upload[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) form.append(k, x);
  for (const f of files) form.append("images", new File([new Uint8Array(f.buffer)], f.name, { type: f.mimeType }));
  return page.request.post(url, { multipart: form, headers: { Origin: BASE_URL }, maxRedirects: 0 });
}

// A property created through the form's action, with `n` images.
async function createProperty(page: Page, extra: Record<string, string> = {}, n = 2) {
  const name = `Imóvel E2E ${uniq()}`;
  const files = await Promise.all(
    Array.from({ length: n }, (_, i) => jpeg(`foto-${i + 1}.jpg`, ["#aa3333", "#33aa33", "#3333aa", "#aaaa33"][i % 4])),
  );
  const response = await post(page, "/admin/properties/new", { ...validFields(name), ...extra }, files);
  expect(response.status()).toBe(302);
  const row = await byName(name);
  expect(row).toBeTruthy();
  return row!;
}

async function fillForm(page: Page, values: Record<string, string>) {
  const form = page.locator("form#property-form");
  for (const [name, value] of Object.entries(values)) {
    const field = form.locator(`[name="${name}"]`);
    if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
}

function fieldError(page: Page, name: string) {
  return page.locator(`form#property-form [name="${name}"]`).locator("xpath=following-sibling::p[last()]");
}

async function submit(page: Page, label: string) {
  await page.locator("form#property-form").getByRole("button", { name: label }).click();
}

async function ready(page: Page, js: boolean) {
  await expect(page.locator("fieldset[data-js]")).toHaveAttribute("data-js", js ? "on" : "off");
}

test.beforeEach(async ({ signInAs }) => {
  await signInAs("admin");
});

test.describe("create", () => {
  for (const js of [true, false]) {
    test.describe(js ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled: js });

      test("a new property with images is stored, listed and published", async ({ page }) => {
        const name = `Casa Nova ${js ? "JS" : "HTML"} ${uniq()}`;
        await page.goto("/admin/properties");
        await page.getByRole("link", { name: "Novo Imóvel" }).click();
        await expect(page).toHaveURL(/\/admin\/properties\/new$/);
        await expect(page.getByRole("heading", { level: 1, name: "Novo Imóvel" })).toBeVisible();
        await ready(page, js);
        // The spec's defaults.
        const form = page.locator("form#property-form");
        await expect(form.locator('[name="type"]')).toHaveValue("Apartamento");
        await expect(form.locator('[name="status"]')).toHaveValue("ready");
        await expect(form.locator('[name="category"]')).toHaveValue("Lançamentos de Empreendimentos Imobiliários");
        await expect(form.locator('[name="standard"]')).toHaveValue("ALTO PADRÃO");
        await expect(form.locator('[name="advertised_for"]')).toHaveValue("COMPRA");
        await expect(form.locator('[name="featured"]')).toBeChecked();
        await expect(form.locator('[name="is_exclusive"]')).not.toBeChecked();
        await expect(page.getByTestId("image-counter")).toHaveText("0/10");
        await expect(form.getByText("É obrigatório adicionar pelo menos 1 imagem", { exact: true })).toBeVisible();
        expect(await form.locator('[name="description"]').evaluate((el) => getComputedStyle(el).minHeight)).toBe(
          "120px",
        );

        await fillForm(page, {
          name,
          location: "Rua Ipê, 200 - Jardim Alvorada, Três Lagoas - MS",
          area: "180",
          bedrooms: "3",
          suites: "1",
          description: "Casa ampla.",
        });
        await form.locator('[name="price"]').fill(js ? "450.000,00" : "SOB CONSULTA");
        await form.locator('[name="advertised_for"]').selectOption("LOCAÇÃO");
        if (!js) await form.locator('[name="featured"]').uncheck();
        await page
          .getByLabel("Adicionar imagens")
          .setInputFiles([await jpeg("sala.jpg", "#224466"), await jpeg("cozinha.jpg", "#664422")]);
        if (js) {
          await expect(page.getByTestId("image-counter")).toHaveText("2/10");
          await expect(page.getByTestId("new-image-preview")).toHaveCount(2);
          await expect(page.getByTestId("new-image-preview").first().locator("img")).toHaveAttribute("src", /^blob:/);
        }
        await submit(page, "Cadastrar imóvel");

        await expect(toast(page)).toContainText(
          js ? "Imóvel cadastrado e publicado como destaque!" : "Imóvel cadastrado com sucesso!",
        );
        await expect(page).toHaveURL(`${BASE_URL}/admin/properties`);
        const row = (await byName(name))!;
        expect(row).toMatchObject({
          type: "Apartamento",
          status: "ready",
          area: 180,
          bedrooms: 3,
          suites: 1,
          bathrooms: 0,
          parking_spaces: 0,
          price_cents: js ? 450_000_00 : null,
          featured: js ? 1 : 0,
          is_exclusive: 0,
          advertised_for: "LOCAÇÃO",
          standard: "ALTO PADRÃO",
        });
        expect(row.property_code).toBeGreaterThan(0);
        expect(row.search_text).toContain("casa nova");
        expect(String(row.created_at)).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
        const images = await imagesOf(row.id);
        expect(images.map((i) => i.position)).toEqual([0, 1]);
        for (const img of images) for (const file of filesOf(img)) expect(fs.existsSync(file), file).toBe(true);

        const listed = page.getByTestId("property-row").filter({ hasText: name });
        await expect(listed).toContainText(`#${String(row.property_code).padStart(4, "0")}`);
        await expect(listed).toContainText(js ? "R$ 450.000,00" : "SOB CONSULTA");
        await expect(listed).toContainText("LOCAÇÃO");

        await page.goto(`/imoveis/${row.id}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
        await expect(page.getByTestId("property-price")).toContainText(js ? "R$ 450.000,00" : "SOB CONSULTA");
        await expect(page.getByRole("link", { name: /Abrir foto 1 de 2/ })).toHaveAttribute(
          "href",
          new RegExp(images[0].file_key),
        );
      });
    });
  }

  test("with JavaScript the picker stops at 10 images", async ({ page }) => {
    await page.goto("/admin/properties/new");
    await ready(page, true);
    const eleven = await Promise.all(Array.from({ length: 11 }, (_, i) => jpeg(`f${i}.jpg`)));
    await page.getByLabel("Adicionar imagens").setInputFiles(eleven);
    await expect(page.getByTestId("image-counter")).toHaveText("10/10");
    await expect(page.getByText("Cada imóvel pode ter no máximo 10 imagens.")).toBeVisible();
    await expect(page.locator("input#images")).toBeDisabled();
  });
});

test.describe("edit", () => {
  test("with JavaScript: name, price, removed image and new order reach the public page", async ({ page }) => {
    const row = await createProperty(page, {}, 3);
    const [a, b, c] = await imagesOf(row.id);
    await page.goto("/admin/properties");
    await page.getByTestId("property-row").filter({ hasText: row.name }).getByRole("link", { name: "Editar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Editar Imóvel" })).toBeVisible();
    await ready(page, true);
    const form = page.locator("form#property-form");
    await expect(form.locator('[name="price"]')).toHaveValue("350.000,00");
    await expect(page.getByTestId("existing-image")).toHaveCount(3);
    await expect(page.getByTestId("image-counter")).toHaveText("3/10");

    const newName = `${row.name} editado`;
    await form.locator('[name="name"]').fill(newName);
    await form.locator('[name="price"]').fill("399.900,50");
    // Third image up twice: it becomes the first; then the old cover goes.
    await page.getByRole("button", { name: "Mover imagem 3 para cima" }).click();
    await page.getByRole("button", { name: "Mover imagem 2 para cima" }).click();
    await expect(page.getByTestId("existing-image").first()).toHaveAttribute("data-file-key", c.file_key);
    await page.locator(`[data-testid="existing-image"][data-file-key="${a.file_key}"]`).getByLabel("Remover").check();
    await page.getByTestId("existing-image").first().getByLabel("Definir como capa").check();
    await expect(page.getByTestId("image-counter")).toHaveText("2/10");
    await submit(page, "Salvar alterações");

    await expect(toast(page)).toContainText("Imóvel atualizado com sucesso!");
    const updated = (await byName(newName))!;
    expect(updated.id).toBe(row.id);
    expect(updated.price_cents).toBe(399_900_50);
    expect(updated.search_text).toContain("editado");
    expect(String(updated.updated_at) > String(row.updated_at)).toBe(true);
    expect((await imagesOf(row.id)).map((i) => i.file_key)).toEqual([c.file_key, b.file_key]);
    for (const file of filesOf(a)) expect(fs.existsSync(file)).toBe(false);
    for (const file of [...filesOf(b), ...filesOf(c)]) expect(fs.existsSync(file)).toBe(true);

    await page.goto(`/imoveis/${row.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newName);
    await expect(page.getByTestId("property-price")).toContainText("R$ 399.900,50");
    await expect(page.getByRole("link", { name: /Abrir foto 1 de 2/ })).toHaveAttribute("href", new RegExp(c.file_key));
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("remove an image, pick another cover, reorder by position, add one", async ({ page }) => {
      const row = await createProperty(page, {}, 3);
      const [a, b, c] = await imagesOf(row.id);
      await page.goto(`/admin/properties/${row.id}/edit`);
      await ready(page, false);
      const newName = `${row.name} sem JS`;
      await fillForm(page, { name: newName, price: "SOB CONSULTA" });
      await page.getByTestId("existing-image").nth(0).getByLabel("Remover").check();
      await page.getByTestId("existing-image").nth(1).getByLabel("Posição").selectOption("3");
      await page.getByTestId("existing-image").nth(2).getByLabel("Definir como capa").check();
      await page.getByLabel("Adicionar imagens").setInputFiles([await jpeg("nova.jpg", "#ffffff")]);
      await submit(page, "Salvar alterações");

      await expect(toast(page)).toContainText("Imóvel atualizado com sucesso!");
      const updated = (await byName(newName))!;
      expect(updated.price_cents).toBeNull();
      const images = await imagesOf(row.id);
      expect(images.map((i) => i.position)).toEqual([0, 1, 2]);
      expect(images.slice(0, 2).map((i) => i.file_key)).toEqual([c.file_key, b.file_key]);
      for (const file of filesOf(images[2])) expect(fs.existsSync(file)).toBe(true);
      for (const file of filesOf(a)) expect(fs.existsSync(file)).toBe(false);

      await page.goto(`/imoveis/${row.id}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(newName);
      await expect(page.getByTestId("property-price")).toContainText("SOB CONSULTA");
      await expect(page.getByRole("link", { name: /Abrir foto 1 de 3/ })).toHaveAttribute(
        "href",
        new RegExp(c.file_key),
      );
    });

    test("removing the last image is refused and nothing changes", async ({ page }) => {
      const row = await createProperty(page, {}, 1);
      const [only] = await imagesOf(row.id);
      await page.goto(`/admin/properties/${row.id}/edit`);
      await page.locator('form#property-form [name="name"]').fill(`${row.name} X`);
      await page.getByTestId("existing-image").first().getByLabel("Remover").check();
      await submit(page, "Salvar alterações");
      await expect(page.locator("#images-error")).toHaveText("É necessário adicionar pelo menos 1 imagem do imóvel.");
      await expect(page.locator('form#property-form [name="name"]')).toHaveValue(`${row.name} X`);
      expect((await byName(row.name))?.id).toBe(row.id);
      expect((await imagesOf(row.id)).map((i) => i.file_key)).toEqual([only.file_key]);
      for (const file of filesOf(only)) expect(fs.existsSync(file)).toBe(true);
    });
  });

  test("an unknown property answers 404", async ({ page }) => {
    const response = await page.goto("/admin/properties/99999999/edit");
    expect(response?.status()).toBe(404);
    const posted = await post(
      page,
      "/admin/properties/99999999/edit",
      { ...validFields(`Fantasma ${uniq()}`), id: "99999999" },
      [await jpeg("x.jpg")],
    );
    expect(posted.status()).toBe(404);
  });
});

test.describe("list actions", () => {
  test.use({ javaScriptEnabled: false });

  test("delete asks for confirmation, then removes the row, its images and files", async ({ page }) => {
    const row = await createProperty(page, {}, 2);
    const images = await imagesOf(row.id);
    await page.goto("/admin/properties");
    const listed = page.getByTestId("property-row").filter({ hasText: row.name });
    await expect(listed.getByRole("button", { name: "Confirmar exclusão" })).toBeHidden();
    await listed.getByText("Excluir", { exact: true }).click();
    await listed.getByRole("button", { name: "Confirmar exclusão" }).click();
    await expect(toast(page)).toContainText("Imóvel excluído com sucesso");
    await expect(page.getByTestId("property-row").filter({ hasText: row.name })).toHaveCount(0);
    expect(await count("properties", (eb) => eb("id", "=", row.id))).toBe(0);
    expect(await count("property_images", (eb) => eb("property_id", "=", row.id))).toBe(0);
    for (const img of images) for (const file of filesOf(img)) expect(fs.existsSync(file)).toBe(false);
    expect((await page.goto(`/imoveis/${row.id}`))?.status()).toBe(404);
  });

  test("an unknown or missing id gives the failure toasts, never a 500", async ({ page }) => {
    for (const [intent, message] of [
      ["delete", "Não foi possível excluir o imóvel."],
      ["toggle-featured", "Não foi possível alterar o status de destaque."],
    ]) {
      for (const id of ["99999999", "", "abc"]) {
        const response = await page.request.post("/admin/properties", {
          form: { intent, id },
          headers: { Origin: BASE_URL },
        });
        expect(response.status()).toBe(200);
        expect(await response.text()).toContain(message);
      }
    }
  });

  test("the feature toggle shows on the Destaques tab and the home page", async ({ page }) => {
    const row = await createProperty(page, { featured: "" }, 1);
    expect(row.featured).toBe(0);
    const destaques = page.locator("section[aria-labelledby=destaques-title]");
    await page.goto("/");
    await expect(destaques).not.toContainText(row.name);

    await page.goto("/admin/properties");
    await page
      .getByTestId("property-row")
      .filter({ hasText: row.name })
      .getByRole("button", { name: "Adicionar aos destaques" })
      .click();
    await expect(toast(page)).toContainText("Imóvel adicionado aos destaques");
    expect((await byName(row.name))?.featured).toBe(1);
    await page.goto("/admin/properties?aba=destaques");
    await expect(page.getByTestId("property-row").filter({ hasText: row.name })).toHaveCount(1);
    await page.goto("/");
    await expect(destaques).toContainText(row.name);

    await page.goto("/admin/properties?aba=destaques");
    await page
      .getByTestId("property-row")
      .filter({ hasText: row.name })
      .getByRole("button", { name: "Remover dos destaques" })
      .click();
    await expect(toast(page)).toContainText("Imóvel removido dos destaques");
    await expect(page).toHaveURL(`${BASE_URL}/admin/properties?aba=destaques`);
    await expect(page.getByTestId("property-row").filter({ hasText: row.name })).toHaveCount(0);
    await page.goto("/");
    await expect(destaques).not.toContainText(row.name);
  });

  test("tabs and the modality filter", async ({ page }) => {
    const sale = await createProperty(page, { advertised_for: "COMPRA" }, 1);
    const rent = await createProperty(page, { advertised_for: "LOCAÇÃO" }, 1);
    await page.goto("/admin/properties");
    await expect(page.getByRole("heading", { level: 1, name: "Gestão de Imóveis" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Todos os Imóveis", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // Newest first.
    const rows = page.getByTestId("property-row");
    const ids = await rows.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-id"))));
    expect(ids.indexOf(rent.id)).toBeLessThan(ids.indexOf(sale.id));
    await page.getByLabel("Filtrar por modalidade").selectOption("LOCAÇÃO");
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/modalidade=LOCA%C3%87%C3%83O/);
    await expect(rows.filter({ hasText: rent.name })).toHaveCount(1);
    await expect(rows.filter({ hasText: sale.name })).toHaveCount(0);
    await page.getByRole("link", { name: "Destaques", exact: true }).click();
    await expect(page).toHaveURL(/aba=destaques/);
    await expect(page.getByLabel("Filtrar por modalidade")).toHaveValue("LOCAÇÃO");
  });
});

test.describe("bad input stores nothing", () => {
  test.use({ javaScriptEnabled: false });

  async function expectRefused(page: Page, name: string, filesBefore: number) {
    expect(await count("properties", (eb) => eb("name", "=", name))).toBe(0);
    expect(storedFileCount()).toBe(filesBefore);
    await expect(page.locator('form#property-form [name="name"]')).toHaveValue(name);
  }

  async function openNew(page: Page, name: string) {
    await page.goto("/admin/properties/new");
    await fillForm(page, { ...validFields(name), description: "Mantida após o erro." });
  }

  test("a text file named .jpg", async ({ page }) => {
    const name = `Texto ${uniq()}`;
    const before = storedFileCount();
    await openNew(page, name);
    await page
      .getByLabel("Adicionar imagens")
      .setInputFiles([
        await jpeg("ok.jpg"),
        { name: "falsa.jpg", mimeType: "image/jpeg", buffer: Buffer.from("isto não é uma imagem\n".repeat(50)) },
      ]);
    await submit(page, "Cadastrar imóvel");
    await expect(page.locator("#images-error")).toContainText("Apenas imagens JPG, PNG ou WEBP de até 5 MB.");
    await expect(page.locator('form#property-form [name="description"]')).toHaveValue("Mantida após o erro.");
    await expectRefused(page, name, before);
  });

  // Images that sharp could decode and re-encode: only the content check
  // (JPEG, PNG or WebP by magic bytes) refuses them.
  for (const [label, file] of [
    [
      "a real GIF named .jpg",
      async () => ({
        name: "animada.jpg",
        mimeType: "image/jpeg",
        buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366aa" } })
          .gif()
          .toBuffer(),
      }),
    ],
    [
      "an SVG named .jpg",
      async () => ({
        name: "vetor.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="#3366aa"/></svg>',
        ),
      }),
    ],
  ] as const) {
    test(label, async ({ page }) => {
      const name = `Formato ${uniq()}`;
      const before = storedFileCount();
      await openNew(page, name);
      await page.getByLabel("Adicionar imagens").setInputFiles([await jpeg("ok.jpg"), await file()]);
      await submit(page, "Cadastrar imóvel");
      await expect(page.locator("#images-error")).toContainText("Apenas imagens JPG, PNG ou WEBP de até 5 MB.");
      await expectRefused(page, name, before);
    });
  }

  test("an 11th image", async ({ page }) => {
    const name = `Onze ${uniq()}`;
    const before = storedFileCount();
    await openNew(page, name);
    await page
      .getByLabel("Adicionar imagens")
      .setInputFiles(await Promise.all(Array.from({ length: 11 }, (_, i) => jpeg(`f${i}.jpg`))));
    await submit(page, "Cadastrar imóvel");
    await expect(page.locator("#images-error")).toHaveText("Cada imóvel pode ter no máximo 10 imagens.");
    await expectRefused(page, name, before);
  });

  test("an 11th image on edit (10 kept + 1 new)", async ({ page }) => {
    const row = await createProperty(page, {}, 10);
    const before = storedFileCount();
    await page.goto(`/admin/properties/${row.id}/edit`);
    await expect(page.getByTestId("image-counter")).toHaveText("10/10");
    await page.getByLabel("Adicionar imagens").setInputFiles([await jpeg("f11.jpg")]);
    await submit(page, "Salvar alterações");
    await expect(page.locator("#images-error")).toHaveText("Cada imóvel pode ter no máximo 10 imagens.");
    expect(await imagesOf(row.id)).toHaveLength(10);
    expect(storedFileCount()).toBe(before);
  });

  test("a 6 MB file", async ({ page }) => {
    const name = `Grande ${uniq()}`;
    const before = storedFileCount();
    await openNew(page, name);
    const big = Buffer.alloc(6 * 1024 * 1024);
    (await jpeg("x.jpg")).buffer.copy(big); // real JPEG bytes first: only the size is wrong
    await page
      .getByLabel("Adicionar imagens")
      .setInputFiles([{ name: "enorme.jpg", mimeType: "image/jpeg", buffer: big }]);
    await submit(page, "Cadastrar imóvel");
    await expect(page.locator("#images-error")).toContainText("Apenas imagens JPG, PNG ou WEBP de até 5 MB.");
    await expectRefused(page, name, before);
  });

  test("a missing name and no image: the spec's messages, in order", async ({ page }) => {
    const before = storedFileCount();
    const location = `Rua Sem Nome ${uniq()}`;
    await page.goto("/admin/properties/new");
    await fillForm(page, { ...validFields("   "), location });
    await submit(page, "Cadastrar imóvel");
    await expect(fieldError(page, "name")).toHaveText("O nome do imóvel é obrigatório.");
    await expect(page.locator("#images-error")).toHaveText("É necessário adicionar pelo menos 1 imagem do imóvel.");
    await expect(page.getByRole("alert").first()).toContainText("O nome do imóvel é obrigatório.");
    await expect(page.locator('form#property-form [name="location"]')).toHaveValue(location);
    expect(await count("properties", (eb) => eb("location", "=", location))).toBe(0);
    expect(storedFileCount()).toBe(before);
  });

  test("raw posts: negative area, bad price, unknown category and options", async ({ page }) => {
    const before = storedFileCount();
    const cases: [Record<string, string>, string, string][] = [
      [{ area: "-5" }, "area", "O valor não pode ser negativo."],
      [{ bedrooms: "-1" }, "bedrooms", "O valor não pode ser negativo."],
      [{ price: "muito caro" }, "price", "Informe um preço válido"],
      [{ price: "" }, "price", "O preço do imóvel é obrigatório."],
      [{ location: "" }, "location", "A localização do imóvel é obrigatória."],
      [{ area: "" }, "area", "A área do imóvel é obrigatória."],
      [{ category: "Castelos Medievais" }, "category", "Escolha uma opção da lista."],
      [{ type: "Iate" }, "type", "Escolha uma opção da lista."],
      [{ standard: "LUXO" }, "standard", "Escolha uma opção da lista."],
      [{ advertised_for: "PERMUTA" }, "advertised_for", "Escolha uma opção da lista."],
      [{ status: "sold" }, "status", "Escolha uma opção da lista."],
    ];
    for (const [override, field, message] of cases) {
      const name = `Bruto ${field} ${uniq()}`;
      const response = await post(page, "/admin/properties/new", { ...validFields(name), ...override }, [
        await jpeg("a.jpg"),
      ]);
      expect(response.status(), JSON.stringify(override)).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain(`value="${name}"`);
      expect(await count("properties", (eb) => eb("name", "=", name))).toBe(0);
    }
    expect(storedFileCount()).toBe(before);
  });

  test("raw posts past the stream's hard limits: a field error, not a 500", async ({ page }) => {
    const before = storedFileCount();
    const small = await jpeg("a.jpg");
    const huge = { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(9 * 1024 * 1024) };
    const many = Array.from({ length: 21 }, (_, i) => ({ ...small, name: `m${i}.jpg` }));
    for (const [files, message] of [
      [[huge], "Apenas imagens JPG, PNG ou WEBP de até 5 MB."],
      [many, "Cada imóvel pode ter no máximo 10 imagens."],
    ] as const) {
      const name = `Limite ${uniq()}`;
      const response = await post(page, "/admin/properties/new", validFields(name), [...files]);
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain(message);
      expect(await count("properties", (eb) => eb("name", "=", name))).toBe(0);
    }
    expect(storedFileCount()).toBe(before);
  });

  test("a forged id touches no other property", async ({ page }) => {
    const a = await createProperty(page, {}, 2);
    const b = await createProperty(page, {}, 1);
    const aImages = await imagesOf(a.id);
    const bImages = await imagesOf(b.id);
    const before = storedFileCount();

    // A's form posted to B's URL.
    const forged = await post(
      page,
      `/admin/properties/${b.id}/edit`,
      { ...validFields("Forjado"), id: String(a.id), remove_image: String(aImages[0].id) },
      [await jpeg("f.jpg")],
    );
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain("Este formulário não corresponde ao imóvel em edição.");
    // B's own form trying to remove or reorder A's images: they are ignored.
    const ok = await post(page, `/admin/properties/${b.id}/edit`, {
      ...validFields(b.name),
      id: String(b.id),
      remove_image: [String(aImages[0].id), String(aImages[1].id)],
      cover_image: String(aImages[1].id),
      [`image_position_${aImages[0].id}`]: "1",
    });
    expect(ok.status()).toBe(302);

    expect((await byName(a.name))?.id).toBe(a.id);
    expect((await byName(b.name))?.id).toBe(b.id);
    expect(await count("properties", (eb) => eb("name", "=", "Forjado"))).toBe(0);
    expect(await imagesOf(a.id)).toEqual(aImages);
    expect(await imagesOf(b.id)).toEqual(bImages);
    expect(storedFileCount()).toBe(before);
  });
});

// The CEP the portal feed needs, and the JPEG copy each upload gets (decision 0012).
test.describe("CEP and the feed's JPEG photos", () => {
  test.use({ javaScriptEnabled: false });

  test("the CEP is stored as 8 digits and shown as 00000-000; a malformed one is refused with nothing changed", async ({
    page,
  }) => {
    const row = await createProperty(page, { cep: "79601-250" }, 1);
    expect(
      (await appDb().selectFrom("properties").select("cep").where("id", "=", row.id).executeTakeFirstOrThrow()).cep,
    ).toBe("79601250");
    await page.goto(`/admin/properties/${row.id}/edit`);
    const form = page.locator("form#property-form");
    await expect(form.locator('[name="cep"]')).toHaveValue("79601-250");
    await form.locator('[name="cep"]').fill("7960-1250");
    await submit(page, "Salvar alterações");
    await expect(fieldError(page, "cep")).toHaveText("Informe o CEP no formato 00000-000.");
    await expect(form.locator('[name="cep"]')).toHaveValue("7960-1250");
    expect(
      (await appDb().selectFrom("properties").select("cep").where("id", "=", row.id).executeTakeFirstOrThrow()).cep,
    ).toBe("79601250");
    await form.locator('[name="cep"]').fill("");
    await submit(page, "Salvar alterações");
    await expect(toast(page)).toContainText("Imóvel atualizado com sucesso!");
    expect(
      (await appDb().selectFrom("properties").select("cep").where("id", "=", row.id).executeTakeFirstOrThrow()).cep,
    ).toBeNull();
  });

  test("an upload writes the JPEG copy, served at /fotos/<key>.jpg; a missing copy is made again on request", async ({
    page,
  }) => {
    const row = await createProperty(page, {}, 1);
    const [img] = await imagesOf(row.id);
    const jpg = path.join(PROPERTIES_DIR, `${img.file_key}.jpg`);
    expect(fs.existsSync(jpg)).toBe(true);
    const first = await page.request.get(`/fotos/${img.file_key}.jpg`);
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toBe("image/jpeg");
    expect(first.headers()["cache-control"]).toContain("immutable");
    expect([...(await first.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // A photo stored before JPEG copies existed: converted once from its WebP.
    fs.rmSync(jpg);
    const again = await page.request.get(`/fotos/${img.file_key}.jpg`);
    expect(again.status()).toBe(200);
    expect((await sharp(await again.body()).metadata()).format).toBe("jpeg");
    expect(fs.existsSync(jpg)).toBe(true);
    expect(fs.readdirSync(PROPERTIES_DIR).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    // Only keys of existing photos: unknown, malformed and other-extension names are 404s.
    for (const name of [
      `${"0".repeat(32)}.jpg`,
      `${img.file_key}.png`,
      `${img.file_key}-480.webp`,
      "x.jpg",
      `${img.file_key.toUpperCase()}.jpg`,
    ]) {
      expect((await page.request.get(`/fotos/${name}`)).status(), name).toBe(404);
    }
  });
});
