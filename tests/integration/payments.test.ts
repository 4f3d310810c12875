import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createBilling, getBilling, listClientBillings } from "#app/models/billing/billing.server";
import { registerPayment, reverseBillingPayments, setBillingStatus } from "#app/models/billing/payments.server";
import { createClient } from "#app/models/clients/clients.server";
import { findReceiptFile } from "#app/models/files/access.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// Charging the rent (issue 19) on a fresh database: what the tenant's Cobrança
// tab reads (open first, then the issued history; nothing due more than 20
// days ahead), paying with a date and an amount, the numbered receipt (its
// PDF on disk, voided and never renumbered), and who may read a receipt.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-payments-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
// The system as the actor: these tests are about money, not who clicked.
const actor = null;
const TODAY = "2026-10-20";
const issuer = { agency: { ...defaultAgency, cnpj: "12.345.678/0001-95" }, today: TODAY };

const privateFiles = () =>
  fs.existsSync(path.join(uploads, "private")) ? fs.readdirSync(path.join(uploads, "private")).sort() : [];

let seq = 0;
async function newClient(values: Partial<Parameters<typeof createClient>[1]> = {}) {
  seq += 1;
  const created = await createClient(
    db,
    {
      name: `Inquilina ${seq}`,
      email: `i${seq}@teste.com`,
      username: `inq${seq}`,
      password: "senha1234",
      payment_due_day: 10,
      cpf_cnpj: "52998224725",
      property_address: "Rua Paranaíba, 500 - Centro, Três Lagoas - MS",
      ...values,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

async function bill(client_id: number, due_date: string, amount_cents = 150_000) {
  const r = await createBilling(
    db,
    { client_id, month_year: due_date.slice(0, 7), amount_cents: cents(amount_cents), due_date },
    actor,
  );
  if (!r.ok) throw new Error("billing");
  return r.id;
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-payments-db-"));
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("the tenant's Cobrança tab", () => {
  it("lists every open billing first, oldest first, then the last 12 issued; never one due more than 20 days ahead", async () => {
    const id = await newClient();
    const other = await newClient();
    const lastYear = await bill(id, "2025-09-10");
    // Twelve paid months, then this month open, then next month (not issued yet).
    const paidIds: number[] = [];
    for (const due of [
      "2025-10-10",
      "2025-11-10",
      "2025-12-10",
      ...Array.from({ length: 9 }, (_, i) => `2026-0${i + 1}-10`),
    ]) {
      const b = await bill(id, due);
      await registerPayment(db, b, { payment_date: due, amount_paid: null }, actor, issuer);
      paidIds.push(b);
    }
    const dueSoon = await bill(id, "2026-11-09"); // 20 days ahead: issued
    await bill(id, "2026-11-10"); // 21 days ahead: not yet
    await bill(other, "2026-10-01");

    const { open, history } = await listClientBillings(db, id, { today: TODAY, issueDays: 20 });
    expect(open.map((b) => [b.id, b.status])).toEqual([
      [lastYear, "overdue"],
      [dueSoon, "pending"],
    ]);
    expect(history).toHaveLength(12);
    expect(history[0].due_date).toBe("2026-11-09");
    expect(history.map((b) => b.due_date)).toEqual([...history.map((b) => b.due_date)].sort().reverse());
    expect(history.some((b) => b.due_date > "2026-11-09")).toBe(false);
    // 13 months late on a 1.500,00 rent: multa 150,00, juros 1% × 405/30 = 202,50.
    expect(open[0].charges).toMatchObject({ days: 405, lateFee: 15_000, interest: 20_250, total: 185_250 });
    expect(open[1].charges).toMatchObject({ days: 0, total: 150_000 });
    expect(history.find((b) => b.id === paidIds.at(-1))?.receipts).toHaveLength(1);
  });
});

describe("paying", () => {
  it("records the day and amount, makes receipt nº N with its PDF, and itemizes the late charges", async () => {
    const id = await newClient({ late_fee_percent: 200, monthly_interest_percent: 100 });
    const b = await bill(id, "2026-10-09"); // a Friday: late from the next day (decision 0066)
    const before = privateFiles();
    const paid = await registerPayment(db, b, { payment_date: "2026-10-15", amount_paid: null }, actor, issuer);
    if (!paid.ok) throw new Error("payment");
    // Six days late at 2% and 1% a month: 30,00 and 3,00.
    expect(paid.amount_paid).toBe(153_300);
    const billing = await getBilling(db, b, TODAY);
    expect(billing).toMatchObject({ status: "paid", payment_date: "2026-10-15", amount_paid_cents: 153_300 });
    const receipt = await db
      .selectFrom("billing_receipts")
      .selectAll()
      .where("id", "=", paid.receiptNumber)
      .executeTakeFirstOrThrow();
    expect(receipt).toMatchObject({
      billing_id: b,
      days_late: 6,
      rent_cents: 150_000,
      late_fee_cents: 3_000,
      interest_cents: 300,
      adjustment_cents: 0,
      total_cents: 153_300,
      voided_at: null,
    });
    expect(privateFiles()).toEqual([...before, receipt.file_key].sort());
    expect(fs.readFileSync(privateFilePath(receipt.file_key)).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("a correction is an estorno and a new payment: the receipt is voided with its reason, numbers never repeat", async () => {
    const id = await newClient();
    const b = await bill(id, "2026-10-09"); // a Friday
    const first = await registerPayment(db, b, { payment_date: "2026-10-09", amount_paid: null }, actor, issuer);
    if (!first.ok) throw new Error("payment");
    expect(await reverseBillingPayments(db, b, "Data errada", actor, TODAY)).toMatchObject({
      ok: true,
      voided: [first.receiptNumber],
    });
    // Two days late and 1.500,00 received: multa 150,00 and juros 1,00 first, the rest of the rent open.
    const second = await registerPayment(
      db,
      b,
      { payment_date: "2026-10-11", amount_paid: cents(150_000) },
      actor,
      issuer,
    );
    if (!second.ok) throw new Error("payment");
    expect(second.receiptNumber).toBe(first.receiptNumber! + 1);
    expect(second.openAfter).toBe(15_100);
    const receipts = await db
      .selectFrom("billing_receipts")
      .select(["id", "voided_at", "void_reason", "late_fee_cents", "interest_cents", "rent_cents", "open_after_cents"])
      .where("billing_id", "=", b)
      .orderBy("id")
      .execute();
    expect(receipts[0]).toMatchObject({ voided_at: expect.any(String), void_reason: "Data errada" });
    expect(receipts[1]).toMatchObject({
      voided_at: null,
      late_fee_cents: 15_000,
      interest_cents: 100,
      rent_cents: 134_900,
      open_after_cents: 15_100,
    });
    // The rest on the 20th: the 151,00 of rent and its juros since the 11th, round(15100 × 1% × 9/30) = 0,45.
    const rest = await registerPayment(db, b, { payment_date: TODAY, amount_paid: null }, actor, issuer);
    expect(rest).toMatchObject({
      ok: true,
      amount_paid: 15_145,
      openAfter: 0,
      receiptNumber: second.receiptNumber! + 1,
    });

    // Out of Pago from the selector: an estorno of what paid into it, both receipts voided.
    const back = await setBillingStatus(db, b, "pending", actor, issuer);
    expect(back).toMatchObject({ status: "overdue", payment_date: null });
    expect(back && "voided" in back ? back.voided : null).toEqual([second.receiptNumber, second.receiptNumber! + 1]);
    const row = await db
      .selectFrom("billing")
      .select(["status", "payment_date", "amount_paid_cents"])
      .where("id", "=", b)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "overdue", payment_date: null, amount_paid_cents: null });
    const inForce = await db
      .selectFrom("billing_receipts")
      .select("id")
      .where("billing_id", "=", b)
      .where("voided_at", "is", null)
      .execute();
    expect(inForce).toEqual([]);

    // Pago from the selector: today, what it owes today, a new number.
    const again = await setBillingStatus(db, b, "paid", actor, issuer);
    expect(again).toMatchObject({ status: "paid", payment_date: TODAY, receiptNumber: second.receiptNumber! + 2 });
    // Pago again on a paid billing changes nothing.
    const same = await setBillingStatus(db, b, "paid", actor, issuer);
    expect(same).toMatchObject({ payment_date: TODAY, receiptNumber: null });
  });

  it("refuses a payment day after today and a billing that does not exist, writing nothing", async () => {
    const id = await newClient();
    const b = await bill(id, "2026-10-10");
    expect(await registerPayment(db, b, { payment_date: "2026-10-21", amount_paid: null }, actor, issuer)).toEqual({
      ok: false,
      reason: "future",
    });
    expect(await registerPayment(db, 999_999, { payment_date: TODAY, amount_paid: null }, actor, issuer)).toEqual({
      ok: false,
      reason: "billing",
    });
    expect((await getBilling(db, b, TODAY))?.status).toBe("overdue");
  });

  it("leaves no PDF behind when the receipt's row cannot be written", async () => {
    const id = await newClient();
    const b = await bill(id, "2026-10-10");
    const before = privateFiles();
    await sql`create temp trigger refuse_receipts before insert on billing_receipts begin select raise(abort, 'refused'); end`.execute(
      db,
    );
    try {
      await expect(registerPayment(db, b, { payment_date: TODAY, amount_paid: null }, actor, issuer)).rejects.toThrow();
    } finally {
      await sql`drop trigger refuse_receipts`.execute(db);
    }
    expect(privateFiles()).toEqual(before);
    expect((await getBilling(db, b, TODAY))?.status).toBe("overdue");
  });
});

describe("who reads a receipt", () => {
  it("staff any; the client only the one in force of their own billing", async () => {
    const id = await newClient();
    const other = await newClient();
    const b = await bill(id, "2026-10-10");
    const first = await registerPayment(db, b, { payment_date: TODAY, amount_paid: null }, actor, issuer);
    if (!first.ok) throw new Error("payment");
    await reverseBillingPayments(db, b, "Valor errado", actor, TODAY);
    const second = await registerPayment(db, b, { payment_date: TODAY, amount_paid: null }, actor, issuer);
    if (!second.ok) throw new Error("payment");
    expect(await findReceiptFile(db, second.receiptNumber!, { kind: "client", clientId: id })).toMatchObject({
      mime_type: "application/pdf",
    });
    expect(await findReceiptFile(db, first.receiptNumber!, { kind: "client", clientId: id })).toBeNull();
    expect(await findReceiptFile(db, second.receiptNumber!, { kind: "client", clientId: other })).toBeNull();
    expect(await findReceiptFile(db, first.receiptNumber!, { kind: "staff" })).not.toBeNull();
  });
});
