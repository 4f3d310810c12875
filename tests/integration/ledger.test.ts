import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createBilling, getBilling } from "#app/models/billing/billing.server";
import { registerPayment, reverseBillingPayments } from "#app/models/billing/payments.server";
import { createClient } from "#app/models/clients/clients.server";
import { openPdf, pageText } from "#app/models/boletos/pdf-pages.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { queueNotices } from "#app/models/billing/notices.server";
import { grantDiscount } from "#app/models/ledger/discount.server";
import { checkProjection } from "#app/models/ledger/check.server";
import { tenantCreditLeft } from "#app/models/ledger/ledger.server";
import { tenantAccount } from "#app/models/ledger/account.server";
import { paymentsToReverse } from "#app/models/ledger/reversal.server";
import { cents } from "#app/models/shared/money";
import { tracedPlans } from "#tests/fixtures/query-plans";
import { tempDatabase } from "#tests/fixtures/temp-db";

// The rent ledger (issue 35, docs/decisions/0061-rent-ledger.md): the
// numbers the issue asks for, each on its own tenant, read back as staff and
// the tenant see them (the billing's row, its receipts and their PDFs' words).

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-ledger-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 1, name: "Financeiro" };
const issuer = (today: string) => ({ agency: { ...defaultAgency, cnpj: "12.345.678/0001-95" }, today });

let seq = 0;
async function tenant(values: { late_fee_bp?: number; monthly_interest_bp?: number } = {}) {
  seq += 1;
  const created = await createClient(
    db,
    {
      name: `Inquilina ${seq}`,
      email: `l${seq}@teste.com`,
      username: `led${seq}`,
      password: "senha1234",
      payment_due_day: 10,
      cpf_cnpj: "52998224725",
      property_address: "Rua Paranaíba, 500 - Centro, Três Lagoas - MS",
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  if (values.late_fee_bp !== undefined || values.monthly_interest_bp !== undefined)
    await db.updateTable("clients").set(values).where("id", "=", created.id).execute();
  return created.id;
}

async function bill(client_id: number, due_date: string, amount: number) {
  const r = await createBilling(
    db,
    { client_id, month_year: due_date.slice(0, 7), amount_cents: cents(amount), due_date },
    actor,
  );
  if (!r.ok) throw new Error("billing");
  return r.id;
}

const row = (id: number) =>
  db
    .selectFrom("billing")
    .select(["status", "open_cents", "amount_paid_cents", "payment_date"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

const receiptsOf = (billingId: number) =>
  db
    .selectFrom("billing_receipts")
    .select([
      "id",
      "credit_id",
      "rent_cents",
      "late_fee_cents",
      "interest_cents",
      "total_cents",
      "open_after_cents",
      "voided_at",
      "void_reason",
      "file_key",
    ])
    .where("billing_id", "=", billingId)
    .orderBy("id")
    .execute();

async function pdfWords(fileKey: string) {
  const doc = await openPdf(new Uint8Array(fs.readFileSync(privateFilePath(fileKey)!)));
  try {
    return (await pageText(doc, 1)).replace(/\s+/g, " ");
  } finally {
    await doc.destroy();
  }
}

function pay(billingId: number, payment_date: string, amount: number, op_key?: string) {
  return registerPayment(
    db,
    billingId,
    { payment_date, amount_paid: cents(amount), op_key },
    actor,
    issuer(payment_date),
  );
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-ledger-db-"));
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("a partial payment, then the rest", () => {
  it("400,00 of 1.000,00 before the due date: Pago parcialmente with 600,00 open; 600,00 on the 10th: Pago, a second receipt", async () => {
    const id = await bill(await tenant(), "2026-10-10", 1_000_00);
    const first = await pay(id, "2026-10-05", 400_00);
    expect(first).toMatchObject({ ok: true, openAfter: 600_00, creditLeft: 0 });
    expect(await row(id)).toEqual({
      status: "pending",
      open_cents: 600_00,
      amount_paid_cents: 400_00,
      payment_date: "2026-10-05",
    });
    const [r1] = await receiptsOf(id);
    expect(r1).toMatchObject({ rent_cents: 400_00, total_cents: 400_00, open_after_cents: 600_00, voided_at: null });
    const words = await pdfWords(r1!.file_key);
    expect(words).toContain("Aluguel (parte) R$ 400,00");
    expect(words).toContain("Damos quitação somente das importâncias acima discriminadas");
    expect(words).toContain("o saldo de R$ 600,00 (aluguel R$ 600,00)");

    const second = await pay(id, "2026-10-10", 600_00);
    expect(second).toMatchObject({ ok: true, openAfter: 0 });
    expect(await row(id)).toMatchObject({ status: "paid", open_cents: 0, amount_paid_cents: 1_000_00 });
    const receipts = await receiptsOf(id);
    expect(receipts).toHaveLength(2);
    expect(receipts[1]).toMatchObject({ rent_cents: 600_00, total_cents: 600_00, open_after_cents: 0 });
    expect(receipts[1]!.id).toBeGreaterThan(receipts[0]!.id);
    expect(await pdfWords(receipts[1]!.file_key)).toContain(
      "Damos quitação das importâncias acima discriminadas, referentes ao aluguel de outubro de 2026.",
    );
  });

  it("500,00 twenty days late on 1.000,00 (multa 10%, juros 1%): multa 100,00 and juros 6,67 first, 393,33 of rent; 606,67 open", async () => {
    // Due on a Friday: late from the next day (decision 0066).
    const id = await bill(await tenant({ late_fee_bp: 1000, monthly_interest_bp: 100 }), "2026-10-09", 1_000_00);
    expect(await pay(id, "2026-10-29", 500_00)).toMatchObject({ ok: true, openAfter: 606_67 });
    const [r] = await receiptsOf(id);
    expect(r).toMatchObject({ interest_cents: 6_67, late_fee_cents: 100_00, rent_cents: 393_33, total_cents: 500_00 });
    expect(await row(id)).toMatchObject({ open_cents: 606_67, amount_paid_cents: 500_00 });
    // As staff and the tenant read it that day: Em Atraso, paid in part.
    expect(await getBilling(db, id, "2026-10-29")).toMatchObject({ status: "overdue", open_cents: 606_67 });
    const words = await pdfWords(r!.file_key);
    expect(words).toContain("Multa (10%) R$ 100,00");
    expect(words).toContain("Juros (20 dias) R$ 6,67");
    expect(words).toContain("o saldo de R$ 606,67 (aluguel R$ 606,67)");
  });
});

describe("one credit, several billings; more than owed", () => {
  it("2.400,00 for two months of 1.200,00: both Pago, one credit, two allocations of rent, two receipts", async () => {
    const client = await tenant();
    const oct = await bill(client, "2026-10-10", 1_200_00);
    const nov = await bill(client, "2026-11-10", 1_200_00);
    const paid = await pay(oct, "2026-10-08", 2_400_00);
    expect(paid).toMatchObject({ ok: true, creditLeft: 0 });
    expect(await row(oct)).toMatchObject({ status: "paid", open_cents: 0 });
    expect(await row(nov)).toMatchObject({ status: "paid", open_cents: 0 });
    const credits = await db
      .selectFrom("ledger_entries")
      .select(["id", "amount_cents"])
      .where("client_id", "=", client)
      .where("kind", "=", "credit")
      .execute();
    expect(credits).toEqual([{ id: expect.any(Number), amount_cents: 2_400_00 }]);
    const allocations = await db
      .selectFrom("ledger_entries")
      .select(["billing_id", "item", "amount_cents"])
      .where("credit_id", "=", credits[0]!.id)
      .where("kind", "=", "allocation")
      .orderBy("id")
      .execute();
    expect(allocations).toEqual([
      { billing_id: oct, item: "rent", amount_cents: 1_200_00 },
      { billing_id: nov, item: "rent", amount_cents: 1_200_00 },
    ]);
    expect((await receiptsOf(oct)).map((r) => r.credit_id)).toEqual([credits[0]!.id]);
    expect((await receiptsOf(nov)).map((r) => r.credit_id)).toEqual([credits[0]!.id]);
  });

  it("1.200,73 for 1.200,00: Pago, Crédito R$ 0,73 on the tenant's account, spent by the next billing", async () => {
    const client = await tenant();
    const oct = await bill(client, "2026-10-10", 1_200_00);
    expect(await pay(oct, "2026-10-09", 1_200_73)).toMatchObject({ ok: true, openAfter: 0, creditLeft: 73 });
    expect(await row(oct)).toMatchObject({ status: "paid", amount_paid_cents: 1_200_00 });
    expect(await tenantCreditLeft(db, client)).toBe(73);
    // The next month, not due yet.
    const nov = await bill(client, "2026-12-10", 1_200_00);
    expect(await row(nov)).toMatchObject({ status: "pending", open_cents: 1_199_27, amount_paid_cents: 73 });
    expect(await tenantCreditLeft(db, client)).toBe(0);
    expect(await receiptsOf(nov)).toEqual([expect.objectContaining({ rent_cents: 73, open_after_cents: 1_199_27 })]);
  });
});

describe("estorno", () => {
  it("a Pix of 1.780,50 returned: the billing is open again and its receipt reads cancelled, with the reason", async () => {
    const id = await bill(await tenant(), "2026-10-09", 1_780_50); // a Friday
    const paid = await pay(id, "2026-10-09", 1_780_50);
    if (!paid.ok) throw new Error("paid");
    const back = await reverseBillingPayments(db, id, "Devolução do Pix", actor, "2026-10-12");
    expect(back).toMatchObject({ ok: true, voided: [paid.receiptNumber] });
    expect(await row(id)).toEqual({
      status: "overdue",
      open_cents: 1_780_50,
      amount_paid_cents: null,
      payment_date: null,
    });
    expect(await receiptsOf(id)).toEqual([
      expect.objectContaining({
        id: paid.receiptNumber,
        voided_at: expect.any(String),
        void_reason: "Devolução do Pix",
      }),
    ]);
    // Reversing again reverses nothing.
    expect(await reverseBillingPayments(db, id, "de novo", actor, "2026-10-12")).toEqual({
      ok: false,
      reason: "nothing",
    });
    // Paid again later: a new number, the multa and juros from the due date
    // (11 days: 1.780,50 × 1% × 11/30 = 6,53).
    const again = await pay(id, "2026-10-20", 1_780_50 + 178_05 + 6_53);
    expect(again).toMatchObject({ ok: true, openAfter: 0 });
    if (!again.ok) throw new Error("again");
    expect(again.receiptNumber).toBeGreaterThan(paid.receiptNumber!);
  });
});

describe("a discount", () => {
  it("Conceder desconto of the multa: the billing is paid with what is left", async () => {
    const id = await bill(await tenant({ late_fee_bp: 1000, monthly_interest_bp: 0 }), "2026-10-10", 1_000_00);
    const done = await db
      .transaction()
      .execute((trx) => grantDiscount(trx, id, "late_fee", cents(100_00), "Primeiro atraso", actor, "2026-10-15"));
    expect(done).toEqual({ ok: true, duplicate: false });
    expect(await row(id)).toMatchObject({ open_cents: 1_000_00 });
    expect(await pay(id, "2026-10-15", 1_000_00)).toMatchObject({ ok: true, openAfter: 0 });
    expect(await row(id)).toMatchObject({ status: "paid" });
  });
});

describe("one-time keys", () => {
  it("the same Registrar pagamento posted ten times at once: one credit, one receipt, ten equal answers", async () => {
    const id = await bill(await tenant(), "2026-10-10", 1_500_00);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(id, "2026-10-09", 1_500_00, "chave-1")));
    const numbers = new Set(answers.map((a) => (a.ok ? a.receiptNumber : null)));
    expect(numbers.size).toBe(1);
    expect([...numbers][0]).toEqual(expect.any(Number));
    expect(answers.filter((a) => a.ok && a.duplicate)).toHaveLength(9);
    expect(await receiptsOf(id)).toHaveLength(1);
    const credits = await db.selectFrom("ledger_entries").select("id").where("op_key", "=", "chave-1").execute();
    expect(credits).toHaveLength(1);
  });
});

describe("the tenant's account statement", () => {
  it("lists charges, payments and an estorno newest first with the balance after each; an excess reads as credit", async () => {
    const client = await tenant();
    const id = await bill(client, "2026-12-10", 1_000_00);
    await pay(id, "2026-11-20", 1_000_73);
    const account = await tenantAccount(db, client, "2026-12-31");
    expect(account.balance).toBe(-73);
    // By value date: the rent falls due on 10/12, paid ahead on 20/11.
    expect(account.lines.map((l) => [l.label, l.on_date, l.cents, l.balance])).toEqual([
      ["Aluguel de dezembro de 2026", "2026-12-10", 1_000_00, -73],
      ["Pagamento recebido: registrado pela imobiliária", "2026-11-20", -1_000_73, -1_000_73],
    ]);
    await reverseBillingPayments(db, id, "Pix devolvido", actor, "2026-11-21");
    const after = await tenantAccount(db, client, "2026-12-31");
    expect(after.balance).toBe(1_000_00);
    expect(after.lines[1]).toMatchObject({
      label: "Estorno de pagamento (Pix devolvido)",
      cents: 1_000_73,
      balance: 0,
    });
    // Nobody else's lines.
    expect((await tenantAccount(db, await tenant(), "2026-12-31")).lines).toEqual([]);
    // A rent not issued yet (due after the horizon) is not owed yet.
    await bill(client, "2027-01-10", 1_000_00);
    expect((await tenantAccount(db, client, "2026-12-31")).balance).toBe(1_000_00);
    expect((await tenantAccount(db, client, "2027-01-10")).balance).toBe(2_000_00);
  });
});

describe("notices", () => {
  it("each receipt of a billing paid in two parts is emailed with its own number and balance", async () => {
    const client = await tenant();
    const id = await bill(client, "2026-12-10", 1_000_00);
    const first = await pay(id, "2026-11-20", 400_00);
    const rest = await pay(id, "2026-11-25", 600_00);
    if (!first.ok || !rest.ok) throw new Error("paid");
    const settings = { issueDays: 20, pix: null, cnpj: null };
    await queueNotices(db, "2026-11-25", settings, new Date("2026-11-25T15:00:00Z"));
    const mails = await db
      .selectFrom("email_outbox")
      .select(["dedupe_key", "subject", "text"])
      .where("kind", "=", "billing_receipt")
      .where("ref", "=", `billing:${id}`)
      .orderBy("id")
      .execute();
    expect(mails.map((m) => m.subject)).toEqual([
      `Recibo de Aluguel nº ${first.receiptNumber}`,
      `Recibo de Aluguel nº ${rest.receiptNumber}`,
    ]);
    expect(mails[0]!.text).toContain("Saldo em aberto: R$ 600,00");
    expect(mails[1]!.text).not.toContain("Saldo em aberto");
  });
});

describe("receipt numbers and corrections", () => {
  // Planted-bug kinds the issue names: a number drawn as max(id) + 1 (given
  // again once the newest row is gone), a corrected receipt never emailed.
  it("never gives a number again, even after the newest receipt row is gone", async () => {
    const client = await tenant();
    const a = await bill(client, "2026-12-10", 900_00);
    const b = await bill(client, "2027-01-10", 900_00);
    const first = await pay(a, "2026-11-20", 900_00);
    if (!first.ok || first.receiptNumber === null) throw new Error("paid");
    // The newest row removed by hand (a restore, a cleanup): its number stays used.
    await db.deleteFrom("billing_receipts").where("id", "=", first.receiptNumber).execute();
    const next = await pay(b, "2026-11-21", 900_00);
    if (!next.ok || next.receiptNumber === null) throw new Error("paid");
    expect(next.receiptNumber).toBeGreaterThan(first.receiptNumber);
  });

  it("emails the receipt of a payment registered again after an estorno, never the cancelled one", async () => {
    const client = await tenant();
    const id = await bill(client, "2026-12-10", 750_00);
    const first = await pay(id, "2026-11-20", 750_00);
    if (!first.ok) throw new Error("paid");
    const back = await reverseBillingPayments(db, id, "Valor registrado errado", actor, "2026-11-21");
    expect(back).not.toBeNull();
    const again = await pay(id, "2026-11-21", 750_00);
    if (!again.ok) throw new Error("paid");
    expect(again.receiptNumber).not.toBe(first.receiptNumber);
    await queueNotices(db, "2026-11-21", { issueDays: 20, pix: null, cnpj: null }, new Date("2026-11-21T15:00:00Z"));
    const mails = await db
      .selectFrom("email_outbox")
      .select("subject")
      .where("kind", "=", "billing_receipt")
      .where("ref", "=", `billing:${id}`)
      .execute();
    expect(mails.map((m) => m.subject)).toEqual([`Recibo de Aluguel nº ${again.receiptNumber}`]);
  });
});

describe("reads at scale (docs/decisions/0065-ledger-at-scale.md)", () => {
  // Without statistics SQLite takes `reverses_id is null` on its unique index
  // for a lookup of a row or two and walks every entry that is not a
  // reversal: the whole ledger. Each statement of a payment, a credit left
  // and spent, the estorno page and the estorno is planned here; the
  // reversals' index may be searched only for the reversal of a given entry.
  it("no statement of a payment, a credit spent or an estorno walks the reversals' index", async () => {
    const { traced, plans } = tracedPlans(db);
    const client = await tenant();
    const oct = await bill(client, "2026-10-10", 1_000_00);
    const payment = { payment_date: "2026-10-09", amount_paid: cents(1_000_50), op_key: "plan-key" };
    const paid = await registerPayment(traced, oct, payment, actor, issuer("2026-10-09"));
    expect(paid).toMatchObject({ ok: true, creditLeft: 50 });
    // The same key again: the first result read back.
    expect(await registerPayment(traced, oct, payment, actor, issuer("2026-10-09"))).toMatchObject({
      ok: true,
      duplicate: true,
    });
    const nov = await createBilling(
      traced,
      { client_id: client, month_year: "2026-12", amount_cents: cents(1_000_00), due_date: "2026-12-10" },
      actor,
    );
    expect(nov.ok && (await row(nov.id)).open_cents).toBe(999_50);
    const dec = await bill(client, "2026-11-10", 1_000_00);
    await traced
      .transaction()
      .execute((trx) =>
        grantDiscount(trx, dec, "rent", cents(10_00), "Reparo pago pela inquilina", actor, "2026-11-01"),
      );
    expect((await tenantAccount(traced, client, "2026-12-10")).lines.length).toBeGreaterThan(3);
    expect(await paymentsToReverse(traced, oct)).not.toBeNull();
    expect(await reverseBillingPayments(traced, oct, "Devolvido", actor, "2026-10-12")).toMatchObject({ ok: true });

    const walks: string[] = [];
    const planned = await plans((sql) => /^\s*select/i.test(sql) && sql.includes('"ledger_entries"'));
    for (const { sql, details } of planned)
      for (const detail of details) {
        const alias =
          /^SEARCH (\S+) USING (?:COVERING )?INDEX sqlite_autoindex_ledger_entries_\d+ \(reverses_id=\?\)/.exec(
            detail,
          )?.[1];
        if (alias && !new RegExp(`("${alias}"\\.|[\\s(])"reverses_id" (=|in) `).test(sql))
          walks.push(`${detail}: ${sql}`);
      }
    expect(planned.length).toBeGreaterThan(10);
    expect(walks).toEqual([]);
  });
});

describe("the projection", () => {
  it("agrees with the entries for every billing written above", async () => {
    expect(await checkProjection(db)).toEqual([]);
  });
});
