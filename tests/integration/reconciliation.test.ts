import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createBilling } from "#app/models/billing/billing.server";
import { chargesOn } from "#app/models/billing/charges";
import { billingTxid } from "#app/models/billing/pix";
import { registerPayment } from "#app/models/billing/payments.server";
import { createClient } from "#app/models/clients/clients.server";
import { confirmStatementImport } from "#app/models/reconciliation/confirm.server";
import { importStatement } from "#app/models/reconciliation/imports.server";
import { getStatementReview } from "#app/models/reconciliation/review.server";
import { bankBarcodeToLine, buildBankBarcode } from "#app/models/boletos/boleto-line";
import { getAttention } from "#app/models/dashboard/attention.server";
import { buildCnab240, buildOfx } from "#tests/fixtures/statements/build";
import { confirmedWith } from "#tests/fixtures/statements/confirmed";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// Reconciliation (issue 20) on a fresh database: a statement imported and
// confirmed pays the chosen billings with the credit's date and amount and a
// receipt, in one transaction; the same bank line never pays twice; a credit
// off by more than R$ 0,05 records "pago a menor"; a refused confirmation
// writes nothing; a broken file stores nothing.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-reconcile-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 1, name: "Equipe" };
const TODAY = "2026-11-20";
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: TODAY };
const ISSUE_DAYS = 20;

const privateFiles = () =>
  fs.existsSync(path.join(uploads, "private")) ? fs.readdirSync(path.join(uploads, "private")).sort() : [];

let seq = 0;
async function newClient(name: string, cpf_cnpj = "") {
  seq += 1;
  const created = await createClient(
    db,
    { name, email: `c${seq}@teste.com`, username: `c${seq}`, password: "senha1234", payment_due_day: 10, cpf_cnpj },
    null,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

async function bill(client_id: number, due_date: string, amount_cents: number) {
  const r = await createBilling(
    db,
    { client_id, month_year: due_date.slice(0, 7), amount_cents: cents(amount_cents), due_date },
    null,
  );
  if (!r.ok) throw new Error("billing");
  return r.id;
}

const billingRow = (id: number) =>
  db
    .selectFrom("billing")
    .select(["status", "payment_date", "amount_paid_cents", "payment_difference_cents"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const receiptsOf = (id: number) =>
  db.selectFrom("billing_receipts").select(["id", "voided_at"]).where("billing_id", "=", id).execute();

async function importOfx(acctId: string, lines: Parameters<typeof buildOfx>[0]["lines"]) {
  const outcome = await importStatement(db, {
    fileName: "extrato.ofx",
    bytes: buildOfx({ bankId: "001", acctId, lines }),
    actor,
    issueDays: ISSUE_DAYS,
    today: TODAY,
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

async function linesOf(importId: number) {
  const review = await getStatementReview(db, importId, { issueDays: ISSUE_DAYS, today: TODAY, size: 1000 });
  return review!.lines;
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-reconcile-db-"));
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("importing and confirming a statement", () => {
  it("pays the accepted billings with the credit's date and amount, once, whatever file the line comes in again", async () => {
    const carla = await newClient("Carla Menezes Prado");
    const id = await bill(carla, "2026-11-15", 180_000);
    const due = chargesOn(
      {
        amount_cents: cents(180_000),
        due_date: "2026-11-15",
        grace_until: "2026-11-16",
        late_fee_bp: 1000,
        monthly_interest_bp: 100,
      },
      "2026-11-18",
    ).total;
    const first = await importOfx("1111-1", [
      { fitid: "A1", date: "2026-11-18", amountCents: due, memo: `PIX ${billingTxid(id)}` },
      { fitid: "A2", date: "2026-11-18", amountCents: -5_000, memo: "TARIFA" },
    ]);
    expect(first).toMatchObject({ ok: true, lines: 2, credits: 1, exact: 1, probable: 0, already: 0 });
    const [line] = await linesOf(first.id);
    expect(line).toMatchObject({ match_kind: "exact", billing_id: id, due_cents: due, difference_cents: 0 });

    const confirmed = await confirmStatementImport(db, first.id, { accept: [line!.id], assign: [] }, actor, issuer);
    expect(confirmed).toEqual(confirmedWith({ settled: 1 }));
    expect(await billingRow(id)).toEqual({
      status: "paid",
      payment_date: "2026-11-18",
      amount_paid_cents: due,
      payment_difference_cents: null,
    });
    expect(await receiptsOf(id)).toHaveLength(1);
    // A second Confirmar on the same import (a double submit) changes nothing.
    expect(await confirmStatementImport(db, first.id, { accept: [line!.id], assign: [] }, actor, issuer)).toEqual({
      ok: false,
      reason: "confirmed",
    });

    // The same line in an overlapping statement (other lines around it): already settled, never proposed.
    const again = await importOfx("1111-1", [
      { fitid: "A0", date: "2026-11-17", amountCents: 1_000, memo: "OUTRO" },
      { fitid: "A1", date: "2026-11-18", amountCents: due, memo: `PIX ${billingTxid(id)}` },
    ]);
    expect(again).toMatchObject({ credits: 2, exact: 0, already: 1 });
    const lines = await linesOf(again.id);
    const repeated = lines.find((l) => l.match_kind === "already")!;
    // Even posted by hand, an already settled line is refused and nothing is written.
    const refused = await confirmStatementImport(
      db,
      again.id,
      { accept: [], assign: [{ lineId: repeated.id, billingId: id }] },
      actor,
      issuer,
    );
    expect(refused).toMatchObject({ ok: false, reason: "invalid" });
    expect(await receiptsOf(id)).toHaveLength(1);
  });

  it("settles a credit below the amount due in part: the rest stays open, the receipt says so (decision 0061)", async () => {
    const davi = await newClient("Davi Souza Lima", "52998224725");
    const id = await bill(davi, "2026-11-25", 100_000);
    const imported = await importOfx("2222-2", [
      { fitid: "B1", date: "2026-11-19", amountCents: 90_000, memo: `PIX RECEBIDO ${billingTxid(id)}` },
    ]);
    const [line] = await linesOf(imported.id);
    // The txid names the billing, but R$ 100,00 short is never exact.
    expect(line).toMatchObject({ match_kind: "probable", billing_id: id, difference_cents: -10_000 });
    const confirmed = await confirmStatementImport(db, imported.id, { accept: [line!.id], assign: [] }, actor, issuer);
    expect(confirmed).toEqual(confirmedWith({ settled: 1, differences: 1 }));
    // Pago parcialmente: 900,00 received, 100,00 open; no quittance of the rest.
    expect(await billingRow(id)).toMatchObject({
      status: "pending",
      amount_paid_cents: 90_000,
      payment_difference_cents: null,
    });
    const receipt = await db
      .selectFrom("billing_receipts")
      .select(["rent_cents", "total_cents", "open_after_cents"])
      .where("billing_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(receipt).toEqual({ rent_cents: 90_000, total_cents: 90_000, open_after_cents: 10_000 });
    // The credit names the statement line it came from.
    expect(
      await db
        .selectFrom("ledger_entries")
        .select(["method", "statement_line_id", "amount_cents"])
        .where("kind", "=", "credit")
        .where("client_id", "=", davi)
        .execute(),
    ).toEqual([{ method: "extrato", statement_line_id: line!.id, amount_cents: 90_000 }]);
  });

  it("refuses the whole confirmation when one choice is wrong, writing nothing", async () => {
    const eva = await newClient("Eva Ramos");
    const fabio = await newClient("Fabio Teles");
    const evaBill = await bill(eva, "2026-11-22", 70_000);
    const fabioBill = await bill(fabio, "2026-11-22", 80_000);
    const imported = await importOfx("3333-3", [
      { fitid: "C1", date: "2026-11-19", amountCents: 70_000, memo: "DEP 1" },
      { fitid: "C2", date: "2026-11-19", amountCents: 70_000, memo: "DEP 2" },
      { fitid: "C3", date: "2026-11-19", amountCents: 80_000, memo: "DEP 3" },
    ]);
    const lines = await linesOf(imported.id);
    expect(lines.map((l) => l.match_kind)).toEqual(["none", "none", "none"]);
    const filesBefore = privateFiles();
    // Fabio's is paid by hand meanwhile; Eva's is chosen for two credits.
    await registerPayment(db, fabioBill, { payment_date: "2026-11-19", amount_paid: null }, actor, issuer);
    const outcome = await confirmStatementImport(
      db,
      imported.id,
      {
        accept: [],
        assign: [
          { lineId: lines[0]!.id, billingId: evaBill },
          { lineId: lines[1]!.id, billingId: evaBill },
          { lineId: lines[2]!.id, billingId: fabioBill },
        ],
      },
      actor,
      issuer,
    );
    expect(outcome).toEqual({
      ok: false,
      reason: "invalid",
      errors: [
        "A cobrança de Eva Ramos (novembro de 2026) foi escolhida para mais de um crédito.",
        "A cobrança de Fabio Teles (novembro de 2026) já está paga.",
      ],
    });
    expect(await billingRow(evaBill)).toMatchObject({ status: "pending", payment_date: null });
    expect(await receiptsOf(evaBill)).toEqual([]);
    // Only the hand-made receipt of Fabio's billing was drawn meanwhile.
    expect(privateFiles().length).toBe(filesBefore.length + 1);
    const statement = await db
      .selectFrom("statement_imports")
      .select(["confirmed_at", "settled_count"])
      .where("id", "=", imported.id)
      .executeTakeFirstOrThrow();
    expect(statement).toEqual({ confirmed_at: null, settled_count: 0 });
  });

  it("settles a boleto paid at the bank from the CNAB 240 retorno by its nosso número, not a registration", async () => {
    const gil = await newClient("Gilberto Nunes");
    const id = await bill(gil, "2026-11-18", 210_000);
    // The boleto attached to the billing: Itaú's free field carries the nosso número 00123987.
    const line = bankBarcodeToLine(
      buildBankBarcode({
        bank: "341",
        dueDate: "2026-11-18",
        amountCents: 210_000,
        freeField: "1090012398750057123456000",
      }),
    );
    await db
      .insertInto("billing_documents")
      .values({
        billing_id: id,
        file_name: "boleto.pdf",
        file_key: "boleto-gil.pdf",
        mime_type: "application/pdf",
        size: 1,
        digitable_line: line,
        uploaded_by_name: "Equipe",
        uploaded_at: "2026-11-01T12:00:00.000Z",
      })
      .execute();
    const item = {
      seuNumero: "ALUGUEL1126",
      dueDate: "2026-11-18",
      faceCents: 210_000,
      paidCents: 210_000,
      payerName: "GILBERTO NUNES",
      payerDoc: "52998224725",
      occurrenceDate: "2026-11-17",
      creditDate: "2026-11-18",
      feesCents: 250,
    };
    const outcome = await importStatement(db, {
      fileName: "retorno.ret",
      bytes: buildCnab240({
        bank: "341",
        agency: "0057",
        account: "12345-6",
        items: [
          // The registration of the boleto is no credit; its liquidation is.
          { ...item, nossoNumero: "001239875", movement: "02", paidCents: 0, creditDate: null },
          { ...item, nossoNumero: "001239875", movement: "06" },
        ],
      }),
      actor,
      issueDays: ISSUE_DAYS,
      today: TODAY,
    });
    expect(outcome).toMatchObject({ ok: true, lines: 2, credits: 1, exact: 1 });
    if (!outcome.ok) return;
    const [credit] = await linesOf(outcome.id);
    expect(credit).toMatchObject({
      match_kind: "exact",
      match_reason: "boleto",
      billing_id: id,
      posted_date: "2026-11-18",
    });
    // An import waiting for review is on the dashboard until confirmed.
    expect((await getAttention(db, TODAY)).statementsToReview).toBeGreaterThan(0);
    const before = (await getAttention(db, TODAY)).statementsToReview;
    await confirmStatementImport(db, outcome.id, { accept: [credit!.id], assign: [] }, actor, issuer);
    expect(await billingRow(id)).toMatchObject({
      status: "paid",
      payment_date: "2026-11-18",
      amount_paid_cents: 210_000,
    });
    expect((await getAttention(db, TODAY)).statementsToReview).toBe(before - 1);
  });

  it("refuses a credit dated after today", async () => {
    const hele = await newClient("Helena Duarte");
    const id = await bill(hele, "2026-11-25", 50_000);
    const imported = await importOfx("4444-4", [
      { fitid: "D1", date: "2026-11-21", amountCents: 50_000, memo: `PIX ${billingTxid(id)}` },
    ]);
    const [line] = await linesOf(imported.id);
    const outcome = await confirmStatementImport(db, imported.id, { accept: [line!.id], assign: [] }, actor, issuer);
    expect(outcome).toEqual({
      ok: false,
      reason: "invalid",
      errors: ["O crédito de 21/11/2026 (R$ 500,00) tem data futura: não pode pagar uma cobrança."],
    });
    expect(await billingRow(id)).toMatchObject({ status: "pending" });
  });

  it("refuses a file that is not a statement, storing nothing", async () => {
    const before = privateFiles();
    const count = async () => (await db.selectFrom("statement_imports").select("id").execute()).length;
    const imports = await count();
    const outcome = await importStatement(db, {
      fileName: "foto.png",
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      actor,
      issueDays: ISSUE_DAYS,
      today: TODAY,
    });
    expect(outcome.ok).toBe(false);
    expect(await count()).toBe(imports);
    expect(privateFiles()).toEqual(before);
  });
});
