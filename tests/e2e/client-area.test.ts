import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { SYSTEM_ACTOR_NAME } from "#app/models/audit/audit.server";
import { deleteClient } from "#app/models/clients/clients.server";
import { createMaintenanceRequest } from "#app/models/maintenance/requests.server";
import { appDb, count } from "#tests/fixtures/db";
import {
  insertMaintenanceDocument,
  insertMaintenanceImage,
  insertMaintenanceRequest,
} from "#tests/fixtures/admin-rental";
import { PRIVATE_DIR, orphanPrivateFiles, sampleJpeg, samplePdf } from "#tests/fixtures/rental";
import { expect, test } from "#tests/fixtures/test";
import { E2E_OUTBOX, E2E_URL } from "#tests/setup/paths";
import { cents } from "#app/models/shared/money";

// The client side of issue 7: the client login, the client area's guard and
// tabs, "Nova Solicitação" with its upload rules, and the private file routes
// (staff or the owning client; anything else 404).

const toast = (page: Page) => page.getByTestId("toast");

async function login(page: Page, identifier: string, password: string) {
  await page.goto("/client-login");
  await page.getByLabel("Nome de usuário ou Email").fill(identifier);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

for (const js of [true, false]) {
  test(`a client logs in by username and by email and out again (JavaScript ${js ? "on" : "off"})`, async ({
    newContext,
    createClient,
  }) => {
    const client = await createClient({
      property_address: "Rua das Palmeiras, 100",
      monthly_rent: cents(125000),
      payment_due_day: 10,
    });
    await appDb()
      .updateTable("clients")
      .set({ contract_start_date: "2026-01-01", contract_end_date: "2027-01-31" })
      .where("id", "=", client.id)
      .execute();
    const context = await newContext({ javaScriptEnabled: js });
    const page = await context.newPage();

    await login(page, client.username, client.password);
    await expect(page).toHaveURL(/\/client-area$/);
    await expect(toast(page)).toContainText("Login bem-sucedido");
    await expect(page.getByRole("heading", { name: `Bem-vindo(a), ${client.name}` })).toBeVisible();
    await expect(page.getByText("Rua das Palmeiras, 100")).toBeVisible();
    await expect(page.getByText("R$ 1.250,00")).toBeVisible();
    await expect(page.getByText("Todo dia 10")).toBeVisible();
    await expect(page.getByText("01/01/2026 a 31/01/2027")).toBeVisible();
    await expect(page.getByText("Nenhum contrato disponível no momento.")).toBeVisible();

    await page.getByRole("button", { name: "Sair" }).click();
    await expect(page).toHaveURL(`${E2E_URL}/`);
    await page.goto("/client-area");
    await expect(page).toHaveURL(/\/client-login$/);

    await login(page, client.email.toUpperCase(), client.password);
    await expect(page).toHaveURL(/\/client-area$/);
    await expect(page.getByRole("heading", { name: `Bem-vindo(a), ${client.name}` })).toBeVisible();
  });
}

test("a wrong password says so and keeps the username, not the password", async ({ newContext, createClient }) => {
  const client = await createClient();
  const page = await (await newContext({ javaScriptEnabled: false })).newPage();
  await login(page, client.username, "senha-errada-1");
  await expect(page.getByRole("alert")).toContainText("Usuário ou senha incorretos. Verifique suas credenciais.");
  await expect(page.getByLabel("Nome de usuário ou Email")).toHaveValue(client.username);
  await expect(page.getByLabel("Senha", { exact: true })).toHaveValue("");
  expect(
    await count("sessions", (eb) =>
      eb("user_id", "=", eb.selectFrom("clients").select("user_id").where("id", "=", client.id)),
    ),
  ).toBe(0);
});

test("the password can be shown with JavaScript", async ({ page, createClient }) => {
  const client = await createClient();
  await page.goto("/client-login");
  const input = page.getByLabel("Senha", { exact: true });
  await input.fill(client.password);
  await expect(input).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Mostrar senha" }).click();
  await expect(input).toHaveAttribute("type", "text");
});

test("a staff account is refused at /client-login", async ({ page, createUser }) => {
  const staff = await createUser("admin");
  await login(page, staff.username, staff.password);
  await expect(page.getByRole("alert")).toContainText("Sua conta não está cadastrada como cliente.");
  expect(await count("sessions", (eb) => eb("user_id", "=", staff.id))).toBe(0);
});

test("an anonymous visitor from the site's Área do Cliente link lands on the login with the toast", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Área do Cliente" }).first().click();
  await expect(page).toHaveURL(/\/client-login$/);
  await expect(toast(page)).toContainText("Acesso negado");
  await expect(toast(page)).toContainText("Você precisa fazer login para acessar esta página.");
  await expect(page.getByRole("heading", { name: "Área do Cliente" })).toBeVisible();
});

function newestEmailTo(address: string) {
  if (!fs.existsSync(E2E_OUTBOX)) return null;
  const files = fs
    .readdirSync(E2E_OUTBOX)
    .filter((f) => f.endsWith(`${address}.eml`))
    .sort();
  if (!files.length) return null;
  const raw = fs.readFileSync(path.join(E2E_OUTBOX, files[files.length - 1]), "utf8");
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

test("a client recovers a forgotten password by email (JavaScript off); a staff address gets nothing here", async ({
  newContext,
  createClient,
  createUser,
}) => {
  const client = await createClient();
  const staff = await createUser("admin");
  const page = await (await newContext({ javaScriptEnabled: false })).newPage();
  for (const address of [staff.email, `ninguem-${Date.now()}@teste.com`]) {
    await page.goto("/client-login/recuperar-senha");
    await page.getByLabel("Email").fill(address);
    await page.getByRole("button", { name: "Enviar instruções" }).click();
    await expect(page.getByText("Instruções enviadas")).toBeVisible();
  }
  await page.goto("/client-login");
  await page.getByRole("link", { name: "Esqueceu sua senha?" }).click();
  await expect(page).toHaveURL(/\/client-login\/recuperar-senha$/);
  await page.getByLabel("Email").fill(client.email);
  await page.getByRole("button", { name: "Enviar instruções" }).click();
  await expect(page.getByText("Instruções enviadas")).toBeVisible();

  let email: string | null = null;
  await expect.poll(() => (email = newestEmailTo(client.email))).not.toBeNull();
  const link = /http:\/\/[^\s]+\/client-login\/recuperar-senha\/[A-Za-z0-9_-]+/.exec(email!)?.[0];
  expect(link).toBeTruthy();
  // The client's email went out after the staff one would have: none did.
  expect(newestEmailTo(staff.email)).toBeNull();

  await page.goto(link!);
  await page.getByLabel("Nova senha", { exact: true }).fill("novaSenha123");
  await page.getByLabel("Confirme a nova senha").fill("novaSenha123");
  await page.getByRole("button", { name: "Salvar nova senha" }).click();
  await expect(toast(page)).toContainText("Senha alterada");
  await login(page, client.username, "novaSenha123");
  await expect(page).toHaveURL(/\/client-area$/);
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Link inválido ou expirado" })).toBeVisible();
});

test("a client deleted while logged in is sent to the login", async ({ page, createClient, signInClient }) => {
  const client = await createClient();
  await signInClient(client);
  await page.goto("/client-area");
  await expect(page.getByRole("heading", { name: `Bem-vindo(a), ${client.name}` })).toBeVisible();
  await deleteClient(appDb(), client.id, null);
  await page.goto("/client-area?tab=manutencao");
  await expect(page).toHaveURL(/\/client-login$/);
  await expect(toast(page)).toContainText("Acesso negado");
});

test("a staff session is not a client session", async ({ page, admin }) => {
  expect(admin.role).toBe("admin");
  await page.goto("/client-area");
  await expect(page).toHaveURL(/\/client-login$/);
  await expect(toast(page)).toContainText("Sua conta não está cadastrada como cliente.");
});

test("each client sees only its own contracts and requests; another's files are 404", async ({
  page,
  createClient,
  signInClient,
  createContract,
}) => {
  const a = await createClient({ name: `Inquilino A ${Date.now()}` });
  const b = await createClient({ name: `Inquilino B ${Date.now()}` });
  const contractA = await createContract(a.id, "Contrato Ação.pdf");
  const contractB = await createContract(b.id, "Contrato do B.pdf");
  const reqB = await insertMaintenanceRequest(b.id, { title: "Pedido do B", description: "x" });
  const imageB = await insertMaintenanceImage(reqB);
  const docB = await insertMaintenanceDocument(reqB, { file_name: "laudo.pdf", file_key: `${"c".repeat(32)}.pdf` });

  await signInClient(a);
  await page.goto("/client-area?tab=contrato");
  await expect(page.getByText("Contrato Ação.pdf")).toBeVisible();
  await expect(page.getByText("Contrato do B.pdf")).toHaveCount(0);
  await expect(page.getByText(`por ${SYSTEM_ACTOR_NAME}`)).toBeVisible();
  await page.goto("/client-area?tab=manutencao");
  await expect(page.getByText("Pedido do B")).toHaveCount(0);

  const own = await page.request.get(`/arquivos/contratos/${contractA.id}`);
  expect(own.status()).toBe(200);
  expect(own.headers()["content-type"]).toBe("application/pdf");
  expect(own.headers()["cache-control"]).toBe("private, no-store");
  expect(own.headers()["x-content-type-options"]).toBe("nosniff");
  expect(own.headers()["content-disposition"]).toBe(
    `inline; filename="Contrato A__o.pdf"; filename*=UTF-8''Contrato%20A%C3%A7%C3%A3o.pdf`,
  );
  expect((await own.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const download = await page.request.get(`/arquivos/contratos/${contractA.id}?download=1`);
  expect(download.headers()["content-disposition"]).toMatch(/^attachment; /);

  for (const url of [
    `/arquivos/contratos/${contractB.id}`,
    `/arquivos/manutencao/imagens/${imageB}`,
    `/arquivos/manutencao/documentos/${docB}`,
    "/arquivos/contratos/999999999",
    "/arquivos/contratos/abc",
    "/arquivos/contratos/0",
  ]) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(404);
    const body = await res.text();
    expect(body, url).not.toContain("Contrato do B");
    expect(body, url).not.toContain("laudo");
    expect(res.headers()["content-disposition"], url).toBeUndefined();
  }
});

test("another client's file URL answers 404 with the site's page not found, and a way back", async ({
  page,
  createClient,
  signInClient,
  createContract,
}) => {
  const a = await createClient();
  const b = await createClient();
  const contractB = await createContract(b.id, "Contrato do B.pdf");
  await signInClient(a);
  const res = await page.goto(`/arquivos/contratos/${contractB.id}`);
  expect(res?.status()).toBe(404);
  expect(res?.headers()["cache-control"]).toBe("private, no-store");
  expect(res?.headers()["content-disposition"]).toBeUndefined();
  await expect(page).toHaveTitle("Página não encontrada | Lagoa Imóveis");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página não encontrada");
  await expect(
    page.getByText("O arquivo que você procurou não existe ou não está disponível para esta conta."),
  ).toBeVisible();
  await expect(page.getByText("Contrato do B")).toHaveCount(0);
  // The site's frame is around it.
  await expect(page.getByRole("navigation", { name: "Principal" })).toBeAttached();
  await page.getByRole("link", { name: "Voltar ao início" }).click();
  await expect(page).toHaveURL(`${E2E_URL}/`);
});

test("the client login and the client area name the agency and lead back to the site", async ({
  page,
  createClient,
  signInClient,
}) => {
  const client = await createClient();
  await page.goto("/client-login");
  const card = page.getByRole("main");
  await expect(card.getByRole("link", { name: "Lagoa Imóveis" })).toHaveAttribute("href", "/");
  await expect(card.getByRole("link", { name: "← Voltar ao site" })).toHaveAttribute("href", "/");

  await signInClient(client);
  await page.goto("/client-area");
  const header = page.locator("header").first();
  await expect(header.getByRole("link", { name: "Lagoa Imóveis" })).toBeVisible();
  await header.getByRole("link", { name: "← Voltar ao site" }).click();
  await expect(page).toHaveURL(`${E2E_URL}/`);
  await page.goBack();
  await header.getByRole("link", { name: "Lagoa Imóveis" }).click();
  await expect(page).toHaveURL(`${E2E_URL}/`);
});

test("a deleted contract file answers 404 to its owner", async ({
  page,
  createClient,
  signInClient,
  createContract,
}) => {
  const a = await createClient();
  const contract = await createContract(a.id);
  await appDb().deleteFrom("contracts").where("id", "=", contract.id).execute();
  await signInClient(a);
  expect((await page.request.get(`/arquivos/contratos/${contract.id}`)).status()).toBe(404);
});

test.describe("Nova Solicitação without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a request with two images appears with its images", async ({ page, createClient, signInClient }) => {
    const a = await createClient();
    await signInClient(a);
    await page.goto("/client-area?tab=manutencao");
    await page.getByLabel("Título").fill("Torneira pingando");
    await page.getByLabel("Categoria").selectOption("plumbing");
    await page.getByLabel("Descrição detalhada").fill("A torneira da cozinha pinga sem parar.");
    await page.getByLabel("Imagens (opcional)").setInputFiles([
      { name: "a.jpg", mimeType: "image/jpeg", buffer: await sampleJpeg() },
      { name: "b.jpg", mimeType: "image/jpeg", buffer: await sampleJpeg({ r: 10, g: 200, b: 30 }) },
    ]);
    await page.getByRole("button", { name: "Enviar Solicitação" }).click();
    await expect(page).toHaveURL(/tab=manutencao/);
    await expect(toast(page)).toContainText("Solicitação enviada");
    const item = page.locator("li[data-request-id]").filter({ hasText: "Torneira pingando" });
    await expect(item).toContainText("Pendente");
    await expect(item).toContainText("Média");
    await expect(item).toContainText("Hidráulica");
    await expect(item.getByRole("img")).toHaveCount(2);

    const rows = await appDb()
      .selectFrom("maintenance_images as i")
      .innerJoin("maintenance_requests as r", "r.id", "i.request_id")
      .select(["i.id", "i.file_key"])
      .where("r.client_id", "=", a.id)
      .orderBy("i.position")
      .execute();
    expect(rows).toHaveLength(2);
    const image = await page.request.get(`/arquivos/manutencao/imagens/${rows[0].id}`);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/webp");
    const bytes = await image.body();
    expect(bytes.subarray(8, 12).toString()).toBe("WEBP");
    expect(bytes.includes(Buffer.from("gps-secret"))).toBe(false);
  });

  test("six images, a 6 MB image and an .exe named .jpg are refused with nothing stored", async ({
    page,
    createClient,
    signInClient,
  }) => {
    const a = await createClient();
    await signInClient(a);
    const before = new Set(await orphanPrivateFiles());
    const jpeg = await sampleJpeg();
    const big = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const exe = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(4096, 0)]);
    const cases = [
      {
        files: Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.jpg`, mimeType: "image/jpeg", buffer: jpeg })),
        message: "Envie no máximo 5 imagens.",
      },
      {
        files: [{ name: "grande.jpg", mimeType: "image/jpeg", buffer: big }],
        message: "Apenas imagens de até 5MB são permitidas.",
      },
      {
        files: [{ name: "foto.jpg", mimeType: "image/jpeg", buffer: exe }],
        message: "Apenas imagens de até 5MB são permitidas.",
      },
    ];
    for (const c of cases) {
      await page.goto("/client-area?tab=manutencao");
      await page.getByLabel("Título").fill("Recusado");
      await page.getByLabel("Descrição detalhada").fill("Deve ser recusado.");
      await page.getByLabel("Imagens (opcional)").setInputFiles(c.files);
      await page.getByRole("button", { name: "Enviar Solicitação" }).click();
      await expect(page.getByRole("alert")).toContainText("Arquivos inválidos");
      await expect(page.getByRole("alert")).toContainText(c.message);
      await expect(page.getByLabel("Título")).toHaveValue("Recusado");
    }
    expect(await count("maintenance_requests", (eb) => eb("client_id", "=", a.id))).toBe(0);
    // No file without its row appeared (other workers' uploads have rows).
    // Only images and a program were sent here, so a leak of this form is never
    // a PDF; the PDFs other workers' tests write and purge meanwhile (receipts,
    // Termos) are not this test's to judge.
    await expect
      .poll(async () => (await orphanPrivateFiles()).filter((f) => !before.has(f) && !f.endsWith(".pdf")))
      .toEqual([]);
  });

  test("missing fields come back beside their fields", async ({ page, createClient, signInClient }) => {
    const a = await createClient();
    await signInClient(a);
    const res = await page.request.post("/client-area?tab=manutencao", {
      multipart: { title: "", category: "general", priority: "medium", description: "" },
      headers: { Origin: E2E_URL },
    });
    expect(res.status()).toBe(400);
    expect(await count("maintenance_requests", (eb) => eb("client_id", "=", a.id))).toBe(0);
  });
});

// The matrix: every client-area URL and action and every file URL as
// anonymous, client A, client B, admin and master.
type Who = "anonymous" | "clientA" | "clientB" | "admin" | "master";
const WHO: Who[] = ["anonymous", "clientA", "clientB", "admin", "master"];

async function post(request: APIRequestContext, path: string, multipart: Record<string, string>) {
  return request.post(path, { multipart, headers: { Origin: E2E_URL }, maxRedirects: 0 });
}

for (const who of WHO) {
  test(`client area and private files as ${who}`, async ({
    newContext,
    createClient,
    createUser,
    signIn,
    signInClient,
    createContract,
  }) => {
    const a = await createClient({ name: `Matriz A ${Date.now()}` });
    const b = await createClient({ name: `Matriz B ${Date.now()}` });
    const contract = await createContract(a.id, "Contrato matriz.pdf");
    const request = await createMaintenanceRequest(
      appDb(),
      a.id,
      { title: "Matriz", description: "x", category: "general", priority: "medium" },
      [await sampleJpeg()],
    );
    const { id: image } = await appDb()
      .selectFrom("maintenance_images")
      .select("id")
      .where("request_id", "=", request)
      .executeTakeFirstOrThrow();
    const docKey = `${"d".repeat(24)}${Date.now()}.pdf`;
    fs.mkdirSync(PRIVATE_DIR, { recursive: true });
    fs.writeFileSync(path.join(PRIVATE_DIR, docKey), samplePdf("Laudo"));
    const document = await insertMaintenanceDocument(request, { file_name: "laudo matriz.pdf", file_key: docKey });
    const context: BrowserContext = await newContext();
    if (who === "clientA") await signInClient(a, context);
    if (who === "clientB") await signInClient(b, context);
    if (who === "admin" || who === "master") await signIn(await createUser(who), context);
    const isClient = who === "clientA" || who === "clientB";

    for (const path of [
      "/client-area",
      "/client-area?tab=contrato",
      "/client-area?tab=cobranca",
      "/client-area?tab=manutencao",
    ]) {
      const res = await context.request.get(path, { maxRedirects: 0 });
      expect(res.headers()["cache-control"], path).toBe("private, no-store");
      if (isClient) {
        expect(res.status(), path).toBe(200);
      } else {
        expect(res.status(), path).toBe(302);
        expect(new URL(res.headers().location, E2E_URL).pathname, path).toBe("/client-login");
        const dataRes = await context.request.get(path.replace("/client-area", "/client-area.data"), {
          maxRedirects: 0,
        });
        expect(await dataRes.text(), path).not.toContain("Matriz");
      }
    }

    const before = await count("maintenance_requests", (eb) => eb("client_id", "in", [a.id, b.id]));
    const res = await post(context.request, "/client-area", {
      title: "Forjado",
      category: "general",
      priority: "medium",
      description: "x",
      client_id: String(b.id),
    });
    if (isClient) {
      expect(res.status()).toBe(302);
      const own = who === "clientA" ? a.id : b.id;
      expect(
        await count("maintenance_requests", (eb) => eb.and([eb("client_id", "=", own), eb("title", "=", "Forjado")])),
      ).toBe(1);
      expect(await count("maintenance_requests", (eb) => eb("client_id", "in", [a.id, b.id]))).toBe(before + 1);
    } else {
      expect(res.status()).toBe(302);
      expect(new URL(res.headers().location, E2E_URL).pathname).toBe("/client-login");
      expect(await count("maintenance_requests", (eb) => eb("client_id", "in", [a.id, b.id]))).toBe(before);
    }

    for (const url of [
      `/arquivos/contratos/${contract.id}`,
      `/arquivos/manutencao/imagens/${image}`,
      `/arquivos/manutencao/documentos/${document}`,
      `/arquivos/manutencao/documentos/${document}?download=1`,
    ]) {
      const file = await context.request.get(url, { maxRedirects: 0 });
      expect(file.headers()["cache-control"], url).toBe("private, no-store");
      if (who === "clientA" || who === "admin" || who === "master") {
        expect(file.status(), url).toBe(200);
        expect(file.headers()["content-disposition"], url).toMatch(
          url.endsWith("download=1") ? /^attachment; / : /^inline; /,
        );
      } else {
        expect(file.status(), url).toBe(404);
        expect(await file.text(), url).not.toContain("matriz");
      }
    }
    const logout = await context.request.post("/client-logout", {
      form: {},
      headers: { Origin: E2E_URL },
      maxRedirects: 0,
    });
    expect(logout.status()).toBe(302);
  });
}

test("with JavaScript the chosen photos are previewed, refused ones dropped at once, and the form starts over after sending", async ({
  page,
  createClient,
  signInClient,
}) => {
  const a = await createClient();
  await signInClient(a);
  await page.goto("/client-area?tab=manutencao");
  const input = page.getByLabel("Imagens (opcional)");
  const previews = page.getByRole("list", { name: "Imagens escolhidas" }).getByRole("img");
  const jpeg = await sampleJpeg();
  const photos = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ name: `foto-${i + 1}.jpg`, mimeType: "image/jpeg", buffer: jpeg }));

  await input.setInputFiles(photos(6));
  await expect(page.getByRole("alert")).toContainText("Envie no máximo 5 imagens.");
  await expect(previews).toHaveCount(5);
  expect(await input.evaluate((el: HTMLInputElement) => el.files?.length)).toBe(5);

  const big = Buffer.concat([jpeg.subarray(0, 4), Buffer.alloc(6 * 1024 * 1024, 1)]);
  await input.setInputFiles([...photos(1), { name: "grande.jpg", mimeType: "image/jpeg", buffer: big }]);
  await expect(page.getByRole("alert")).toContainText("Arquivos inválidos: Apenas imagens de até 5MB são permitidas.");
  await expect(previews).toHaveCount(1);
  await expect(previews.first()).toHaveAttribute("alt", "foto-1.jpg");

  await page.getByLabel("Título").fill("Porta emperrada");
  await page.getByLabel("Descrição detalhada").fill("A porta da sala não fecha.");
  await page.getByRole("button", { name: "Enviar Solicitação" }).click();
  await expect(toast(page)).toContainText("Solicitação enviada");
  await expect(page.locator("li[data-request-id]").filter({ hasText: "Porta emperrada" }).getByRole("img")).toHaveCount(
    1,
  );
  await expect(page.getByLabel("Título")).toHaveValue("");
  await expect(previews).toHaveCount(0);
});
