import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { MAX_CONTRACT_BYTES } from "#app/models/contracts/contract.schema";
import { EXE, PDF } from "#tests/fixtures/admin-rental";
import { appDb, count } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { E2E_UPLOADS, E2E_URL } from "#tests/setup/paths";

// Gestão de Contratos (issue 7): the admin uploads a contract file for a
// client (judged by content), sees it listed with its uploader, and deletes
// it (the row, then the file), with JavaScript on and off.

const toast = (page: Page) => page.getByTestId("toast");
const privateDir = path.join(E2E_UPLOADS, "private");
// Whether a stored private file holds these bytes (other tests upload beside
// this one, so "no new file" is asked of the bytes a test sent).
const storedWith = (bytes: Buffer) =>
  fs.existsSync(privateDir) &&
  fs.readdirSync(privateDir).some((f) => fs.readFileSync(path.join(privateDir, f)).equals(bytes));
// A PDF no other test sends.
const uniquePdf = () => Buffer.concat([PDF, Buffer.from(`% ${uniq()}\n`)]);

const contractsOf = (clientId: number) =>
  appDb().selectFrom("contracts").selectAll().where("client_id", "=", clientId).orderBy("id").execute();

for (const js of [true, false]) {
  test(`uploads a PDF contract, lists it and deletes it (JavaScript ${js ? "on" : "off"})`, async ({
    admin,
    newContext,
    signIn,
    createClient,
  }) => {
    const client = await createClient();
    const context = await newContext({ javaScriptEnabled: js });
    await signIn(admin, context);
    const page = await context.newPage();
    await page.goto("/admin/clients");
    await page.getByRole("link", { name: "Contratos", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Gestão de Contratos" })).toBeVisible();
    await page.getByRole("link", { name: "Enviar Contrato" }).click();
    await expect(page).toHaveURL(/\/admin\/clients\/contratos\/novo$/);

    const fileName = `Contrato ${uniq()}.pdf`;
    await page.getByLabel("Cliente", { exact: true }).selectOption({ label: client.name });
    await page.getByLabel("Arquivo").setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Enviar Contrato" }).click();
    await expect(toast(page)).toContainText("Contrato enviado com sucesso!");
    await expect(page).toHaveURL(/\/admin\/clients\?aba=contratos$/);

    const [stored] = await contractsOf(client.id);
    expect(stored).toMatchObject({
      file_name: fileName,
      mime_type: "application/pdf",
      uploaded_by_id: admin.id,
      uploaded_by_name: admin.name,
    });
    const file = path.join(privateDir, stored.file_key);
    expect(fs.readFileSync(file)).toEqual(PDF);
    expect(
      await count("audit_log", (eb) =>
        eb.and([
          eb("entity", "=", "contract"),
          eb("entity_id", "=", String(stored.id)),
          eb("action", "=", "create"),
          eb("actor_id", "=", admin.id),
        ]),
      ),
    ).toBe(1);

    const row = page.getByTestId("contract-row").filter({ hasText: fileName });
    await expect(row).toContainText(client.name);
    await expect(row).toContainText(admin.name);
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const view = row.getByRole("link", { name: "Visualizar" });
    await expect(view).toHaveAttribute("href", `/arquivos/contratos/${stored.id}`);
    await expect(view).toHaveAttribute("target", "_blank");
    await expect(row.getByRole("link", { name: "Baixar" })).toHaveAttribute(
      "href",
      `/arquivos/contratos/${stored.id}?download=1`,
    );

    await row.getByText("Excluir", { exact: true }).click();
    await row.getByRole("button", { name: "Confirmar exclusão" }).click();
    await expect(toast(page)).toContainText("Contrato excluído com sucesso!");
    await expect(page.getByTestId("contract-row").filter({ hasText: fileName })).toHaveCount(0);
    expect(await contractsOf(client.id)).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    expect(
      await count("audit_log", (eb) =>
        eb.and([eb("entity", "=", "contract"), eb("entity_id", "=", String(stored.id)), eb("action", "=", "delete")]),
      ),
    ).toBe(1);
  });
}

test("an .exe renamed .pdf is refused: the message, no row, no file (JavaScript off)", async ({
  admin,
  newContext,
  signIn,
  createClient,
}) => {
  const client = await createClient();
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  const exe = Buffer.concat([EXE, Buffer.from(uniq())]);
  await page.goto(`/admin/clients/contratos/novo?cliente=${client.id}`);
  await expect(page.getByLabel("Cliente", { exact: true })).toHaveValue(String(client.id));
  await page.getByLabel("Arquivo").setInputFiles({ name: "contrato.pdf", mimeType: "application/pdf", buffer: exe });
  await page.getByRole("button", { name: "Enviar Contrato" }).click();
  await expect(page.getByText("Formato não aceito. Envie um arquivo PDF, DOC ou DOCX.")).toBeVisible();
  await expect(page.getByLabel("Cliente", { exact: true })).toHaveValue(String(client.id));
  expect(await contractsOf(client.id)).toEqual([]);
  expect(storedWith(exe)).toBe(false);
});

test("a contract of exactly 20 MB is accepted and one byte more is refused, writing nothing (JavaScript off)", async ({
  admin,
  newContext,
  signIn,
  createClient,
}) => {
  // Two 20 MB uploads through the browser: slow on a busy 2-core machine.
  test.setTimeout(120_000);
  const client = await createClient();
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  const pdfOf = (size: number) =>
    Buffer.concat([PDF, Buffer.from(`% ${uniq()}\n`), Buffer.alloc(size - PDF.length - 16, 0x20)]).subarray(0, size);

  const tooBig = pdfOf(MAX_CONTRACT_BYTES + 1);
  await page.goto(`/admin/clients/contratos/novo?cliente=${client.id}`);
  await page.getByLabel("Arquivo").setInputFiles({ name: "grande.pdf", mimeType: "application/pdf", buffer: tooBig });
  await page.getByRole("button", { name: "Enviar Contrato" }).click();
  await expect(page.getByText("O arquivo deve ter no máximo 20 MB.")).toBeVisible();
  expect(await contractsOf(client.id)).toEqual([]);
  expect(storedWith(tooBig)).toBe(false);

  const limit = pdfOf(MAX_CONTRACT_BYTES);
  await page.goto(`/admin/clients/contratos/novo?cliente=${client.id}`);
  await page.getByLabel("Arquivo").setInputFiles({ name: "no-limite.pdf", mimeType: "application/pdf", buffer: limit });
  await page.getByRole("button", { name: "Enviar Contrato" }).click();
  await expect(toast(page)).toContainText("Contrato enviado com sucesso!");
  const [stored] = await contractsOf(client.id);
  expect(stored.file_name).toBe("no-limite.pdf");
  expect(fs.statSync(path.join(privateDir, stored.file_key)).size).toBe(MAX_CONTRACT_BYTES);
});

test("a missing client or file gives the spec's message and writes nothing (JavaScript on)", async ({
  admin: _admin,
  page,
  createClient,
}) => {
  const client = await createClient();
  const pdf = uniquePdf();
  await page.goto("/admin/clients/contratos/novo");
  await page.getByLabel("Arquivo").setInputFiles({ name: "contrato.pdf", mimeType: "application/pdf", buffer: pdf });
  await page.getByRole("button", { name: "Enviar Contrato" }).click();
  await expect(page.getByText("Selecione um cliente e um arquivo.")).toBeVisible();

  await page.goto("/admin/clients/contratos/novo");
  await page.getByLabel("Cliente", { exact: true }).selectOption({ label: client.name });
  await page.getByRole("button", { name: "Enviar Contrato" }).click();
  await expect(page.getByText("Selecione um cliente e um arquivo.")).toBeVisible();
  expect(await contractsOf(client.id)).toEqual([]);
  expect(storedWith(pdf)).toBe(false);
});

test("the delete confirmation page works on its own (JavaScript off)", async ({
  admin,
  newContext,
  signIn,
  createClient,
}) => {
  const client = await createClient();
  const context = await newContext({ javaScriptEnabled: false });
  await signIn(admin, context);
  const page = await context.newPage();
  await page.goto(`/admin/clients/contratos/novo?cliente=${client.id}`);
  const fileName = `Apagar ${uniq()}.pdf`;
  await page.getByLabel("Arquivo").setInputFiles({ name: fileName, mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Enviar Contrato" }).click();
  await expect(toast(page)).toContainText("Contrato enviado com sucesso!");
  const [stored] = await contractsOf(client.id);

  await page.goto(`/admin/clients/contratos/${stored.id}/excluir`);
  await expect(page.getByRole("dialog", { name: "Excluir Contrato" }).getByText(fileName)).toBeVisible();
  await page.getByRole("button", { name: "Confirmar exclusão" }).click();
  await expect(toast(page)).toContainText("Contrato excluído com sucesso!");
  expect(await contractsOf(client.id)).toEqual([]);
  expect(fs.existsSync(path.join(privateDir, stored.file_key))).toBe(false);

  // Gone: the page is a 404 and a second delete is the spec's error.
  expect((await page.goto(`/admin/clients/contratos/${stored.id}/excluir`))?.status()).toBe(404);
  const again = await page.request.post(`/admin/clients/contratos/${stored.id}/excluir`, {
    form: { intent: "delete" },
    headers: { Origin: E2E_URL },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
});
