import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { EXE, PDF, insertMaintenanceImage, insertMaintenanceRequest } from "#tests/fixtures/admin-rental";
import { appDb, count } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { E2E_UPLOADS, E2E_URL } from "#tests/setup/paths";

// Gestão de Manutenções (issue 7): the requests with their badges and details
// in Portuguese; "Gerenciar" sets status, priority and notes (completed stamps
// completed_at); "Upload Documento" attaches a file judged by content. With
// JavaScript on and off.

const toast = (page: Page) => page.getByTestId("toast");
const card = (page: Page, title: string) => page.getByTestId("maintenance-request").filter({ hasText: title });
const privateDir = path.join(E2E_UPLOADS, "private");
// Whether a stored private file holds these bytes (other tests upload beside this one).
const storedWith = (bytes: Buffer) =>
  fs.existsSync(privateDir) &&
  fs.readdirSync(privateDir).some((f) => fs.readFileSync(path.join(privateDir, f)).equals(bytes));

const requestRow = (id: number) =>
  appDb()
    .selectFrom("maintenance_requests")
    .select(["status", "priority", "admin_notes", "completed_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const documentsOf = (id: number) =>
  appDb()
    .selectFrom("maintenance_documents")
    .select(["id", "file_name", "file_key", "mime_type"])
    .where("request_id", "=", id)
    .orderBy("id")
    .execute();

test("the list shows each request in Portuguese, newest first, images in a new tab", async ({
  admin: _admin,
  page,
  createClient,
}) => {
  const client = await createClient();
  const tag = uniq();
  const older = await insertMaintenanceRequest(client.id, {
    title: `Portão ${tag}`,
    status: "aguardando_peca",
    priority: "critica",
    category: "security",
    requested_at: "2026-01-02T13:00:00.000Z",
  });
  const newer = await insertMaintenanceRequest(client.id, {
    title: `Vazamento ${tag}`,
    description: "Água sob a pia.",
    category: "plumbing",
    priority: "urgent",
    requested_at: "2026-03-04T15:30:00.000Z",
  });
  const image = await insertMaintenanceImage(newer);
  await page.goto("/admin/clients?aba=manutencoes");
  await expect(page.getByRole("heading", { name: "Gestão de Manutenções" })).toBeVisible();

  const titles = await page.getByTestId("maintenance-request").filter({ hasText: tag }).locator("h3").allTextContents();
  expect(titles).toEqual([`Vazamento ${tag}`, `Portão ${tag}`]);
  const c = card(page, `Vazamento ${tag}`);
  await expect(c).toContainText("Pendente");
  await expect(c).toContainText("Prioridade: Urgente");
  await expect(c).toContainText(client.name);
  await expect(c).toContainText("Hidráulica");
  await expect(c).toContainText("Água sob a pia.");
  await expect(c).toContainText("04/03/2026 11:30");
  const link = c.getByRole("link", { name: "Imagem 1" });
  await expect(link).toHaveAttribute("href", `/arquivos/manutencao/imagens/${image}`);
  await expect(link).toHaveAttribute("target", "_blank");
  // Unknown values are shown as stored.
  const o = card(page, `Portão ${tag}`);
  await expect(o).toContainText("aguardando_peca");
  await expect(o).toContainText("Prioridade: critica");
  await expect(o).toContainText("Segurança");
  await expect(o.getByRole("link", { name: `Gerenciar Portão ${tag}` })).toHaveAttribute(
    "href",
    `/admin/clients/manutencoes/${older}`,
  );
});

for (const js of [true, false]) {
  test(`sets a request to completed with a note and uploads a document (JavaScript ${js ? "on" : "off"})`, async ({
    admin,
    newContext,
    signIn,
    createClient,
  }) => {
    const client = await createClient();
    const title = `Chuveiro ${uniq()}`;
    const id = await insertMaintenanceRequest(client.id, { title, category: "electrical" });
    const context = await newContext({ javaScriptEnabled: js });
    await signIn(admin, context);
    const page = await context.newPage();
    await page.goto("/admin/clients?aba=manutencoes");
    await card(page, title)
      .getByRole("link", { name: `Gerenciar ${title}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/clients/manutencoes/${id}$`));
    await expect(page.getByLabel("Status")).toHaveValue("pending");
    await page.getByLabel("Status").selectOption({ label: "Concluída" });
    await page.getByRole("dialog").getByLabel("Prioridade").selectOption({ label: "Alta" });
    await page.getByLabel("Observações do administrador").fill("Resistência trocada pelo eletricista.");
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(toast(page)).toContainText("Solicitação atualizada com sucesso!");
    await expect(page).toHaveURL(/\/admin\/clients\?aba=manutencoes$/);

    const saved = await requestRow(id);
    expect(saved).toMatchObject({
      status: "completed",
      priority: "high",
      admin_notes: "Resistência trocada pelo eletricista.",
    });
    expect(saved.completed_at).not.toBeNull();
    expect(
      await count("audit_log", (eb) =>
        eb.and([
          eb("entity", "=", "maintenance_request"),
          eb("entity_id", "=", String(id)),
          eb("actor_id", "=", admin.id),
        ]),
      ),
    ).toBe(1);
    const c = card(page, title);
    await expect(c).toContainText("Concluída");
    await expect(c).toContainText("Prioridade: Alta");
    await expect(c).toContainText("Resistência trocada pelo eletricista.");
    await expect(c).toContainText(/Concluída em\s*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    await c.getByRole("link", { name: `Upload Documento para ${title}` }).click();
    await expect(page.getByLabel("Solicitação")).toHaveValue(String(id));
    const fileName = `Nota ${uniq()}.pdf`;
    await page.getByLabel("Arquivo").setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Enviar Documento" }).click();
    await expect(toast(page)).toContainText("Documento de manutenção enviado com sucesso!");
    const [doc] = await documentsOf(id);
    expect(doc).toMatchObject({ file_name: fileName, mime_type: "application/pdf" });
    expect(fs.readFileSync(path.join(privateDir, doc.file_key))).toEqual(PDF);
    await expect(card(page, title).getByRole("link", { name: fileName })).toHaveAttribute(
      "href",
      `/arquivos/manutencao/documentos/${doc.id}`,
    );

    // Back to another status: completed_at is cleared.
    await page.goto(`/admin/clients/manutencoes/${id}`);
    await page.getByLabel("Status").selectOption({ label: "Em andamento" });
    await page.getByRole("button", { name: "Salvar" }).click();
    await expect(toast(page)).toContainText("Solicitação atualizada com sucesso!");
    expect(await requestRow(id)).toMatchObject({ status: "in_progress", completed_at: null });
  });
}

test("the document upload refuses a missing request or file and an .exe renamed .pdf, writing nothing", async ({
  admin,
  newContext,
  signIn,
  createClient,
}) => {
  const client = await createClient();
  const title = `Pintura ${uniq()}`;
  const id = await insertMaintenanceRequest(client.id, { title, category: "painting" });
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  const pdf = Buffer.concat([PDF, Buffer.from(`% ${uniq()}\n`)]);
  const exe = Buffer.concat([EXE, Buffer.from(uniq())]);

  await page.goto("/admin/clients/manutencoes/documentos/novo");
  await page.getByLabel("Arquivo").setInputFiles({ name: "nota.pdf", mimeType: "application/pdf", buffer: pdf });
  await page.getByRole("button", { name: "Enviar Documento" }).click();
  await expect(page.getByText("Selecione uma solicitação e um arquivo.")).toBeVisible();

  await page.goto(`/admin/clients/manutencoes/documentos/novo?solicitacao=${id}`);
  await page.getByRole("button", { name: "Enviar Documento" }).click();
  await expect(page.getByText("Selecione uma solicitação e um arquivo.")).toBeVisible();

  await page.goto(`/admin/clients/manutencoes/documentos/novo?solicitacao=${id}`);
  await page.getByLabel("Arquivo").setInputFiles({ name: "nota.pdf", mimeType: "application/pdf", buffer: exe });
  await page.getByRole("button", { name: "Enviar Documento" }).click();
  await expect(page.getByText("Formato não aceito. Envie um arquivo PDF, DOC, DOCX, JPG ou PNG.")).toBeVisible();
  await expect(page.getByLabel("Solicitação")).toHaveValue(String(id));

  expect(await documentsOf(id)).toEqual([]);
  expect(storedWith(pdf) || storedWith(exe)).toBe(false);
});

test("Gerenciar refuses a status that is not one of the four, changing nothing", async ({
  admin: _admin,
  page,
  createClient,
}) => {
  const client = await createClient();
  const id = await insertMaintenanceRequest(client.id, { title: `Limpeza ${uniq()}`, category: "cleaning" });
  const res = await page.request.post(`/admin/clients/manutencoes/${id}`, {
    form: { status: "done", priority: "low", admin_notes: "x" },
    headers: { Origin: E2E_URL },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(400);
  expect(await requestRow(id)).toMatchObject({ status: "pending", priority: "medium", admin_notes: null });
});
