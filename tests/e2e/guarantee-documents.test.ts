import { PDF } from "#tests/fixtures/admin-rental";
import { appDb } from "#tests/fixtures/db";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { E2E_URL } from "#tests/setup/paths";

// A guarantee's documents (issue 36, decision 0075), without JavaScript: staff
// send the apólice from "Garantia do contrato" (a program disguised as a PDF is
// refused), the tenant downloads it from the Contrato tab, another tenant gets
// the 404, and staff delete it, file and all.

test.use({ javaScriptEnabled: false });

test("the apólice sent with the guarantee, read by its tenant alone, then deleted", async ({
  page,
  signInAs,
  signInClient,
  newContext,
  createClient,
}) => {
  const tenant = await createClient({ name: `Inquilino Apólice ${uniq()}` });
  await signInAs("admin");
  await page.goto(`/admin/clients?busca=${encodeURIComponent(tenant.name)}`);
  await page.getByRole("link", { name: `Garantia de ${tenant.name}` }).click();
  const documents = page.getByRole("region", { name: "Documentos da garantia" });
  await expect(documents).toContainText("Nenhum documento");
  await documents.getByRole("link", { name: "Enviar documento" }).click();
  await expect(page.getByRole("heading", { name: "Enviar documento da garantia" })).toBeVisible();

  const exe = Buffer.from("MZ\x90\x00 not a pdf at all", "binary");
  await page.getByLabel("Arquivo").setInputFiles({ name: "apolice.pdf", mimeType: "application/pdf", buffer: exe });
  await page.getByRole("button", { name: "Enviar documento" }).click();
  await expect(page.getByText("Formato não aceito. Envie um PDF, JPG ou PNG.")).toBeVisible();
  expect(
    await appDb().selectFrom("guarantee_documents").select("id").where("client_id", "=", tenant.id).execute(),
  ).toEqual([]);

  await page.getByLabel("Arquivo").setInputFiles({ name: "apolice.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Enviar documento" }).click();
  await expect(page.getByTestId("toast")).toContainText("Documento da garantia enviado");
  await expect(page.getByTestId("guarantee-documents")).toContainText("apolice.pdf");
  const row = await appDb()
    .selectFrom("guarantee_documents")
    .select(["id", "file_key"])
    .where("client_id", "=", tenant.id)
    .executeTakeFirstOrThrow();
  const href = `/arquivos/garantias/${row.id}`;
  expect((await page.request.get(href)).status()).toBe(200);

  // The tenant reads it in the Contrato tab; another tenant gets the 404.
  const own = await newContext({ javaScriptEnabled: false });
  await signInClient(tenant, own);
  const area = await own.newPage();
  await area.goto("/client-area?tab=contrato");
  const listed = area.getByTestId("lease-documents");
  await expect(listed).toContainText("Garantia: apolice.pdf");
  const download = await area.request.get(
    (await listed.getByRole("link", { name: "Baixar Garantia: apolice.pdf" }).getAttribute("href"))!,
  );
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(PDF)).toBe(true);
  const stranger = await createClient({ name: `Outro Inquilino ${uniq()}` });
  const other = await newContext({ javaScriptEnabled: false });
  await signInClient(stranger, other);
  expect((await (await other.newPage()).request.get(href)).status()).toBe(404);

  // Deleted after a confirmation: the row, the file, an audit row.
  await page.getByRole("link", { name: "Excluir apolice.pdf" }).click();
  await page.getByRole("button", { name: "Confirmar exclusão" }).click();
  await expect(page.getByTestId("toast")).toContainText("Documento da garantia excluído");
  await expect(page.getByRole("region", { name: "Documentos da garantia" })).toContainText("Nenhum documento");
  expect((await page.request.get(href)).status()).toBe(404);
  // Posted again (a second click): the list with the error, not a 404.
  const again = await page.request.post(`/admin/clients/garantias/documentos/${row.id}/excluir`, {
    form: { intent: "delete" },
    headers: { Origin: E2E_URL },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect(new URL(again.headers().location, E2E_URL).pathname).toBe("/admin/clients");
  expect(
    await appDb()
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "guarantee_document")
      .where("entity_id", "=", String(row.id))
      .orderBy("id")
      .execute(),
  ).toEqual([{ action: "create" }, { action: "delete" }]);
});
