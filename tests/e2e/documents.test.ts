import fs from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { defaultAgency } from "#app/config/agency";
import { openPdf, pageText } from "#app/models/boletos/pdf-pages.server";
import { formatDocumentCode } from "#app/models/documents/registry.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { finalizeInspection } from "#app/models/inspections/finalize.server";
import { addRoom, createInspection, getInspection, updateItem } from "#app/models/inspections/inspections.server";
import { localToday } from "#app/models/shared/days";
import { appDb } from "#tests/fixtures/db";
import { PRIVATE_DIR } from "#tests/fixtures/rental";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";
import { E2E_URL } from "#tests/setup/paths";

// Issue 38 on a 375 px phone without JavaScript, the tenant's side: an
// entry inspection finalized by staff (the app's own model functions), the
// tenant signs in, finds "Ler e aceitar" on the Vistoria tab, is refused
// without ticking that they read it (the server's message: the browser's
// `required` stops the form first), then accepts it; the tab says so, the
// contests close, and the report served from then on carries the
// "Registro de aceite" page, which /verificar confirms byte for byte.
// The public check of a receipt is in documents-verify.test.ts.

test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

const inspections: number[] = [];
test.afterEach(async () => {
  if (inspections.length === 0) return;
  const ids = inspections.splice(0);
  const db = appDb();
  const docs = db
    .selectFrom("issued_documents")
    .select("id")
    .where("kind", "=", "inspection_report")
    .where("ref_id", "in", ids);
  const keys = [
    ...(await db.selectFrom("document_acceptances").select("file_key").where("document_id", "in", docs).execute()),
    ...(await db.selectFrom("inspections").select("report_key as file_key").where("id", "in", ids).execute()),
  ];
  // The acceptances go with their documents (ON DELETE CASCADE).
  await db.deleteFrom("issued_documents").where("kind", "=", "inspection_report").where("ref_id", "in", ids).execute();
  await db.deleteFrom("inspections").where("id", "in", ids).execute();
  await removePrivateFiles(keys.flatMap((k) => (k.file_key ? [k.file_key] : [])));
});

const pdfOf = async (page: Page, url: string) => {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const bytes = new Uint8Array(await response.body());
  return { bytes, pdf: await openPdf(bytes.slice()) };
};

test("a tenant on a phone reads and accepts the entry inspection's report", async ({
  page,
  createUser,
  createClient,
}) => {
  test.setTimeout(60_000);
  const today = localToday();
  const staff = await createUser("admin");
  const tenant = await createClient({ name: `Inquilina Aceite ${uniq()}` });
  const id = (await createInspection(appDb(), { client_id: tenant.id, kind: "entrada", date: today }, staff))!;
  inspections.push(id);
  await addRoom(appDb(), id, "Sala", staff);
  for (const item of (await getInspection(appDb(), id))!.rooms[0].items)
    await updateItem(appDb(), item.id, { name: item.name, condition: "bom" }, staff);
  expect(await finalizeInspection(appDb(), id, staff, { agency: { ...defaultAgency, cnpj: null }, today })).toBe("ok");
  const doc = await appDb()
    .selectFrom("issued_documents")
    .select(["id", "code", "title"])
    .where("kind", "=", "inspection_report")
    .where("ref_id", "=", id)
    .executeTakeFirstOrThrow();
  expect(doc.title).toBe(`Relatório de Vistoria nº ${id}`);

  // The tenant signs in on the site's client login.
  await page.goto("/client-login");
  await page.getByLabel("Nome de usuário ou Email").fill(tenant.username);
  await page.getByLabel("Senha", { exact: true }).fill(tenant.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/client-area$/);

  await page.goto("/client-area?tab=vistoria");
  await expect(page.getByRole("heading", { name: `Vistoria de entrada nº ${id}` })).toBeVisible();
  await expect(page.getByTestId("contest-window")).toContainText("Você pode contestar qualquer item até");
  await expect(page.getByText(/^Contestar /).first()).toBeVisible();
  const report = `/arquivos/vistorias/relatorios/${id}`;
  const issued = await pdfOf(page, report);
  expect(await pageText(issued.pdf, issued.pdf.numPages)).not.toContain("Registro de aceite");

  await page.getByRole("link", { name: "Ler e aceitar" }).click();
  await expect(page).toHaveURL(new RegExp(`/client-area/documentos/${doc.id}$`));
  await expect(page.getByRole("heading", { name: doc.title })).toBeVisible();
  await expect(page.getByText("Relatório de vistoria", { exact: true })).toBeVisible();
  await expect(page.getByText(formatDocumentCode(doc.code), { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ler o documento (PDF)" })).toHaveAttribute("href", report);
  const read = page.getByLabel("Li o documento inteiro e concordo com o seu conteúdo.");
  await expect(read).not.toBeChecked();
  await expect(read).toHaveAttribute("required", "");
  await expect(page.getByRole("button", { name: "Aceito", exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The form posted without the box (what the browser's `required` stops):
  // refused with the server's message, nothing recorded.
  const refused = await page.request.post(`/client-area/documentos/${doc.id}`, {
    form: {},
    headers: { Origin: E2E_URL },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain("Marque que leu o documento para aceitá-lo.");
  const acceptances = () =>
    appDb()
      .selectFrom("document_acceptances")
      .select(["kind", "accepter_name", "file_key", "accepted_sha256"])
      .where("document_id", "=", doc.id)
      .execute();
  expect(await acceptances()).toEqual([]);

  await read.check();
  await page.getByRole("button", { name: "Aceito", exact: true }).click();
  await expect(page).toHaveURL(/\/client-area\?tab=vistoria$/);
  await expect(page.getByTestId("toast")).toContainText("Aceite registrado");
  await expect(page.getByTestId("acceptance")).toContainText(
    /^Você aceitou este relatório em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/,
  );
  await expect(page.getByRole("link", { name: "Ler e aceitar" })).toHaveCount(0);
  // Accepted: no more contests, and no contest window to read.
  await expect(page.getByText(/^Contestar /)).toHaveCount(0);
  await expect(page.getByTestId("contest-window")).toHaveCount(0);
  const [accepted] = await acceptances();
  expect(accepted).toMatchObject({ kind: "express", accepter_name: tenant.name });
  expect(accepted.accepted_sha256).toMatch(/^[0-9a-f]{64}$/);

  // The report served from now on: one page more, the last one the record.
  const signed = await pdfOf(page, `${report}?download=1`);
  expect(signed.pdf.numPages).toBe(issued.pdf.numPages + 1);
  const last = await pageText(signed.pdf, signed.pdf.numPages);
  expect(last).toContain("Registro de aceite");
  expect(last).toContain(tenant.name);
  expect(Buffer.from(signed.bytes).equals(await fs.readFile(path.join(PRIVATE_DIR, accepted.file_key)))).toBe(true);

  // The acceptance page now says so instead of asking again.
  await page.goto(`/client-area/documentos/${doc.id}`);
  await expect(page.getByText(/^Você aceitou este documento em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Aceito", exact: true })).toHaveCount(0);

  // Anyone with the code: the record is attached, and the accepted file is confirmed as such.
  await page.goto(`/verificar/${doc.code}`);
  await expect(page.getByText("Documento emitido por nós e em vigor")).toBeVisible();
  await expect(page.getByText(/^Registro de aceite anexado em /)).toBeVisible();
  await page.getByLabel("Arquivo PDF").setInputFiles({
    name: "vistoria.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(signed.bytes),
  });
  await page.getByRole("button", { name: "Conferir arquivo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "SHA-256" })).toContainText(
    "O arquivo é idêntico ao documento emitido, com o registro de aceite.",
  );
});
