import fs from "node:fs";
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createBilling } from "#app/models/billing/billing.server";
import { registerPayment, reverseBillingPayments } from "#app/models/billing/payments.server";
import { openPdf, pageText } from "#app/models/boletos/pdf-pages.server";
import { createClient } from "#app/models/clients/clients.server";
import {
  documentOf,
  formatDocumentCode,
  newDocumentCode,
  normalizeDocumentCode,
} from "#app/models/documents/registry.server";
import { lookupDocument, matchVersion } from "#app/models/documents/verification.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { finalizeInspection } from "#app/models/inspections/finalize.server";
import { createCorrection } from "#app/models/inspections/corrections.server";
import { addRoom, createInspection, getInspection, updateItem } from "#app/models/inspections/inspections.server";
import { issueTenantIncomePdf } from "#app/models/owners/income-documents.server";
import { tenantIncome } from "#app/models/owners/income-report.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { cents } from "#app/models/shared/money";
import { privateFolders, staffActor } from "#tests/fixtures/rental-env";
import { tempDatabase } from "#tests/fixtures/temp-db";

// Verifiable documents (issue 38, docs/decisions/0079-verifiable-documents.md)
// on a fresh database: a paid rent's receipt is registered under its code
// with the SHA-256 of the very bytes kept on disk, the code and the landlord
// printed on it; any byte changed is no longer it; a reversed payment cancels
// it; a corrected inspection's report replaces the first. The public page is
// verifiable-documents-page.test.ts.

const folders = privateFolders("it-verifiable-documents");
let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let actor: { id: number; name: string };
const issuer = (today: string) => ({ agency: { ...defaultAgency, cnpj: "12.345.678/0001-95" }, today });
const hex = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let seq = 0;
// A lease of Tiago's, owned by Olga alone (the trigger of migration 0036
// makes her lease_owners row at 100%).
async function leaseWithOwner() {
  seq += 1;
  const owner = await createOwner(db, ownerSchema.parse({ name: "Olga Proprietária", email: `o${seq}@ex.com` }), null);
  const created = await createClient(
    db,
    {
      name: "Tiago Inquilino",
      email: `t${seq}@teste.com`,
      username: `vd${seq}`,
      password: "senha1234",
      payment_due_day: 10,
      cpf_cnpj: "52998224725",
      property_address: "Rua Paranaíba, 500 - Centro, Três Lagoas - MS",
      owner_id: owner,
    },
    actor,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

async function paidReceipt() {
  const client = await leaseWithOwner();
  const b = await createBilling(
    db,
    { client_id: client, month_year: "2026-10", amount_cents: cents(1_250_00), due_date: "2026-10-10" },
    actor,
  );
  if (!b.ok) throw new Error("billing");
  const paid = await registerPayment(
    db,
    b.id,
    { payment_date: "2026-10-08", amount_paid: cents(1_250_00) },
    actor,
    issuer("2026-10-08"),
  );
  if (!paid.ok) throw new Error(`payment: ${JSON.stringify(paid)}`);
  const receipt = await db
    .selectFrom("billing_receipts")
    .selectAll()
    .where("billing_id", "=", b.id)
    .executeTakeFirstOrThrow();
  const bytes = new Uint8Array(fs.readFileSync(privateFilePath(receipt.file_key)!));
  return { client, billingId: b.id, receipt, bytes };
}

async function pdfWords(bytes: Uint8Array) {
  const doc = await openPdf(bytes.slice());
  try {
    return (await pageText(doc, 1)).replace(/\s+/g, " ");
  } finally {
    await doc.destroy();
  }
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-verifiable-documents-db-"));
  actor = await staffActor(db);
});

afterAll(async () => {
  await cleanup();
  folders.remove();
});

describe("a paid rent's receipt", () => {
  it("is registered under a 12-symbol code with the SHA-256 of the PDF kept, and prints the code and the landlord", async () => {
    const { client, receipt, bytes } = await paidReceipt();
    expect(
      await db.selectFrom("lease_owners").select(["owner_id", "share_bp"]).where("client_id", "=", client).execute(),
    ).toEqual([{ owner_id: expect.any(Number), share_bp: 10_000 }]);
    const docs = await db
      .selectFrom("issued_documents")
      .selectAll()
      .where("kind", "=", "receipt")
      .where("ref_id", "=", receipt.id)
      .execute();
    expect(docs).toEqual([
      expect.objectContaining({
        kind: "receipt",
        ref_id: receipt.id,
        title: `Recibo de Aluguel nº ${receipt.id}`,
        issued_on: "2026-10-08",
        amount_cents: receipt.total_cents,
        parties: "Tiago, Olga",
        cancelled_at: null,
        replaced_by_id: null,
      }),
    ]);
    expect(receipt.total_cents).toBe(1_250_00);
    const [doc] = docs;
    expect(doc!.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    const files = await db.selectFrom("issued_document_files").selectAll().where("document_id", "=", doc!.id).execute();
    expect(files).toEqual([expect.objectContaining({ version: "issued", sha256: hex(bytes) })]);
    expect(bytes.byteLength).toBe(receipt.size);
    const words = await pdfWords(bytes);
    expect(words).toContain(formatDocumentCode(doc!.code));
    expect(words).toContain("por conta e ordem do locador Olga Proprietária");
  });

  it("is that file byte for byte: one byte flipped is no version of it, the bytes kept are the one issued", async () => {
    const { receipt, bytes } = await paidReceipt();
    const doc = await lookupDocument(db, (await documentOf(db, "receipt", receipt.id))!.code);
    expect(matchVersion(doc!, hex(bytes))).toMatchObject({ version: "issued" });
    for (const at of [0, Math.floor(bytes.byteLength / 2), bytes.byteLength - 1]) {
      const changed = bytes.slice();
      changed[at] ^= 0x01;
      expect(hex(changed)).not.toBe(hex(bytes));
      expect(matchVersion(doc!, hex(changed))).toBeNull();
    }
  });

  it("is cancelled, with the reason, when its payment is reversed", async () => {
    const { billingId, receipt } = await paidReceipt();
    const back = await reverseBillingPayments(db, billingId, "Devolução do Pix", actor, "2026-10-12");
    expect(back).toMatchObject({ ok: true, voided: [receipt.id] });
    const voided = await db
      .selectFrom("billing_receipts")
      .select("voided_at")
      .where("id", "=", receipt.id)
      .executeTakeFirstOrThrow();
    const doc = await documentOf(db, "receipt", receipt.id);
    expect(doc).toMatchObject({ cancelled_at: voided.voided_at, cancel_reason: "Devolução do Pix" });
    expect(doc!.cancelled_at).not.toBeNull();
    expect(await lookupDocument(db, doc!.code)).toMatchObject({
      cancelled_at: voided.voided_at,
      cancel_reason: "Devolução do Pix",
    });
  });
});

describe("an informe drawn on demand", () => {
  it("is registered at each drawing, under a code of its own, with its amount and hash", async () => {
    const { client } = await paidReceipt();
    const r = (await tenantIncome(db, client, 2026))!;
    const pdf = await issueTenantIncomePdf(db, r, issuer("2026-10-08").agency, "2026-10-08");
    const again = await issueTenantIncomePdf(db, r, issuer("2026-10-08").agency, "2026-10-08");
    const docs = await db
      .selectFrom("issued_documents")
      .selectAll()
      .where("kind", "=", "tenant_income")
      .where("ref_id", "=", client)
      .orderBy("id")
      .execute();
    expect(docs).toHaveLength(2);
    expect(docs[0]).toMatchObject({ title: "Aluguéis Pagos em 2026", parties: "Tiago", amount_cents: r.totalCents });
    expect(docs[0].code).not.toBe(docs[1].code);
    const [found] = await db
      .selectFrom("issued_document_files")
      .select("sha256")
      .where("document_id", "=", docs[0].id)
      .execute();
    expect(found.sha256).toBe(hex(pdf));
    expect(hex(again)).not.toBe(hex(pdf));
    expect(await pdfWords(pdf)).toContain(formatDocumentCode(docs[0].code));
  });
});

describe("a corrected inspection's report", () => {
  it("is replaced by the correction's: replaced_by_id set, and the page names the new code", async () => {
    const client = await leaseWithOwner();
    const id = (await createInspection(db, { client_id: client, kind: "entrada", date: "2026-11-24" }, actor))!;
    expect((await addRoom(db, id, "Sala", actor)).outcome).toBe("ok");
    for (const item of (await getInspection(db, id))!.rooms.flatMap((r) => r.items))
      await updateItem(db, item.id, { name: item.name, condition: "bom" }, actor);
    const today = { agency: { ...defaultAgency, cnpj: null }, today: "2026-11-24" };
    expect(await finalizeInspection(db, id, actor, today)).toBe("ok");
    const first = (await documentOf(db, "inspection_report", id))!;
    expect(first).toMatchObject({
      title: `Relatório de Vistoria nº ${id}`,
      parties: "Tiago, Olga",
      replaced_by_id: null,
    });
    const report = await db
      .selectFrom("inspections")
      .select("report_key")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const bytes = new Uint8Array(fs.readFileSync(privateFilePath(report.report_key!)));
    expect(matchVersion((await lookupDocument(db, first.code))!, hex(bytes))).toMatchObject({ version: "issued" });

    const made = await createCorrection(db, id, actor);
    if (made.outcome !== "ok") throw new Error(`correction: ${made.outcome}`);
    const corrected = (await getInspection(db, made.id))!;
    await updateItem(db, corrected.rooms[0]!.items[0]!.id, { name: "Paredes", condition: "regular" }, actor);
    expect(await finalizeInspection(db, made.id, actor, today)).toBe("ok");
    const second = (await documentOf(db, "inspection_report", made.id))!;
    expect(second.code).not.toBe(first.code);
    expect(second.replaced_by_id).toBeNull();
    expect((await documentOf(db, "inspection_report", id))!.replaced_by_id).toBe(second.id);
    expect(await lookupDocument(db, first.code)).toMatchObject({
      replaced_by_code: second.code,
      replaced_by_title: `Relatório de Vistoria nº ${made.id}`,
      replaced_by_issued_on: "2026-11-24",
      kindLabel: "Relatório de vistoria",
    });
    expect(await lookupDocument(db, second.code)).toMatchObject({ replaced_by_code: null });
  });
});

describe("the codes", () => {
  it("are 12 symbols of Crockford's base 32, never the same twice in 1000", () => {
    const codes = Array.from({ length: 1000 }, newDocumentCode);
    for (const code of codes) expect(code).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{12}$/);
    expect(new Set(codes).size).toBe(1000);
  });

  it("are read as typed: case, dashes and spaces; O as 0, I and L as 1; wrong lengths and U refused", () => {
    expect(normalizeDocumentCode("abcd-efgh-jkmn")).toBe("ABCDEFGHJKMN");
    expect(normalizeDocumentCode(" 7k3m 9q2x hc4r ")).toBe("7K3M9Q2XHC4R");
    expect(normalizeDocumentCode("OOOO-IIII-LLLL")).toBe("000011111111");
    expect(normalizeDocumentCode("oioi-lolo-1010")).toBe("010110101010");
    expect(normalizeDocumentCode("ABCD-EFGH-JKM")).toBeNull();
    expect(normalizeDocumentCode("ABCD-EFGH-JKMNP")).toBeNull();
    expect(normalizeDocumentCode("")).toBeNull();
    expect(normalizeDocumentCode("ABCD-EFGH-JKMU")).toBeNull();
    expect(normalizeDocumentCode("ABCD-EFGH-JKM*")).toBeNull();
    const code = newDocumentCode();
    expect(normalizeDocumentCode(formatDocumentCode(code).toLowerCase())).toBe(code);
  });
});
