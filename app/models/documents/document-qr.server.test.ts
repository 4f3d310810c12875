import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { defaultAgency } from "#app/config/agency";
import { renderReceiptPdf } from "#app/models/billing/receipt-pdf.server";
import { openPdf, pageText, renderPage } from "#app/models/boletos/pdf-pages.server";
import { formatDocumentCode } from "./codes";
import { newVerification } from "./registry.server";

// The verification QR and code a document carries (decision 0079), read back
// as a phone and a person would: the page drawn at 150 dpi, the QR decoded by
// zxing (as app/models/boletos/barcode.server.ts loads it), the code in the text.

function prepareReader() {
  const resolve = createRequire(path.join(process.cwd(), "package.json")).resolve;
  const wasm = fs.readFileSync(resolve("zxing-wasm/reader/zxing_reader.wasm"));
  prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
  });
}

describe("a document's verification", () => {
  it("is a QR a phone reads as the /verificar address, and the code under the footer", async () => {
    const verification = newVerification();
    const pdf = await renderReceiptPdf({
      number: 9,
      agency: { ...defaultAgency, cnpj: null },
      tenant: { name: "Maria Silva", cpfCnpj: null },
      propertyAddress: null,
      monthYear: "2026-11",
      dueDate: "2026-11-10",
      items: [{ label: "Aluguel", cents: 1_200_00 }],
      totalCents: 1_200_00,
      paymentDate: "2026-11-09",
      issuedOn: "2026-11-09",
      verification,
    });
    const doc = await openPdf(pdf);
    const png = (await renderPage(doc, 1, 150)).toBuffer("image/png");
    prepareReader();
    const read = await readBarcodes(new Uint8Array(png), { formats: ["QRCode"] });
    expect(read.map((r) => r.text)).toEqual([verification.url]);
    expect(verification.url).toMatch(/\/verificar\/[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(await pageText(doc, 1)).toContain(`com o código ${formatDocumentCode(verification.code)}`);
  });
});
