import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import { renderReceiptPdf, type ReceiptPdfData } from "#app/models/billing/receipt-pdf.server";
import { renderSettlementPdf } from "#app/models/leases/settlement-pdf.server";

// The agency's signature (issue 38, docs/decisions/0079-verifiable-documents.md):
// a throwaway certificate made by openssl as an A1 would be (PKCS#12 with a
// password), the documents the app draws signed with it, and each signature
// checked by an independent verifier, poppler's pdfsig.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "it-signature-"));
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: dir, stdio: "pipe" });
run("openssl", [
  "req",
  "-x509",
  "-newkey",
  "rsa:2048",
  "-nodes",
  "-keyout",
  "key.pem",
  "-out",
  "cert.pem",
  "-days",
  "2",
  "-subj",
  "/C=BR/O=ICP-Brasil/CN=LAGOA IMOVEIS LTDA:12345678000195",
]);
run("openssl", [
  "pkcs12",
  "-export",
  "-inkey",
  "key.pem",
  "-in",
  "cert.pem",
  "-out",
  "a1.p12",
  "-passout",
  "pass:s3nha-A1",
]);
vi.stubEnv("AGENCY_CERT_PATH", path.join(dir, "a1.p12"));
vi.stubEnv("AGENCY_CERT_PASSWORD", "s3nha-A1");

afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

// What pdfsig says of a file (it exits non-zero on an invalid signature).
function pdfsig(bytes: Uint8Array) {
  const file = path.join(dir, `check-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, bytes);
  const out = spawnSync("pdfsig", [file], { encoding: "utf8" });
  return out.stdout + out.stderr;
}

const receipt: ReceiptPdfData = {
  number: 7,
  agency: { ...defaultAgency, cnpj: "12.345.678/0001-95" },
  tenant: { name: "Trần Thị Hương", cpfCnpj: "52998224725" },
  propertyAddress: "Rua Paranaíba, 500 - Centro, Três Lagoas - MS",
  monthYear: "2026-11",
  dueDate: "2026-11-10",
  items: [{ label: "Aluguel", cents: 1_500_00 }],
  totalCents: 1_500_00,
  paymentDate: "2026-11-09",
  issuedOn: "2026-11-09",
  landlords: ["José Andrade"],
};

describe("the agency's signature", () => {
  it("signs a receipt; pdfsig finds the whole document signed by the certificate, SHA-256, CAdES", async () => {
    const said = pdfsig(await renderReceiptPdf(receipt));
    expect(said).toContain("Signer Certificate Common Name: LAGOA IMOVEIS LTDA:12345678000195");
    expect(said).toContain("Signing Hash Algorithm: SHA-256");
    expect(said).toContain("Signature Type: ETSI.CAdES.detached");
    expect(said).toContain("Total document signed");
    expect(said).toContain("Signature Validation: Signature is Valid.");
  });

  it("a byte changed after signing breaks it", async () => {
    const signed = Buffer.from(await renderReceiptPdf(receipt));
    // The amount as drawn is in a compressed stream; change a byte of the
    // first page's content, well inside the first signed range.
    const at = signed.indexOf("stream") + 20;
    signed[at] = signed[at] ^ 0x01;
    const said = pdfsig(signed);
    expect(said).not.toContain("Signature is Valid.");
    expect(said).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it("signs every kind drawn on the shared sheet (the Termo de Encerramento)", async () => {
    const pdf = await renderSettlementPdf({
      agency: receipt.agency,
      contract: {
        name: "Ana Souza",
        cpf_cnpj: null,
        property_address: "Rua A, 1",
        contract_start_date: "2025-01-01",
        contract_end_date: "2027-12-31",
      },
      owners: ["José Andrade"],
      returnedOn: "2026-11-20",
      lines: [{ label: "Aluguel de novembro", cents: 1_000_00 }],
      owedAfterCents: 1_000_00,
      toReturnCents: 0,
      issuedOn: "2026-11-20",
    });
    expect(pdfsig(pdf)).toContain("Signature Validation: Signature is Valid.");
  });
});
