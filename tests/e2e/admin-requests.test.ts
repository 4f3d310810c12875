import type { Locator, Page } from "@playwright/test";
import { formatDateTime } from "#app/utils/format-date";
import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test, type TestUser } from "#tests/fixtures/test";
import { E2E_URL } from "#tests/setup/paths";

// The two request inboxes of the back office (docs/product.md §Solicitações):
// a visitor's request reaches the inbox as Pendente; an admin opens it, sets
// any status, chooses a responsible person among the active staff (which
// resolves it), and moving back clears the responsible. With JavaScript on and
// off. Forged posts change nothing. Rows are found by a unique email, never by
// position or count: other test files write to the same database.

type Kind = "ideal" | "owner";
const TABLE = { ideal: "ideal_property_requests", owner: "property_listing_requests" } as const;
const LIST = { ideal: "/admin/requests", owner: "/admin/listings" } as const;
const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

function rowByEmail(kind: Kind, email: string) {
  return appDb().selectFrom(TABLE[kind]).selectAll().where("email", "=", email).executeTakeFirst();
}

function rowById(kind: Kind, id: number) {
  return appDb().selectFrom(TABLE[kind]).selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

const emailFor = (tag: string) => `req-${tag}-${uniq()}@example.com`;

function inboxRow(page: Page, email: string) {
  return page.getByTestId("request-row").filter({ hasText: email });
}

// Chooses an option in a request form: with JavaScript the select submits on
// change (its button is gone once the page is hydrated); without, the button.
async function choose(form: Locator, label: string, js: boolean) {
  const select = form.locator("select");
  if (js) {
    await expect(form.getByRole("button")).toHaveCount(0);
    await select.selectOption({ label });
  } else {
    await select.selectOption({ label });
    await form.getByRole("button", { name: /Salvar/ }).click();
  }
}

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

// Line breaks typed by the visitor show as line breaks (once the stylesheet applies).
async function expectLines(text: Locator, expected: string) {
  await expect(text).toHaveCSS("white-space", "pre-line");
  expect(await text.innerText()).toBe(expected);
}

let admin: TestUser;

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test.beforeEach(async ({ signInAs }) => {
      admin = await signInAs("admin");
    });

    test("an ideal-property request: inbox, details, status and responsible on the detail page", async ({ page }) => {
      const email = emailFor(js ? "ideal-js" : "ideal-nojs");
      const name = `Maria Ideal ${uniq()}`;
      const wish = "Casa com 3 quartos\nQuintal grande\nPerto do Centro";
      await page.goto("/");
      const form = page.locator(`form[id^="ideal-property-"]`);
      await form.locator('[name="name"]').fill(name);
      await form.locator('[name="email"]').fill(email);
      await form.locator('[name="phone"]').fill("(67) 99876-5432");
      await form.locator('[name="idealProperty"]').fill(wish);
      await form.getByRole("button", { name: "Enviar solicitação" }).click();
      await expectToast(page, "Solicitação enviada!");
      const stored = (await rowByEmail("ideal", email))!;
      // A plain HTML post sends CRLF line breaks.
      expect(stored).toMatchObject({ status: "pending", resolved_by: null });
      expect(String(stored.ideal_property).replace(/\r\n/g, "\n")).toBe(wish);

      // The inbox: newest first, Pendente, no responsible, the date in the agency's zone.
      await page.goto(LIST.ideal);
      await expect(page.getByRole("heading", { level: 1, name: "Solicitações de Imóveis Ideais" })).toBeVisible();
      for (const header of ["Cliente", "Contato", "Status", "Responsável", "Data", "Ações"]) {
        await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
      }
      const row = inboxRow(page, email);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(name);
      await expect(row.getByTestId("request-status")).toHaveText("Pendente");
      await expect(row.getByTestId("request-status")).toHaveClass(/yellow/);
      await expect(row.getByTestId("request-responsible")).toHaveText("—");
      const created = formatDateTime(stored.created_at);
      expect(created).toMatch(DATE_TIME);
      await expect(row.locator("time")).toHaveText(created);
      // Newest first: nothing older sits above it among the rows this test can see.
      const ids = await page
        .getByTestId("request-row")
        .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-request-id"))));
      // A row another worker's fixtures removed meanwhile drops out of the comparison.
      const listed = await appDb()
        .selectFrom(TABLE.ideal)
        .select(["id", "created_at"])
        .where("id", "in", ids)
        .execute();
      const createdAts = ids.flatMap((id) => listed.find((r) => r.id === id)?.created_at ?? []);
      expect([...createdAts].sort().reverse()).toEqual(createdAts);

      // Details: every field.
      await row.getByRole("link", { name: /Detalhes/ }).click();
      await expect(page).toHaveURL(`${E2E_URL}${LIST.ideal}/${stored.id}`);
      await expect(page.getByRole("heading", { level: 1, name: "Detalhes da Solicitação" })).toBeVisible();
      const main = page.locator("main");
      await expect(main).toContainText(name);
      await expect(main.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
      await expect(main.getByRole("link", { name: "(67) 99876-5432", exact: true })).toHaveAttribute(
        "href",
        "tel:67998765432",
      );
      await expect(main.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", "https://wa.me/5567998765432");
      await expectLines(main.locator("dd p.whitespace-pre-line"), wish);
      const times = main.locator("aside time");
      await expect(times.nth(0)).toHaveText(created);
      await expect(times.nth(1)).toHaveText(formatDateTime(stored.updated_at));
      await expect(main.getByTestId("request-status")).toHaveText("Pendente");
      await expect(main.getByTestId("request-responsible")).toHaveText("—");

      // Contatado.
      await choose(main.getByTestId("status-form"), "Contatado", js);
      await expectToast(page, "Status atualizado");
      await expect(main.getByTestId("request-status")).toHaveText("Contatado");
      await expect(main.getByTestId("request-status")).toHaveClass(/blue/);
      await expect(page).toHaveURL(`${E2E_URL}${LIST.ideal}/${stored.id}`);
      let now = await rowById("ideal", stored.id);
      expect(now).toMatchObject({ status: "contacted", resolved_by: null });
      expect(now.updated_at > stored.updated_at).toBe(true);

      // A responsible person resolves it.
      await choose(main.getByTestId("responsible-form"), admin.name, js);
      await expectToast(page, "Responsável atualizado", admin.name);
      await expect(main.getByTestId("request-status")).toHaveText("Resolvido");
      await expect(main.getByTestId("request-status")).toHaveClass(/green/);
      await expect(main.getByTestId("request-responsible")).toHaveText(admin.name);
      expect(await rowById("ideal", stored.id)).toMatchObject({ status: "resolved", resolved_by: admin.name });
      await expect(main.locator("aside time").nth(1)).toHaveText(
        formatDateTime((await rowById("ideal", stored.id)).updated_at),
      );

      // Back to Pendente: the responsible is cleared.
      await choose(main.getByTestId("status-form"), "Pendente", js);
      await expect(main.getByTestId("request-status")).toHaveText("Pendente");
      await expect(main.getByTestId("request-responsible")).toHaveText("—");
      await expect(main.getByTestId("responsible-form").locator("select")).toHaveValue("");
      now = await rowById("ideal", stored.id);
      expect(now).toMatchObject({ status: "pending", resolved_by: null });

      await page.getByRole("link", { name: "Voltar para a lista" }).click();
      await expect(inboxRow(page, email).getByTestId("request-status")).toHaveText("Pendente");
    });

    test("a owner request: inbox columns, inline status and responsible, details with every field", async ({
      page,
    }) => {
      const email = emailFor(js ? "listing-js" : "listing-nojs");
      const name = `João Anúncio ${uniq()}`;
      await page.goto("/anunciar-imovel");
      const form = page.locator(`form[id^="owner-request-"]`);
      await form.locator('[name="nome"]').fill(name);
      await form.locator('[name="email"]').fill(email);
      await form.locator('[name="telefone"]').fill("(67) 3521-0000");
      await form.locator('[name="tipoImovel"]').selectOption("casa");
      await form.locator('[name="preco"]').fill("350.000,00");
      await form.locator('[name="endereco"]').fill("Rua das Flores, 10, Centro");
      await form.locator('[name="quartos"]').fill("3");
      await form.locator('[name="banheiros"]').fill("2");
      await form.locator('[name="descricao"]').fill("Casa reformada.\nQuintal com árvores.");
      await form.getByRole("button", { name: "Enviar solicitação" }).click();
      await expectToast(page, "Solicitação enviada!");
      const stored = (await rowByEmail("owner", email))!;
      expect(stored).toMatchObject({ status: "pending", area: null, suites: null, parking_spaces: null });

      await page.goto(LIST.owner);
      await expect(page.getByRole("heading", { level: 1, name: "Solicitações de Anúncio" })).toBeVisible();
      for (const header of ["Cliente/Imóvel", "Contato", "Endereço/Preço", "Status", "Responsável", "Data", "Ações"]) {
        await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
      }
      const row = inboxRow(page, email);
      await expect(row).toContainText(name);
      await expect(row).toContainText("Casa");
      await expect(row).toContainText("Rua das Flores, 10, Centro");
      await expect(row).toContainText("R$ 350.000,00");
      await expect(row).toContainText("(67) 3521-0000");
      await expect(row.getByTestId("request-status")).toHaveText("Pendente");
      await expect(row.locator("time")).toHaveText(formatDateTime(stored.created_at));

      // Inline forms: the page comes back to the same list.
      await choose(row.getByTestId("status-form"), "Contatado", js);
      await expectToast(page, "Status atualizado");
      await expect(page).toHaveURL(`${E2E_URL}${LIST.owner}`);
      await expect(inboxRow(page, email).getByTestId("request-status")).toHaveText("Contatado");
      expect(await rowById("owner", stored.id)).toMatchObject({ status: "contacted", resolved_by: null });

      await choose(inboxRow(page, email).getByTestId("responsible-form"), admin.name, js);
      await expectToast(page, "Responsável atualizado");
      await expect(inboxRow(page, email).getByTestId("request-status")).toHaveText("Resolvido");
      await expect(inboxRow(page, email).getByTestId("request-responsible")).toHaveText(admin.name);
      expect(await rowById("owner", stored.id)).toMatchObject({ status: "resolved", resolved_by: admin.name });

      await choose(inboxRow(page, email).getByTestId("status-form"), "Contatado", js);
      await expect(inboxRow(page, email).getByTestId("request-responsible")).toHaveText("—");
      expect(await rowById("owner", stored.id)).toMatchObject({ status: "contacted", resolved_by: null });

      // Details: every field, the missing ones as a dash.
      await inboxRow(page, email)
        .getByRole("link", { name: /Detalhes/ })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Detalhes da Solicitação de Anúncio" })).toBeVisible();
      const item = (label: string) =>
        page
          .locator("main dl > div")
          .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
          .locator("dd");
      await expect(item("Nome")).toHaveText(name);
      await expect(item("Email").getByRole("link")).toHaveAttribute("href", `mailto:${email}`);
      await expect(item("Telefone").getByRole("link", { name: "(67) 3521-0000", exact: true })).toHaveAttribute(
        "href",
        "tel:6735210000",
      );
      await expect(item("Telefone").getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
        "href",
        "https://wa.me/556735210000",
      );
      await expect(item("Tipo do imóvel")).toHaveText("Casa");
      await expect(item("Preço pretendido")).toHaveText("R$ 350.000,00");
      await expect(item("Endereço")).toHaveText("Rua das Flores, 10, Centro");
      await expect(item("Área")).toHaveText("—");
      await expect(item("Quartos")).toHaveText("3");
      await expect(item("Suítes")).toHaveText("—");
      await expect(item("Banheiros")).toHaveText("2");
      await expect(item("Vagas")).toHaveText("—");
      await expectLines(item("Descrição").locator("p"), "Casa reformada.\nQuintal com árvores.");
      await expect(item("Status")).toHaveText("Contatado");
      await expect(item("Responsável")).toHaveText("—");
      const updated = await rowById("owner", stored.id);
      await expect(item("Recebida em")).toHaveText(formatDateTime(updated.created_at));
      await expect(item("Atualizada em")).toHaveText(formatDateTime(updated.updated_at));
      expect(formatDateTime(updated.updated_at)).toMatch(DATE_TIME);
    });

    test("filters by status and text; an empty result offers Tentar novamente", async ({ page, createRequest }) => {
      const tag = uniq();
      const mine = await createRequest("ideal", { email: `filtro-${tag}@example.com`, name: `Filtro ${tag}` });
      await page.goto(LIST.ideal);
      const filter = page.getByRole("search", { name: "Filtrar solicitações" });
      await filter.getByLabel("Buscar").fill(tag);
      await filter.getByRole("button", { name: "Filtrar" }).click();
      await expect(page).toHaveURL(new RegExp(`\\?status=&q=${tag}$`));
      await expect(page.getByTestId("request-row")).toHaveCount(1);
      await expect(inboxRow(page, mine.email)).toBeVisible();

      await filter.getByLabel("Status").selectOption({ label: "Resolvido" });
      await filter.getByRole("button", { name: "Filtrar" }).click();
      await expect(page).toHaveURL(new RegExp(`\\?status=resolved&q=${tag}$`));
      await expect(page.getByText("Nenhuma solicitação encontrada")).toBeVisible();
      await expect(page.getByTestId("request-row")).toHaveCount(0);
      const retry = page.getByRole("link", { name: "Tentar novamente" });
      await expect(retry).toHaveAttribute("href", `${LIST.ideal}?status=resolved&q=${tag}`);

      // Once resolved elsewhere, "Tentar novamente" shows it.
      await appDb()
        .updateTable("ideal_property_requests")
        .set({ status: "resolved" })
        .where("id", "=", mine.id)
        .execute();
      await retry.click();
      await expect(inboxRow(page, mine.email).getByTestId("request-status")).toHaveText("Resolvido");

      // A status change from a filtered list returns to the same filter.
      await choose(inboxRow(page, mine.email).getByTestId("status-form"), "Pendente", js);
      await expect(page).toHaveURL(new RegExp(`\\?status=resolved&q=${tag}$`));
      await expect(page.getByText("Nenhuma solicitação encontrada")).toBeVisible();
      expect((await rowById("ideal", mine.id)).status).toBe("pending");
    });
  });
}

test.describe("refusals", () => {
  test.beforeEach(async ({ signInAs }) => {
    admin = await signInAs("admin");
  });

  async function post(page: Page, path: string, form: Record<string, string>) {
    return page.request.post(path, { form, headers: { Origin: E2E_URL }, maxRedirects: 0 });
  }

  // The redirect's target and the toast it carries, as a browser would see them.
  async function postAndFollow(page: Page, path: string, form: Record<string, string>) {
    const res = await post(page, path, form);
    expect(res.status(), path).toBe(302);
    const location = res.headers().location;
    const html = await (await page.request.get(location)).text();
    return { location, html };
  }

  for (const kind of ["ideal", "owner"] as const) {
    test(`${kind}: forged ids, unknown statuses and non-staff names change nothing`, async ({
      page,
      createRequest,
      createUser,
    }) => {
      const req = await createRequest(kind, { email: emailFor(`refuse-${kind}`) });
      const before = JSON.stringify(await rowById(kind, req.id));
      const client = await createUser("client");
      const former = await createUser("admin");
      await appDb().updateTable("users").set({ active: 0 }).where("id", "=", former.id).execute();

      // The responsible choices are the active staff only.
      await page.goto(`${LIST[kind]}/${req.id}`);
      const options = await page.getByTestId("responsible-form").locator("option").allTextContents();
      expect(options).toContain(admin.name);
      expect(options).not.toContain(client.name);
      expect(options).not.toContain(former.name);

      const cases: { path: string; form: Record<string, string>; title: string; description: string; to: string }[] = [
        {
          path: LIST[kind],
          form: { intent: "status", id: "999999999", status: "contacted" },
          title: "Não foi possível atualizar o status da solicitação.",
          description: "não foi encontrada",
          to: LIST[kind],
        },
        {
          path: `${LIST[kind]}/999999999`,
          form: { intent: "status", status: "contacted" },
          title: "Não foi possível atualizar o status da solicitação.",
          description: "não foi encontrada",
          to: LIST[kind],
        },
        {
          path: LIST[kind],
          form: { intent: "status", id: "abc", status: "contacted" },
          title: "Não foi possível atualizar o status da solicitação.",
          description: "não foi encontrada",
          to: LIST[kind],
        },
        {
          path: LIST[kind],
          form: { intent: "responsible", id: "999999999", resolved_by: admin.name },
          title: "Não foi possível atualizar o responsável.",
          description: "não foi encontrada",
          to: LIST[kind],
        },
        {
          path: LIST[kind],
          form: { intent: "status", id: String(req.id), status: "archived" },
          title: "Não foi possível atualizar o status da solicitação.",
          description: "Status inválido.",
          to: LIST[kind],
        },
        {
          path: `${LIST[kind]}/${req.id}`,
          form: { intent: "status", status: "", redirectTo: `${LIST[kind]}/${req.id}` },
          title: "Não foi possível atualizar o status da solicitação.",
          description: "Status inválido.",
          to: `${LIST[kind]}/${req.id}`,
        },
        {
          path: LIST[kind],
          form: { intent: "responsible", id: String(req.id), resolved_by: client.name },
          title: "Não foi possível atualizar o responsável.",
          description: "Responsável inválido.",
          to: LIST[kind],
        },
        {
          path: `${LIST[kind]}/${req.id}`,
          form: { intent: "responsible", resolved_by: former.name },
          title: "Não foi possível atualizar o responsável.",
          description: "Responsável inválido.",
          to: `${LIST[kind]}/${req.id}`,
        },
        {
          path: LIST[kind],
          form: { intent: "responsible", id: String(req.id), resolved_by: `Ninguém ${uniq()}` },
          title: "Não foi possível atualizar o responsável.",
          description: "Responsável inválido.",
          to: LIST[kind],
        },
        {
          path: LIST[kind],
          form: { intent: "responsible", id: String(req.id), resolved_by: "" },
          title: "Não foi possível atualizar o responsável.",
          description: "Responsável inválido.",
          to: LIST[kind],
        },
        {
          path: LIST[kind],
          form: { intent: "delete", id: String(req.id) },
          title: "Não foi possível atualizar",
          description: "Ação inválida.",
          to: LIST[kind],
        },
      ];
      for (const c of cases) {
        const { location, html } = await postAndFollow(page, c.path, c.form);
        expect(new URL(location, E2E_URL).pathname, JSON.stringify(c.form)).toBe(c.to);
        expect(html, JSON.stringify(c.form)).toContain(c.title);
        expect(html, JSON.stringify(c.form)).toContain(c.description);
      }
      expect(JSON.stringify(await rowById(kind, req.id))).toBe(before);
    });
  }

  test("the redirect after a post stays inside the back office", async ({ page, createRequest }) => {
    const req = await createRequest("ideal", { email: emailFor("redirect") });
    for (const redirectTo of [
      "https://evil.example/admin/",
      "//evil.example/admin/",
      "/imoveis",
      "/admin/\\evil.example",
    ]) {
      const res = await post(page, LIST.ideal, {
        intent: "status",
        id: String(req.id),
        status: "contacted",
        redirectTo,
      });
      expect(res.status()).toBe(302);
      expect(res.headers().location).toBe(LIST.ideal);
    }
    const res = await post(page, LIST.ideal, {
      intent: "status",
      id: String(req.id),
      status: "pending",
      redirectTo: `${LIST.ideal}/${req.id}`,
    });
    expect(res.headers().location).toBe(`${LIST.ideal}/${req.id}`);
    expect((await rowById("ideal", req.id)).status).toBe("pending");
  });

  test("unknown request ids answer 404", async ({ page }) => {
    for (const path of [
      "/admin/requests/999999999",
      "/admin/listings/999999999",
      "/admin/requests/abc",
      "/admin/listings/1e3",
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByText("Solicitação não encontrada")).toBeVisible();
    }
  });
});

test("on a phone the inbox rows become cards with their column names, without sideways scrolling", async ({
  newContext,
  signInAs,
  createRequest,
}) => {
  const context = await newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
  admin = await signInAs("admin", context);
  const page = await context.newPage();
  const tag = uniq();
  const req = await createRequest("owner", { email: `mobile-${tag}@example.com`, nome: `Celular ${tag}` });
  await page.goto(`${LIST.owner}?q=${tag}`);
  const row = inboxRow(page, req.email);
  await expect(row).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Status" })).toBeHidden();
  for (const label of ["Cliente/Imóvel", "Endereço/Preço", "Responsável", "Ações"]) {
    await expect(row.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(row).toContainText("R$ 250.000,00");
  await expect(row).toContainText("Apartamento");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await choose(row.getByTestId("responsible-form"), admin.name, true);
  await expect(inboxRow(page, req.email).getByTestId("request-status")).toHaveText("Resolvido");
});
