import { expect, test, type Locator, type Page } from "@playwright/test";
import { appDb, count } from "#tests/fixtures/db";
import { BASE_URL, uniq } from "#tests/fixtures/site";

// The two visitor forms: the ideal-property request on the home page and the
// owner request on /anunciar-imovel and /anunciar. Each works with and
// without JavaScript, and refuses bad input with a 400 and field errors.

type FormCase = {
  title: string;
  path: string; // the page with the form
  postUrl: string; // where a plain HTML post goes
  landing: string; // where the visitor is after a successful post
  formId: string;
  table: "ideal_property_requests" | "property_listing_requests";
  nameField: string;
  longField: string; // an optional or required free-text field for the 10,000-character check
  successText: string;
  valid: (email: string) => Record<string, string>;
  checkRow: (row: Record<string, unknown>, values: Record<string, string>) => void;
};

const ideal: FormCase = {
  title: "ideal-property form",
  path: "/",
  // The form posts to "/" (root's action), so a refused post keeps "/" in the address bar.
  postUrl: "/",
  landing: "/#imovel-ideal",
  formId: "ideal-property",
  table: "ideal_property_requests",
  nameField: "name",
  longField: "idealProperty",
  successText: "Entraremos em contato em breve!",
  valid: (email) => ({
    name: "Maria Teste",
    email,
    phone: "(67) 99999-1234",
    idealProperty: "Casa com 3 quartos no Jardim Alvorada, até R$ 500 mil.",
  }),
  checkRow: (row, v) => {
    expect(row).toMatchObject({
      name: v.name,
      email: v.email,
      phone: v.phone,
      ideal_property: v.idealProperty,
      status: "pending",
    });
  },
};

function listing(path: string): FormCase {
  return {
    title: `listing form on ${path}`,
    path,
    postUrl: path,
    landing: path,
    formId: "owner-request",
    table: "property_listing_requests",
    nameField: "nome",
    longField: "descricao",
    successText: "Entraremos em contato em breve para avaliar seu imóvel.",
    valid: (email) => ({
      nome: "João Teste",
      email,
      telefone: "(67) 99999-4321",
      tipoImovel: "casa",
      preco: "350.000,00",
      endereco: "Rua das Flores, 10, Centro",
      area: "120",
      quartos: "3",
      suites: "1",
      banheiros: "2",
      vagas: "2",
      descricao: "Casa reformada com quintal.",
    }),
    checkRow: (row, v) => {
      expect(row).toMatchObject({
        name: v.nome,
        email: v.email,
        phone: v.telefone,
        property_type: "casa",
        price_cents: 350_000_00,
        address: v.endereco,
        area: 120,
        bedrooms: 3,
        suites: 1,
        bathrooms: 2,
        parking_spaces: 2,
        description: v.descricao,
        status: "pending",
      });
    },
  };
}

const forms = [ideal, listing("/anunciar-imovel"), listing("/anunciar")];

const emailFor = (tag: string) => `e2e-${tag}-${uniq()}@example.com`;

async function rowByEmail(table: FormCase["table"], email: string): Promise<Record<string, unknown> | undefined> {
  return appDb().selectFrom(table).selectAll().where("email", "=", email).executeTakeFirst();
}

async function fillForm(form: Locator, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const field = form.locator(`[name="${name}"]`);
    if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
}

async function expectSuccessToast(page: Page, f: FormCase) {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText("Solicitação enviada!");
  await expect(toast).toContainText(f.successText);
}

function fieldError(form: Locator, name: string) {
  return form.locator(`[name="${name}"]`).locator("xpath=following-sibling::p[1]");
}

// A raw form post, as a bot or an old browser would send it.
function post(page: Page, f: FormCase, form: Record<string, string>) {
  return page.request.post(f.postUrl, { form, headers: { Origin: BASE_URL } });
}

for (const f of forms) {
  test.describe(f.title, () => {
    for (const js of [true, false]) {
      test.describe(js ? "with JavaScript" : "without JavaScript", () => {
        test.use({ javaScriptEnabled: js });

        test("a valid request shows the success toast and stores a pending row", async ({ page }) => {
          const values = f.valid(emailFor(js ? "js" : "nojs"));
          await page.goto(f.path);
          const form = page.locator(`form[id^="${f.formId}-"]`);
          await fillForm(form, values);
          await form.getByRole("button", { name: "Enviar solicitação" }).click();
          await expectSuccessToast(page, f);
          const row = await rowByEmail(f.table, values.email);
          expect(row).toBeTruthy();
          f.checkRow(row!, values);
          // The visitor stays on the form's page (at the form), and reloading it shows the page again.
          await expect(page).toHaveURL(`${BASE_URL}${f.landing}`);
          await page.reload();
          await expect(page.locator(`form[id^="${f.formId}-"]`)).toBeVisible();
        });

        test("blank required text and a bad email come back with errors and the typed values", async ({ page }) => {
          const values = { ...f.valid("maria@example"), [f.nameField]: "   " };
          await page.goto(f.path);
          const form = page.locator(`form[id^="${f.formId}-"]`);
          await fillForm(form, values);
          const response = page.waitForResponse((r) => r.request().method() === "POST");
          await form.getByRole("button", { name: "Enviar solicitação" }).click();
          const status = (await response).status();
          expect(status).toBeLessThan(500);
          if (!js) expect(status).toBe(400);
          await expect(form.getByRole("alert")).toContainText("Campos obrigatórios");
          await expect(form.getByRole("alert")).toContainText("Por favor, preencha todos os campos obrigatórios.");
          await expect(fieldError(form, f.nameField)).toHaveText("Campo obrigatório.");
          await expect(fieldError(form, "email")).toHaveText("Informe um email válido.");
          await expect(form.locator('[name="email"]')).toHaveValue("maria@example");
          await expect(form.locator(`[name="${f.longField}"]`)).toHaveValue(values[f.longField]);
          expect(await count(f.table, (eb) => eb("email", "=", "maria@example"))).toBe(0);
        });

        test("a name with HTML is stored verbatim and shown as text", async ({ page }) => {
          let dialogs = 0;
          page.on("dialog", async (d) => {
            dialogs++;
            await d.dismiss();
          });
          const html = `<b>Negrito</b><script>alert(1)</script><img src=x onerror=alert(2)> ${uniq()}`;
          // Refused first (bad email): the form comes back with the name as typed.
          await page.goto(f.path);
          const form = page.locator(`form[id^="${f.formId}-"]`);
          await fillForm(form, { ...f.valid("html@example"), [f.nameField]: html });
          await form.getByRole("button", { name: "Enviar solicitação" }).click();
          await expect(fieldError(form, "email")).toHaveText("Informe um email válido.");
          await expect(form.locator(`[name="${f.nameField}"]`)).toHaveValue(html);
          await expect(page.locator("b", { hasText: "Negrito" })).toHaveCount(0);
          // Then accepted: stored exactly as typed.
          const email = emailFor("html");
          await form.locator('[name="email"]').fill(email);
          await form.getByRole("button", { name: "Enviar solicitação" }).click();
          await expectSuccessToast(page, f);
          expect((await rowByEmail(f.table, email))?.name).toBe(html);
          expect(dialogs).toBe(0);
        });

        test("a filled honeypot answers success but stores nothing", async ({ page }) => {
          const values = f.valid(emailFor("bot"));
          await page.goto(f.path);
          const form = page.locator(`form[id^="${f.formId}-"]`);
          await fillForm(form, values);
          await form.locator("#website").fill("http://spam.example");
          await form.getByRole("button", { name: "Enviar solicitação" }).click();
          await expectSuccessToast(page, f);
          expect(await count(f.table, (eb) => eb("email", "=", values.email))).toBe(0);
        });
      });
    }

    test("with JavaScript, empty required fields are refused by the server too", async ({ page }) => {
      await page.goto(f.path);
      const form = page.locator(`form[id^="${f.formId}-"]`);
      // Switch off the browser's own checks to reach the server.
      await form.evaluate((el: HTMLFormElement) => {
        el.noValidate = true;
        el.querySelectorAll("[required]").forEach((input) => input.removeAttribute("required"));
      });
      const response = page.waitForResponse((r) => r.request().method() === "POST");
      await form.getByRole("button", { name: "Enviar solicitação" }).click();
      expect((await response).status()).toBeLessThan(500);
      await expect(form.getByRole("alert")).toContainText("Campos obrigatórios");
      await expect(form.getByRole("alert")).toContainText("Por favor, preencha todos os campos obrigatórios.");
      for (const name of [f.nameField, "email"]) await expect(fieldError(form, name)).toHaveText("Campo obrigatório.");
    });

    test.describe("raw posts", () => {
      test("missing required fields: 400 with the summary and field errors, no row", async ({ page }) => {
        const email = emailFor("missing");
        const response = await post(page, f, { [f.nameField]: "", email });
        expect(response.status()).toBe(400);
        const html = await response.text();
        expect(html).toContain("Campos obrigatórios");
        expect(html).toContain("Por favor, preencha todos os campos obrigatórios.");
        expect(html).toContain("Campo obrigatório.");
        expect(await count(f.table, (eb) => eb("email", "=", email))).toBe(0);
      });

      test("a 10,000-character text: 400 with a field error, no row", async ({ page }) => {
        const values = f.valid(emailFor("long"));
        const response = await post(page, f, { ...values, [f.longField]: "a".repeat(10_000) });
        expect(response.status()).toBe(400);
        expect(await response.text()).toContain("Use no máximo 5000 caracteres.");
        expect(await count(f.table, (eb) => eb("email", "=", values.email))).toBe(0);
      });

      test("a wrong email: 400 with the message and the typed name kept", async ({ page }) => {
        const name = `Nome Digitado ${uniq()}`;
        const response = await post(page, f, { ...f.valid("nao-e-email"), [f.nameField]: name });
        expect(response.status()).toBe(400);
        const html = await response.text();
        expect(html).toContain("Informe um email válido.");
        expect(html).toContain(`value="${name}"`);
      });

      test("HTML in the name is stored verbatim and escaped in the page", async ({ page }) => {
        const html = `<script>alert("x")</script> ${uniq()}`;
        const refused = await post(page, f, { ...f.valid("nao-e-email"), [f.nameField]: html });
        expect(refused.status()).toBe(400);
        const body = await refused.text();
        expect(body).not.toContain(html);
        expect(body).toContain("&lt;script&gt;");
        const email = emailFor("rawhtml");
        const accepted = await post(page, f, { ...f.valid(email), [f.nameField]: html });
        expect(accepted.status()).toBe(200);
        expect((await rowByEmail(f.table, email))?.name).toBe(html);
      });

      test("a filled honeypot: success page, no row", async ({ page }) => {
        const values = f.valid(emailFor("rawbot"));
        const response = await post(page, f, { ...values, website: "http://spam.example" });
        expect(response.status()).toBe(200);
        expect(await response.text()).toContain("Solicitação enviada!");
        expect(await count(f.table, (eb) => eb("email", "=", values.email))).toBe(0);
      });
    });
  });
}
