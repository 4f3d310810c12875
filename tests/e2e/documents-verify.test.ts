import fs from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { defaultAgency } from "#app/config/agency";
import { registerPayment } from "#app/models/billing/payments.server";
import { formatDay } from "#app/models/clients/status";
import { documentOf, formatDocumentCode, newDocumentCode } from "#app/models/documents/registry.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { localToday } from "#app/models/shared/days";
import { cents, formatBRL } from "#app/models/shared/money";
import { appDb } from "#tests/fixtures/db";
import { PRIVATE_DIR } from "#tests/fixtures/rental";
import { uniq } from "#tests/fixtures/site";
import { expect, test } from "#tests/fixtures/test";

// Issue 38, /verificar, on a 375 px phone without JavaScript: a visitor
// holding a rent receipt types its code loosely (lower case, dashes) and is
// sent to the code's own page, which says what the document is and that it
// stands; the receipt's PDF uploaded is confirmed byte for byte, a copy with
// one byte changed is not; an unknown code and a malformed one say so.

test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

// The receipts' files and their register rows (the billing fixture removes
// the billing, its receipts' rows with it, not their files).
const receipts: number[] = [];
test.afterEach(async () => {
  if (receipts.length === 0) return;
  const ids = receipts.splice(0);
  const files = await appDb().selectFrom("billing_receipts").select("file_key").where("id", "in", ids).execute();
  await appDb().deleteFrom("issued_documents").where("kind", "=", "receipt").where("ref_id", "in", ids).execute();
  await removePrivateFiles(files.map((f) => f.file_key));
});

const codeField = (page: Page) => page.getByLabel("Código de verificação");
const outcome = (page: Page) => page.getByRole("status").filter({ hasText: "SHA-256 do arquivo:" });

async function check(page: Page, bytes: Uint8Array) {
  await page.getByLabel("Arquivo PDF").setInputFiles({
    name: "recibo.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from(bytes),
  });
  await page.getByRole("button", { name: "Conferir arquivo" }).click();
}

test("a visitor checks a rent receipt by its code, then its file, then a changed copy", async ({
  page,
  createUser,
  createClient,
  createBilling,
}) => {
  const staff = await createUser("admin");
  const client = await createClient({ name: `Vera Recibo ${uniq()}` });
  const billing = await createBilling(client.id, { amount_cents: cents(98_700) });
  const paid = await registerPayment(
    appDb(),
    billing.id,
    { payment_date: localToday(), amount_paid: cents(98_700) },
    staff,
    { agency: { ...defaultAgency, cnpj: null } },
  );
  if (!paid.ok || !paid.receiptNumber) throw new Error(`payment: ${JSON.stringify(paid)}`);
  receipts.push(paid.receiptNumber);
  const receipt = await appDb()
    .selectFrom("billing_receipts")
    .select("file_key")
    .where("id", "=", paid.receiptNumber)
    .executeTakeFirstOrThrow();
  const doc = (await documentOf(appDb(), "receipt", paid.receiptNumber))!;
  expect(doc.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
  const bytes = new Uint8Array(await fs.readFile(path.join(PRIVATE_DIR, receipt.file_key)));

  // Typed as a person would copy it: lower case, with its dashes.
  await page.goto("/verificar");
  await expect(page.getByRole("heading", { name: "Verificar documento", level: 1 })).toBeVisible();
  await expect(
    page.getByText(
      "Está no rodapé de cada página do documento; o QR code no alto dele abre esta página já com o código.",
    ),
  ).toBeVisible();
  await codeField(page).fill(formatDocumentCode(doc.code).toLowerCase());
  await page.getByRole("button", { name: "Verificar", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/verificar/${doc.code}$`));
  await expect(codeField(page)).toHaveValue(formatDocumentCode(doc.code));
  await expect(page.getByRole("status").first()).toHaveText("Documento emitido por nós e em vigor");
  const card = page.getByRole("region", { name: `Recibo de Aluguel nº ${paid.receiptNumber}` });
  await expect(card.getByText("Recibo de aluguel", { exact: true })).toBeVisible();
  await expect(card.getByText(formatBRL(cents(98_700)), { exact: true })).toBeVisible();
  await expect(card.getByText(formatDay(localToday()), { exact: true })).toBeVisible();
  // The parties by first name only.
  await expect(card.getByText("Vera", { exact: true })).toBeVisible();
  await expect(card).not.toContainText(client.name);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The file as issued: identical.
  await check(page, bytes);
  await expect(page).toHaveURL(new RegExp(`/verificar/${doc.code}$`));
  await expect(outcome(page)).toContainText("O arquivo é idêntico ao documento emitido.");
  await expect(outcome(page)).not.toContainText("registro de aceite");

  // One byte changed, past the header: not the document issued.
  const changed = bytes.slice();
  const at = Math.floor(changed.length / 2);
  changed[at] = changed[at] ^ 0x01;
  await check(page, changed);
  await expect(outcome(page)).toContainText("O arquivo não é o documento emitido: foi alterado ou é outro documento.");
  await expect(outcome(page)).not.toContainText("é idêntico");

  // A code never issued, and one that cannot be a code.
  let unknown = newDocumentCode();
  while (unknown === doc.code) unknown = newDocumentCode();
  await codeField(page).fill(formatDocumentCode(unknown));
  await page.getByRole("button", { name: "Verificar", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/verificar/${unknown}$`));
  await expect(page.getByRole("alert")).toHaveText("Nenhum documento foi emitido com este código.");
  await expect(page.getByText("Documento emitido por nós e em vigor")).toHaveCount(0);
  await expect(page.getByLabel("Arquivo PDF")).toHaveCount(0);
  const missing = await page.request.get(`/verificar/${unknown}`);
  expect(missing.status()).toBe(404);

  await codeField(page).fill("abc-123");
  await page.getByRole("button", { name: "Verificar", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Código inválido: são 12 letras e números.");
  await expect(codeField(page)).toHaveValue("abc-123");
});
