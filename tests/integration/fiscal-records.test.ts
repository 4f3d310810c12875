import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { createBilling, generateContractBillings } from "#app/models/billing/billing.server";
import { addBillingDocument } from "#app/models/billing/documents.server";
import { createDueBillings } from "#app/models/billing/jobs.server";
import { queueNotices } from "#app/models/billing/notices.server";
import { registerPayment, setBillingStatus } from "#app/models/billing/payments.server";
import { createClient, deleteClient } from "#app/models/clients/clients.server";
import { endContract, reopenContract } from "#app/models/clients/contract-end.server";
import { deleteRefusal } from "#app/models/clients/money-history";
import { enqueueEmail } from "#app/models/email/outbox.server";
import { privateFilePath, storePrivateFile } from "#app/models/files/private-store.server";
import { dimobYear } from "#app/models/owners/dimob.server";
import { tenantIncome } from "#app/models/owners/income-report.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { currentAnniversary, dueReadjustments, runReadjustments } from "#app/models/owners/readjustments.server";
import { ANONYMIZED } from "#app/models/privacy/anonymized";
import { erasePersonalData, erasureResult, previewPersonalData } from "#app/models/privacy/privacy.server";
import { cents } from "#app/models/shared/money";
import { tempDatabase } from "#tests/fixtures/temp-db";

// Nothing fiscal is deleted (issue 35, docs/decisions/0062-nothing-fiscal-deleted.md),
// on a fresh database: "Excluir" refuses a client with money history (a
// payment, a receipt even voided, a readjustment) and still deletes one
// without; "Encerrar contrato" stops the billing of later months and the
// readjustments and keeps every row, "Reabrir" undoes it; the LGPD erasure of
// a tenant with payments keeps its billings, receipts and DIMOB data and
// removes the rest.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-fiscal-"));
vi.stubEnv("UPLOADS_DIR", uploads);
vi.stubEnv("AGENCY_CNPJ", "11.222.333/0001-81");
vi.stubEnv("AGENCY_RESPONSIBLE_CPF", "529.982.247-25");
vi.stubEnv("AGENCY_MUNICIPALITY_CODE", "9165");

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana Staff" };
const TODAY = "2026-11-20";
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: TODAY };
const settings = { issueDays: 20, pix: null, cnpj: null };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

let seq = 0;
async function tenant(values: Partial<Parameters<typeof createClient>[1]> = {}) {
  seq += 1;
  const created = await createClient(
    db,
    {
      name: `Inquilina ${seq}`,
      email: `inquilina${seq}@teste.com`,
      username: `inquilina${seq}`,
      password: "senha1234",
      phone: "(67) 99999-0000",
      payment_due_day: 5,
      ...values,
    },
    actor,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

async function bill(clientId: number, month: string, amount = 150000) {
  const b = await createBilling(
    db,
    { client_id: clientId, month_year: month, amount_cents: cents(amount), due_date: `${month}-05` },
    actor,
  );
  if (!b.ok) throw new Error("billing");
  return b.id;
}

async function pay(billingId: number, day: string, amount = 150000) {
  const paid = await registerPayment(db, billingId, { payment_date: day, amount_paid: cents(amount) }, actor, issuer);
  if (!paid.ok) throw new Error(`payment: ${paid.reason}`);
}

const rows = (
  table: "billing" | "billing_receipts" | "readjustments",
  column: "client_id" | "billing_id",
  ids: number[],
) => db.selectFrom(table).select("id").where(column, "in", ids).execute();
const billingIds = async (clientId: number) =>
  (await db.selectFrom("billing").select("id").where("client_id", "=", clientId).execute()).map((b) => b.id);
const months = async (clientId: number) =>
  (
    await db
      .selectFrom("billing")
      .select("month_year")
      .where("client_id", "=", clientId)
      .orderBy("month_year")
      .execute()
  ).map((b) => b.month_year);
const audits = (id: number) =>
  db
    .selectFrom("audit_log")
    .select(["action", "changes"])
    .where("entity", "=", "client")
    .where("entity_id", "=", String(id))
    .orderBy("id")
    .execute();

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-fiscal-"));
  actor.id = await createUser(
    db,
    { username: "ana", email: "ana@agencia.com", name: "Ana Staff", password: "senha1234", role: "admin" },
    null,
  );
});
afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

// A proof of payment the tenant sent for a billing, with its file: the file's key.
async function proofOf(clientId: number, billingId: number) {
  const key = await storePrivateFile(PDF, ".pdf");
  await db
    .insertInto("payment_proofs")
    .values({
      billing_id: billingId,
      client_id: clientId,
      file_name: "comprovante.pdf",
      file_key: key,
      mime_type: "application/pdf",
      size: PDF.length,
      op_key: `prova-${key.slice(0, 20)}`,
      sent_at: new Date().toISOString(),
    })
    .execute();
  return key;
}

describe("Excluir", () => {
  it("refuses a client with a paid billing and its receipt; nothing changes", async () => {
    const id = await tenant();
    const b = await bill(id, "2026-10");
    await pay(b, "2026-10-05");
    const receipt = await db
      .selectFrom("billing_receipts")
      .select(["id", "file_key"])
      .where("billing_id", "=", b)
      .executeTakeFirstOrThrow();
    const before = (await db.selectFrom("audit_log").select("id").execute()).length;

    const refused = await deleteClient(db, id, actor);
    expect(refused).toMatchObject({ ok: false, reason: "money-history", endedOn: null });
    if (!refused || refused.ok) throw new Error("refused");
    expect(refused.history).toMatchObject({ payments: 1, receipts: 1 });
    expect(deleteRefusal(refused).description).toBe(
      `Inquilina ${seq} tem 1 cobrança paga e 1 recibo. Cobranças pagas, recibos, repasses e os dados da DIMOB e dos informes de rendimentos são guardados por pelo menos cinco anos e não podem ser apagados. Use “Encerrar contrato” para encerrar o contrato sem apagar nada.`,
    );
    expect(await db.selectFrom("clients").select("id").where("id", "=", id).executeTakeFirst()).toEqual({ id });
    expect(await rows("billing", "client_id", [id])).toHaveLength(1);
    expect(await rows("billing_receipts", "billing_id", [b])).toEqual([{ id: receipt.id }]);
    expect(fs.existsSync(privateFilePath(receipt.file_key))).toBe(true);
    expect((await db.selectFrom("audit_log").select("id").execute()).length).toBe(before);
  });

  it("refuses one whose only payment was undone (its voided receipt stays a fiscal record)", async () => {
    const id = await tenant();
    const b = await bill(id, "2026-10");
    await pay(b, "2026-10-05");
    await setBillingStatus(db, b, "pending", actor, issuer);
    const receipt = await db
      .selectFrom("billing_receipts")
      .select("voided_at")
      .where("billing_id", "=", b)
      .executeTakeFirstOrThrow();
    expect(receipt.voided_at).not.toBeNull();
    expect(await deleteClient(db, id, actor)).toMatchObject({ ok: false, history: { receipts: 1 } });
    expect(await billingIds(id)).toEqual([b]);
  });

  it("refuses one with a readjustment, and says an ended contract is already kept", async () => {
    const id = await tenant({ contract_start_date: "2025-01-01", contract_end_date: "2027-12-31" });
    await db
      .insertInto("readjustments")
      .values({
        client_id: id,
        anniversary: "2026-01-01",
        index_code: "IGPM",
        first_month: "2024-12",
        last_month: "2025-11",
        accumulated_ppm: 40000,
        old_rent_cents: cents(100000),
        new_rent_cents: cents(104000),
        created_at: "2025-12-01T00:00:00.000Z",
        applied_at: "2026-01-01T10:00:00.000Z",
      })
      .execute();
    await endContract(db, id, { ended_on: "2026-06-30" }, actor, TODAY);
    const refused = await deleteClient(db, id, actor);
    if (!refused || refused.ok) throw new Error("refused");
    expect(refused.history.readjustments).toBe(1);
    expect(deleteRefusal(refused).description).toContain("O contrato já está encerrado (em 30/06/2026)");
  });

  it("deletes a client without money history as before: open billings, boletos, login", async () => {
    const id = await tenant();
    const b = await bill(id, "2026-11");
    const added = await addBillingDocument(db, { billingId: b, fileName: "boleto.pdf", bytes: PDF }, actor);
    if (!added.ok) throw new Error("boleto");
    const proof = await proofOf(id, b);
    const deleted = await deleteClient(db, id, actor);
    if (!deleted?.ok) throw new Error("deleted");
    expect(deleted.files).toHaveLength(2);
    expect(deleted.files).toContain(proof);
    expect(await db.selectFrom("clients").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(await billingIds(id)).toEqual([]);
  });
});

describe("Encerrar contrato", () => {
  it("stops the billing of months after the end, keeps every row, and Reabrir undoes it", async () => {
    const id = await tenant({
      contract_start_date: "2026-01-10",
      contract_end_date: "2027-12-31",
      monthly_rent: cents(120000),
      payment_due_day: 10,
    });
    // Registered long ago (the job bills from the registration day on).
    await db.updateTable("clients").set({ created_at: "2026-01-02T12:00:00.000Z" }).where("id", "=", id).execute();
    // January to November billed, January to October paid.
    for (let m = 1; m <= 11; m++) {
      const b = await bill(id, `2026-${String(m).padStart(2, "0")}`, 120000);
      if (m <= 10) await pay(b, `2026-${String(m).padStart(2, "0")}-05`, 120000);
    }

    expect(await endContract(db, id, { ended_on: "2026-12-01" }, actor, TODAY)).toEqual({
      ok: false,
      reason: "future",
    });
    expect(await endContract(db, id, { ended_on: "2025-12-31" }, actor, TODAY)).toEqual({
      ok: false,
      reason: "before-start",
    });
    const ended = await endContract(
      db,
      id,
      { ended_on: "2026-11-15", ended_reason: "Entrega das chaves" },
      actor,
      TODAY,
    );
    expect(ended).toEqual({ ok: true, name: `Inquilina ${seq}`, endedOn: "2026-11-15", later: [] });
    expect(await endContract(db, id, { ended_on: "2026-11-15" }, actor, TODAY)).toEqual({
      ok: false,
      reason: "already",
    });

    // The job on 2026-12-01 (December's billing due on the 10th is within the
    // issue window) and "Gerar Cobranças do Contrato": nothing after November.
    expect((await createDueBillings(db, "2026-12-01", 20)).count).toBe(0);
    const again = await generateContractBillings(db, id, actor);
    expect(again).toMatchObject({ ok: true, created: [] });
    expect(await months(id)).toEqual([
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    // Every row stays: the paid billings, their receipts, the open November.
    const ids = await billingIds(id);
    expect(await rows("billing_receipts", "billing_id", ids)).toHaveLength(10);
    expect(
      await db.selectFrom("clients").select(["ended_on", "ended_reason"]).where("id", "=", id).executeTakeFirst(),
    ).toEqual({ ended_on: "2026-11-15", ended_reason: "Entrega das chaves" });

    expect(await reopenContract(db, id, actor)).toEqual({ ok: true, name: `Inquilina ${seq}` });
    expect(await reopenContract(db, id, actor)).toEqual({ ok: false, reason: "not-ended" });
    expect((await createDueBillings(db, "2026-12-01", 20)).count).toBe(1);
    expect((await months(id)).at(-1)).toBe("2026-12");
    const trail = await audits(id);
    expect(trail.map((r) => r.action)).toEqual(expect.arrayContaining(["end_contract", "reopen_contract"]));
    expect(JSON.parse(trail.find((r) => r.action === "end_contract")!.changes)).toEqual({
      ended_on: [null, "2026-11-15"],
      ended_reason: [null, "Entrega das chaves"],
    });
  });

  it("notices: the open billings up to the end still get theirs; one of a later month issued ahead does not", async () => {
    const id = await tenant({ contract_start_date: "2026-01-05", contract_end_date: "2027-12-31" });
    const overdue = await bill(id, "2026-11");
    const ahead = await bill(id, "2026-12");
    const ended = await endContract(db, id, { ended_on: "2026-11-20" }, actor, TODAY);
    expect(ended).toMatchObject({ ok: true, later: [{ id: ahead, month_year: "2026-12" }] });
    await queueNotices(db, "2026-11-20", settings, new Date("2026-11-20T12:00:00Z"));
    const queued = await db
      .selectFrom("email_outbox")
      .select(["ref", "kind"])
      .where("ref", "in", [`billing:${overdue}`, `billing:${ahead}`])
      .execute();
    expect(queued).toEqual([{ ref: `billing:${overdue}`, kind: "billing_overdue" }]);
    // Both stay open and payable.
    await pay(ahead, "2026-11-20");
    expect(
      await db.selectFrom("billing").select("status").where("id", "in", [overdue, ahead]).orderBy("id").execute(),
    ).toEqual([{ status: "pending" }, { status: "paid" }]);
  });

  it("readjustments: none after the end; one announced for a later anniversary is not applied until reopened", async () => {
    const contract = {
      id: 1,
      name: "X",
      email: "x@x.com",
      contract_start_date: "2025-12-01",
      contract_end_date: "2028-11-30",
      monthly_rent_cents: cents(100000),
      readjustment_index: "IGPM" as const,
      readjustment_lowers: 0,
      readjustment_lag_months: 1,
    };
    expect(currentAnniversary({ ...contract, ended_on: null }, null, TODAY, "2026-12-20")).toBe("2026-12-01");
    expect(currentAnniversary({ ...contract, ended_on: "2026-11-15" }, null, TODAY, "2026-12-20")).toBeNull();

    const id = await tenant({
      contract_start_date: "2025-12-01",
      contract_end_date: "2028-11-30",
      monthly_rent: cents(100000),
      readjustment_index: "IGPM",
    });
    const { id: r } = await db
      .insertInto("readjustments")
      .values({
        client_id: id,
        anniversary: "2026-12-01",
        index_code: "IGPM",
        first_month: "2025-11",
        last_month: "2026-10",
        accumulated_ppm: 50000,
        old_rent_cents: cents(100000),
        new_rent_cents: cents(105000),
        created_at: "2026-11-01T00:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueueEmail(db, {
      kind: "readjustment",
      dedupeKey: `readjustment:${r}`,
      ref: `readjustment:${r}`,
      to: "x@x.com",
      subject: "Reajuste",
      text: "Reajuste",
    });
    await endContract(db, id, { ended_on: "2026-11-20" }, actor, TODAY);
    expect(
      await db
        .selectFrom("email_outbox")
        .select("status")
        .where("dedupe_key", "=", `readjustment:${r}`)
        .executeTakeFirst(),
    ).toEqual({ status: "failed" });
    expect((await dueReadjustments(db, "2026-12-02")).some((d) => d.clientId === id)).toBe(false);
    await runReadjustments(db, "2026-12-02", new Date("2026-12-02T12:00:00Z"));
    const rent = () => db.selectFrom("clients").select("monthly_rent_cents").where("id", "=", id).executeTakeFirst();
    expect(await rent()).toEqual({ monthly_rent_cents: 100000 });
    expect(await rows("readjustments", "client_id", [id])).toEqual([{ id: r }]);

    await reopenContract(db, id, actor);
    await runReadjustments(db, "2026-12-02", new Date("2026-12-02T12:00:00Z"));
    expect(await rent()).toEqual({ monthly_rent_cents: 105000 });
  });
});

describe("the LGPD erasure of a tenant with payments", () => {
  it("is refused while the contract runs, then anonymises the person and keeps the fiscal records", async () => {
    const owner = await createOwner(db, ownerSchema.parse({ name: "Helena Dona", cpf_cnpj: "153.509.460-56" }), null);
    const email = "rita@teste.com";
    const id = await tenant({
      name: "Rita Pagadora",
      email,
      username: "rita",
      cpf_cnpj: "39053344705",
      owner_id: owner,
      contract_start_date: "2025-01-01",
      contract_end_date: "2027-12-31",
      property_address: "Rua Paranaíba, 100, Centro, Três Lagoas - MS, 79600-000",
    });
    const paid = await bill(id, "2025-03");
    await pay(paid, "2025-03-05");
    // Its receipt's email, queued (not sent yet) on the day after.
    await queueNotices(db, "2025-03-06", settings, new Date("2025-03-06T12:00:00Z"));
    expect(
      await db
        .selectFrom("email_outbox")
        .select(["to_address", "status"])
        .where("ref", "=", `billing:${paid}`)
        .execute(),
    ).toEqual([{ to_address: email, status: "queued" }]);
    const open = await bill(id, "2026-11");
    const receipt = await db
      .selectFrom("billing_receipts")
      .select("file_key")
      .where("billing_id", "=", paid)
      .executeTakeFirstOrThrow();
    const lease = await storePrivateFile(PDF, ".pdf");
    await db
      .insertInto("contracts")
      .values({
        client_id: id,
        file_name: "contrato.pdf",
        file_key: lease,
        mime_type: "application/pdf",
        size: PDF.length,
        uploaded_by_id: null,
        uploaded_by_name: "Ana",
        uploaded_at: "2025-01-02T00:00:00.000Z",
      })
      .execute();
    const photo = await storePrivateFile(PDF, ".jpg");
    const now = new Date().toISOString();
    const { id: request } = await db
      .insertInto("maintenance_requests")
      .values({ client_id: id, title: "Vazamento", description: "Na pia da Rita", requested_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("maintenance_images")
      .values({ request_id: request, file_key: photo, width: 1, height: 1, position: 0 })
      .execute();
    // A proof of payment she sent ("Já paguei"): hers, not the agency's fiscal record.
    const proof = await proofOf(id, open);
    const dimobBefore = (await dimobYear(db, 2025)).contracts.find((c) => c.clientId === id);
    expect(dimobBefore).toMatchObject({ tenantName: "Rita Pagadora", tenantDocument: "39053344705" });

    const running = await erasePersonalData(db, email, actor);
    expect(running).toEqual({
      ok: false,
      blockers: [expect.stringContaining("O contrato do cliente Rita Pagadora (nº")],
    });
    expect((await previewPersonalData(db, email)).counts).toMatchObject({ clients: 1, fiscalClients: 1 });

    await endContract(db, id, { ended_on: "2026-11-10", ended_reason: "Mudou-se para Campo Grande" }, actor, TODAY);
    const erased = await erasePersonalData(db, email, actor);
    if (!erased.ok) throw new Error(erased.blockers.join(" "));
    expect(erased.counts).toMatchObject({
      clients: 1,
      fiscalClients: 1,
      keptBillings: 2,
      keptReceipts: 1,
      keptContracts: 1,
    });
    expect(erased.files.sort()).toEqual([photo, proof].sort());
    expect(await db.selectFrom("payment_proofs").select("id").where("client_id", "=", id).execute()).toEqual([]);
    expect(await erasureResult(db, erased.auditId)).toMatchObject({ fiscalClients: 1, keptReceipts: 1 });

    // Kept: the record's fiscal fields, the billings, the receipt and its PDF, the lease, DIMOB and the informe.
    expect(
      await db
        .selectFrom("clients")
        .select(["name", "cpf_cnpj", "property_address", "email", "phone", "user_id", "ended_on", "ended_reason"])
        .where("id", "=", id)
        .executeTakeFirst(),
    ).toEqual({
      name: "Rita Pagadora",
      cpf_cnpj: "39053344705",
      property_address: "Rua Paranaíba, 100, Centro, Três Lagoas - MS, 79600-000",
      email: ANONYMIZED.email,
      phone: null,
      user_id: null,
      ended_on: "2026-11-10",
      ended_reason: null,
    });
    expect((await billingIds(id)).sort()).toEqual([paid, open].sort());
    expect(await rows("billing_receipts", "billing_id", [paid])).toHaveLength(1);
    expect(fs.existsSync(privateFilePath(receipt.file_key))).toBe(true);
    expect(await db.selectFrom("contracts").select("file_key").where("client_id", "=", id).execute()).toEqual([
      { file_key: lease },
    ]);
    expect((await dimobYear(db, 2025)).contracts.find((c) => c.clientId === id)).toEqual(dimobBefore);
    expect((await tenantIncome(db, id, 2025))?.totalCents).toBe(150000);

    // Gone: the login, the maintenance request and its image, the words of its emails; no new notice.
    expect(await db.selectFrom("users").select("id").where("username", "=", "rita").execute()).toEqual([]);
    expect(await db.selectFrom("maintenance_requests").select("id").where("client_id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("maintenance_images").select("id").where("request_id", "=", request).execute()).toEqual(
      [],
    );
    expect(
      await db
        .selectFrom("email_outbox")
        .select(["kind", "to_address", "subject", "text", "html", "status", "last_error"])
        .where("ref", "=", `billing:${paid}`)
        .execute(),
    ).toEqual([
      {
        kind: "billing_receipt",
        to_address: ANONYMIZED.email,
        subject: expect.stringMatching(/^Recibo de Aluguel nº \d+$/),
        text: ANONYMIZED.text,
        html: null,
        status: "failed",
        last_error: "Dados pessoais apagados (LGPD)",
      },
    ]);
    await queueNotices(db, "2026-11-20", settings, new Date("2026-11-20T12:00:00Z"));
    expect(await db.selectFrom("email_outbox").select("id").where("ref", "=", `billing:${open}`).execute()).toEqual([]);
    // The trail keeps who did what, not the erased values; and the lookup finds nothing left.
    const trail = await audits(id);
    expect(trail.map((r) => r.action)).toEqual(expect.arrayContaining(["create", "end_contract", "anonymize"]));
    for (const r of trail) expect(r.changes).not.toMatch(/rita@|Campo Grande/);
    expect((await previewPersonalData(db, email)).counts).toMatchObject({ clients: 0, accounts: 0 });
  });

  it("erases a person without money history as before: the record and everything it owns deleted", async () => {
    const id = await tenant({ email: "leo@teste.com", username: "leo" });
    await bill(id, "2026-11");
    const erased = await erasePersonalData(db, "leo@teste.com", actor);
    expect(erased).toMatchObject({ ok: true, counts: { clients: 1, fiscalClients: 0, keptBillings: 0 } });
    expect(await db.selectFrom("clients").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    expect(await billingIds(id)).toEqual([]);
  });
});
