import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { createBilling } from "#app/models/billing/billing.server";
import { registerPayment, reverseBillingPayments } from "#app/models/billing/payments.server";
import { createClient } from "#app/models/clients/clients.server";
import { incomeYear } from "#app/models/owners/income-reports.server";
import { ownerIncome } from "#app/models/owners/income-report.server";
import { markTransferDone } from "#app/models/owners/mark-transfer.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { cancelDeduction, cancellableDeductions } from "#app/models/owners/cancel-deduction.server";
import { postDeduction } from "#app/models/owners/owner-entries.server";
import { createOwner } from "#app/models/owners/owners.server";
import { monthTransfers, ownerStatement } from "#app/models/owners/transfers.server";
import { cents } from "#app/models/shared/money";
import { tempDatabase } from "#tests/fixtures/temp-db";

// Owners from the ledger (issue 35 step 5, decision 0064): deductions staff
// post come off the owner's next transfer and are taken by the statement
// made final; more than the rents carries to the next one; an estorno of
// money already transferred cancels its receipt and puts the net the owner
// was paid on the owner's next statement; the fee base per contract.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-owner-entries-"));
vi.stubEnv("UPLOADS_DIR", uploads);
vi.stubEnv("OUTBOX_DIR", fs.mkdtempSync(path.join(os.tmpdir(), "it-owner-entries-outbox-")));

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana Staff" };
const TODAY = "2026-12-20";
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: TODAY };

async function newOwner(name: string) {
  return createOwner(db, ownerSchema.parse({ name }), null);
}

async function tenant(name: string, ownerId: number, values: Record<string, unknown> = {}) {
  const login = name.toLowerCase().replace(/\W/g, "");
  const created = await createClient(
    db,
    {
      name,
      email: `${login}@teste.com`,
      username: login,
      password: "senha1234",
      payment_due_day: 5,
      late_fee_percent: 0,
      monthly_interest_percent: 0,
      admin_fee_percent: 1000, // 10%, in basis points as the form gives them
      first_rent_fee_percent: 0,
      owner_id: ownerId,
      ...values,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

async function billing(clientId: number, month: string, amount: number) {
  const b = await createBilling(
    db,
    { client_id: clientId, month_year: month, amount_cents: cents(amount), due_date: `${month}-05` },
    actor,
  );
  if (!b.ok) throw new Error("billing");
  return b.id;
}

async function pay(billingId: number, paymentDate: string, amountPaid: number | null = null) {
  const p = await registerPayment(
    db,
    billingId,
    { payment_date: paymentDate, amount_paid: amountPaid === null ? null : cents(amountPaid) },
    actor,
    issuer,
  );
  if (!p.ok) throw new Error(`payment: ${p.reason}`);
  return p;
}

async function transfer(ownerId: number, month: string) {
  const pending = await ownerStatement(db, ownerId, month);
  const done = await markTransferDone(
    db,
    ownerId,
    month,
    { transferredOn: `${month}-28`, expectedNetCents: pending!.statement.netCents },
    actor,
    TODAY,
  );
  if (!done.ok) throw new Error(`transfer: ${done.reason}`);
  return done;
}

const deduction = (
  amount: number,
  description: string,
  opKey: string,
  onDate = "2026-10-15",
  clientId: number | null = null,
) => ({
  amountCents: cents(amount),
  description,
  onDate,
  clientId,
  opKey,
});

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-owner-entries-"));
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

describe("a deduction staff post on the owner's account", () => {
  let owner: number;
  let contract: number;
  it("comes off the month's transfer, on Repasses and the statement, with its description", async () => {
    owner = await newOwner("Helena Duarte");
    contract = await tenant("Carlos Prado", owner);
    await pay(await billing(contract, "2026-10", 150000), "2026-10-05");
    const posted = await postDeduction(
      db,
      owner,
      deduction(32000, "Conserto do chuveiro", "deducao-chuveiro-0001", "2026-10-15", contract),
      actor,
      TODAY,
    );
    expect(posted).toMatchObject({ ok: true, duplicate: false });
    const oct = await ownerStatement(db, owner, "2026-10");
    expect(oct?.statement).toMatchObject({
      rentsNetCents: 135000,
      deductionsCents: 32000,
      carriedCents: 0,
      netCents: 103000,
    });
    expect(oct?.statement.deductions.map((d) => [d.description, d.amountCents])).toEqual([
      ["Conserto do chuveiro", 32000],
    ]);
    const month = await monthTransfers(db, "2026-10");
    expect(month.pending.rows).toEqual([
      expect.objectContaining({
        ownerName: "Helena Duarte",
        grossCents: 150000,
        deductionsCents: 32000,
        netCents: 103000,
      }),
    ]);
    expect(month.pendingTotalCents).toBe(103000);
  });

  it("writes one row for one key, however many times it is posted (also at once)", async () => {
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        postDeduction(db, owner, deduction(32000, "Conserto do chuveiro", "deducao-chuveiro-0001"), actor, TODAY),
      ),
    );
    expect(again.every((r) => r.ok && r.duplicate)).toBe(true);
    expect(await db.selectFrom("owner_entries").select("id").where("owner_id", "=", owner).execute()).toHaveLength(1);
  });

  it("refuses an amount of zero, a day ahead of today and a contract of another owner", async () => {
    const other = await tenant("Outra Pessoa", await newOwner("Outro Dono"));
    expect(await postDeduction(db, owner, deduction(0, "x", "deducao-zero-000001"), actor, TODAY)).toEqual({
      ok: false,
      reason: "amount",
    });
    expect(
      await postDeduction(db, owner, deduction(100, "x", "deducao-futuro-0001", "2026-12-21"), actor, TODAY),
    ).toEqual({
      ok: false,
      reason: "date",
    });
    expect(
      await postDeduction(db, owner, deduction(100, "x", "deducao-contrato-001", "2026-10-15", other), actor, TODAY),
    ).toEqual({ ok: false, reason: "contract" });
  });

  it("is taken by the statement made final, and by no later one", async () => {
    const done = await transfer(owner, "2026-10");
    expect(done.netCents).toBe(103000);
    const final = await ownerStatement(db, owner, "2026-10");
    expect(final?.final?.net_cents).toBe(103000);
    expect(final?.statement.deductions.map((d) => d.description)).toEqual(["Conserto do chuveiro"]);
    const tie = await db.selectFrom("owner_statement_entries").selectAll().execute();
    expect(tie).toEqual([expect.objectContaining({ statement_id: done.number })]);
    await pay(await billing(contract, "2026-11", 150000), "2026-11-05");
    const nov = await ownerStatement(db, owner, "2026-11");
    expect(nov?.statement).toMatchObject({ deductionsCents: 0, netCents: 135000 });
  });
});

describe("a deduction posted by mistake, cancelled", () => {
  it("before its transfer: a cancelling entry, once, both on the statement, which nets them to nothing", async () => {
    const owner = await newOwner("Irene Campos");
    const contract = await tenant("Jonas Lima", owner);
    await pay(await billing(contract, "2026-10", 200000), "2026-10-05");
    const posted = await postDeduction(db, owner, deduction(20000, "Pintura", "deducao-pintura-0001"), actor, TODAY);
    if (!posted.ok) throw new Error("deduction");
    expect(await cancellableDeductions(db, [posted.id])).toEqual([posted.id]);
    // Another owner's page cannot cancel it.
    expect(await cancelDeduction(db, await newOwner("Outra Dona"), posted.id, "engano", actor)).toEqual({
      ok: false,
    });
    const tries = await Promise.all(
      Array.from({ length: 5 }, () => cancelDeduction(db, owner, posted.id, "Lançado no proprietário errado", actor)),
    );
    expect(tries.filter((r) => r.ok && !r.duplicate)).toHaveLength(1);
    expect(tries.every((r) => r.ok && r.description === "Pintura" && r.amountCents === 20000)).toBe(true);
    const rows = await db
      .selectFrom("owner_entries")
      .select(["id", "amount_cents", "description", "on_date", "reverses_id", "created_by_name"])
      .where("owner_id", "=", owner)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({ id: posted.id, amount_cents: 20000, reverses_id: null }),
      expect.objectContaining({
        amount_cents: -20000,
        description: "Cancelamento: Pintura (Lançado no proprietário errado)",
        on_date: "2026-10-15",
        reverses_id: posted.id,
        created_by_name: "Ana Staff",
      }),
    ]);
    expect(
      await cancellableDeductions(
        db,
        rows.map((r) => r.id),
      ),
    ).toEqual([]);
    // Dated the deduction's day: October's statement lists both and nets them.
    const oct = await ownerStatement(db, owner, "2026-10");
    expect(oct?.statement.deductions.map((d) => d.amountCents)).toEqual([20000, -20000]);
    expect(oct?.statement).toMatchObject({ deductionsCents: 0, netCents: 180000 });
    const done = await transfer(owner, "2026-10");
    expect(done.netCents).toBe(180000);
    expect(
      await db
        .selectFrom("owner_statement_entries")
        .select("entry_id")
        .where("statement_id", "=", done.number)
        .execute(),
    ).toHaveLength(2);
  });

  it("not once a final statement took it", async () => {
    const owner = await newOwner("Karina Souza");
    const contract = await tenant("Luiz Alves", owner);
    await pay(await billing(contract, "2026-10", 100000), "2026-10-05");
    const posted = await postDeduction(db, owner, deduction(5000, "Chaveiro", "deducao-chaveiro-001"), actor, TODAY);
    if (!posted.ok) throw new Error("deduction");
    await transfer(owner, "2026-10");
    expect(await cancellableDeductions(db, [posted.id])).toEqual([]);
    expect(await cancelDeduction(db, owner, posted.id, "engano", actor)).toEqual({ ok: false });
    expect(await db.selectFrom("owner_entries").select("id").where("owner_id", "=", owner).execute()).toHaveLength(1);
  });
});

describe("deductions above the month's rents", () => {
  it("transfer nothing and carry the rest to the owner's next statement", async () => {
    const owner = await newOwner("Jorge Lima");
    const contract = await tenant("Paula Reis", owner);
    await pay(await billing(contract, "2026-10", 100000), "2026-10-05"); // 900,00 net
    await postDeduction(db, owner, deduction(120000, "Troca do telhado", "deducao-telhado-0001"), actor, TODAY);
    const oct = await ownerStatement(db, owner, "2026-10");
    expect(oct?.statement).toMatchObject({
      rentsNetCents: 90000,
      deductionsCents: 120000,
      carriedCents: 30000,
      netCents: 0,
    });
    const done = await transfer(owner, "2026-10");
    expect(done.netCents).toBe(0);
    const after = await ownerStatement(db, owner, "2026-10");
    expect(after?.statement).toMatchObject({ carriedCents: 30000, netCents: 0 });
    await pay(await billing(contract, "2026-11", 100000), "2026-11-05");
    const nov = await ownerStatement(db, owner, "2026-11");
    expect(nov?.statement.deductions.map((d) => [d.kind, d.description, d.amountCents])).toEqual([
      ["carry", `Saldo devedor do extrato nº ${done.number}`, 30000],
    ]);
    expect(nov?.statement.netCents).toBe(60000);
  });
});

describe("a Pix of 1.780,50 then its devolução after the transfer", () => {
  it("opens the billing again, cancels its receipt and puts the net paid on the owner's next statement", async () => {
    const owner = await newOwner("Rita Campos");
    const contract = await tenant("Bruno Alves", owner);
    const oct = await billing(contract, "2026-10", 178050);
    const paid = await pay(oct, "2026-10-05");
    const receipt = paid.receiptNumber!;
    const statement = await transfer(owner, "2026-10");
    expect(statement.netCents).toBe(160245); // 1.780,50 less 178,05

    const back = await reverseBillingPayments(db, oct, "Devolução do Pix", actor, "2026-11-12", "estorno-pix-00000001");
    expect(back).toMatchObject({ ok: true, voided: [receipt] });
    expect(
      await db
        .selectFrom("billing")
        .select(["status", "open_cents", "owner_statement_id"])
        .where("id", "=", oct)
        .executeTakeFirst(),
    ).toEqual({ status: "overdue", open_cents: 178050, owner_statement_id: null });
    expect(
      await db
        .selectFrom("billing_receipts")
        .select(["voided_at", "void_reason"])
        .where("id", "=", receipt)
        .executeTakeFirst(),
    ).toEqual({ voided_at: expect.any(String), void_reason: "Devolução do Pix" });
    // The statement that paid it stays as it was.
    expect((await ownerStatement(db, owner, "2026-10"))?.final?.net_cents).toBe(160245);

    // November: a rent of another month, less the debit.
    await pay(await billing(contract, "2026-11", 178050), "2026-11-05");
    const nov = await ownerStatement(db, owner, "2026-11");
    expect(nov?.statement.deductions).toEqual([
      expect.objectContaining({
        kind: "estorno",
        description: `Estorno: Bruno Alves outubro de 2026 — recibo nº ${receipt} cancelado`,
        amountCents: 160245,
      }),
    ]);
    expect(nov?.statement).toMatchObject({ rentsNetCents: 160245, netCents: 0, carriedCents: 0 });
    const debit = await db
      .selectFrom("owner_entries")
      .selectAll()
      .where("kind", "=", "estorno")
      .executeTakeFirstOrThrow();
    expect(debit).toMatchObject({
      owner_id: owner,
      billing_id: oct,
      from_statement_id: statement.number,
      fee_refund_cents: 17805,
    });

    // The same estorno posted again: nothing more.
    expect(
      await reverseBillingPayments(db, oct, "Devolução do Pix", actor, "2026-11-12", "estorno-pix-00000001"),
    ).toMatchObject({
      ok: true,
      ownerDebits: [debit.id],
    });
    expect(await db.selectFrom("owner_entries").select("id").where("kind", "=", "estorno").execute()).toHaveLength(1);

    // Paid again, October goes on the owner's next statement whole.
    await pay(oct, "2026-11-20");
    const again = await ownerStatement(db, owner, "2026-11");
    expect(again?.lines.map((l) => [l.monthYear, l.netCents])).toEqual([
      ["2026-11", 160245],
      ["2026-10", 160245],
    ]);
    expect(again?.statement.netCents).toBe(160245);
  });
});

describe("the administration fee's base, per contract", () => {
  it("takes the fee on rent, multa and juros by default, on the rent alone when the contract says so", async () => {
    const owner = await newOwner("Sara Nunes");
    const all = await tenant("Multa Toda", owner, { late_fee_percent: 1000 });
    const rent = await tenant("So Aluguel", owner, { late_fee_percent: 1000, fee_base: "rent" });
    await pay(await billing(all, "2026-10", 100000), "2026-10-20"); // 1.000,00 + multa 100,00
    await pay(await billing(rent, "2026-10", 100000), "2026-10-20");
    const oct = await ownerStatement(db, owner, "2026-10");
    expect(oct?.lines.map((l) => [l.tenantName, l.receivedCents, l.chargesCents, l.adminFeeCents, l.netCents])).toEqual(
      [
        ["Multa Toda", 110000, 10000, 11000, 99000],
        ["So Aluguel", 110000, 10000, 10000, 100000],
      ],
    );
  });
});

describe("the informe de rendimentos", () => {
  it("calls transferred only what a final statement transferred; the rest is a repassar", async () => {
    const owner = await newOwner("Vera Moraes");
    const contract = await tenant("Lia Torres", owner);
    await pay(await billing(contract, "2025-11", 100000), "2025-11-05"); // a year with no statement at all
    await pay(await billing(contract, "2026-09", 100000), "2026-09-05");
    await pay(await billing(contract, "2026-10", 100000), "2026-10-05");
    await transfer(owner, "2026-09");
    const y2026 = await ownerIncome(db, owner, 2026);
    expect(
      y2026?.months
        .filter((m) => m.grossCents > 0)
        .map((m) => [m.month, m.netCents, m.transferredCents, m.pendingCents]),
    ).toEqual([
      ["2026-09", 90000, 90000, 0],
      ["2026-10", 90000, 0, 90000],
    ]);
    expect(y2026?.totals).toMatchObject({ netCents: 180000, transferredCents: 90000, pendingCents: 90000 });
    const y2025 = await ownerIncome(db, owner, 2025);
    expect(y2025?.totals).toMatchObject({ netCents: 90000, transferredCents: 0, pendingCents: 90000 });
    const year = await incomeYear(db, 2025);
    expect(year.owners.find((o) => o.id === owner)).toMatchObject({ netCents: 90000, transferredCents: 0 });
  });
});
