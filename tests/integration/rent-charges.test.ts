import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { createBilling } from "#app/models/billing/billing.server";
import { registerPayment } from "#app/models/billing/payments.server";
import { renderReceiptPdf, type ReceiptPdfData } from "#app/models/billing/receipt-pdf.server";
import { chargeSchema, recurringSchema } from "#app/models/charges/charge.schema";
import {
  addRecurringCharge,
  cancelCharge,
  contractCharges,
  endRecurringCharge,
  postCharge,
} from "#app/models/charges/charges.server";
import { chargesOfBillings } from "#app/models/charges/beside.server";
import { markPaidOn, pendingPayouts } from "#app/models/charges/payouts.server";
import { createClient } from "#app/models/clients/clients.server";
import { dimobYear } from "#app/models/owners/dimob.server";
import { tenantIncome } from "#app/models/owners/income-report.server";
import { markTransferDone } from "#app/models/owners/mark-transfer.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { ownerStatement } from "#app/models/owners/transfers.server";
import { cents } from "#app/models/shared/money";
import { tempDatabase } from "#tests/fixtures/temp-db";

// Charges beside the rent (issue 36, docs/decisions/0068-charges-beside-the-rent.md):
// an IPTU the owner paid and the tenant reimburses, and a condomínio paid on
// to the building, on October's billing: the tenant owes 1.400,00; paid, the
// owner's statement has the rent less the fee plus the IPTU without fee, and
// not the condomínio; the DIMOB and the informe the rent alone. A monthly
// condomínio goes on the open billings of its months and on each one made.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-charges-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana Staff" };
const agency = { ...defaultAgency, cnpj: null };
let owner: number;
let lease: number;
let october: number;

const bill = async (month: string) => {
  const b = await createBilling(
    db,
    { client_id: lease, month_year: month, amount_cents: cents(100_000), due_date: `${month}-05` },
    actor,
  );
  if (!b.ok) throw new Error("billing");
  return b.id;
};
const charge = (values: Record<string, string>) =>
  chargeSchema.parse({ intent: "add", chave: "chave-do-encargo-0001", ...values });
const billingRow = (id: number) =>
  db
    .selectFrom("billing")
    .select(["status", "open_cents", "rent_open_cents"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-charges-"));
  actor.id = await createUser(
    db,
    { username: "ana.staff", email: "ana@agencia.com", name: "Ana Staff", password: "senha1234", role: "admin" },
    null,
  );
  owner = await createOwner(db, ownerSchema.parse({ name: "Olga Dona", cpf_cnpj: "153.509.460-56" }), null);
  const created = await createClient(
    db,
    {
      name: "Rui Inquilino",
      email: "rui@teste.com",
      username: "rui",
      password: "senha1234",
      cpf_cnpj: "11144477735",
      property_address: "Rua A, 1, Três Lagoas/MS, 79600-000",
      contract_start_date: "2026-01-01",
      contract_end_date: "2028-12-31",
      payment_due_day: 5,
      late_fee_percent: 0,
      monthly_interest_percent: 0,
      admin_fee_percent: 1000,
      first_rent_fee_percent: 0,
      owner_id: owner,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  lease = created.id;
  october = await bill("2026-10");
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("a charge on a billing", () => {
  it("adds to what the tenant owes, once per form, after the rent", async () => {
    const iptu = charge({
      kind: "iptu",
      description: "IPTU 2026, parcela 10",
      amount: "100,00",
      receiver: "owner",
      billing_id: String(october),
    });
    expect(await postCharge(db, lease, iptu, actor, "2026-10-01")).toMatchObject({ ok: true, duplicate: false });
    expect(await postCharge(db, lease, iptu, actor, "2026-10-01")).toMatchObject({ ok: true, duplicate: true });
    const condo = charge({
      kind: "condominio",
      description: "Condomínio de outubro",
      amount: "300,00",
      receiver: "third_party",
      billing_id: String(october),
      chave: "chave-do-encargo-0002",
    });
    expect(await postCharge(db, lease, condo, actor, "2026-10-01")).toMatchObject({ ok: true });
    // Multa and juros would run on the rent alone.
    expect(await billingRow(october)).toEqual({ status: "pending", open_cents: 140_000, rent_open_cents: 100_000 });
    expect((await chargesOfBillings(db, [october])).get(october)?.map((c) => c.description)).toEqual([
      "IPTU 2026, parcela 10",
      "Condomínio de outubro",
    ]);
    // Another contract's billing is refused.
    expect(
      await postCharge(db, lease + 999, { ...condo, chave: "chave-do-encargo-0003" }, actor, "2026-10-01"),
    ).toEqual({
      ok: false,
      reason: "billing",
    });
  });

  it("goes to the owner as a reimbursement without fee; the third party's stays out of the transfer", async () => {
    let items: ReceiptPdfData["items"] = [];
    const paid = await registerPayment(
      db,
      october,
      { payment_date: "2026-10-05", amount_paid: cents(140_000) },
      actor,
      {
        agency,
        today: "2026-10-05",
        renderPdf: (data) => {
          items = data.items;
          return renderReceiptPdf(data);
        },
      },
    );
    expect(paid.ok).toBe(true);
    // The receipt names each charge beside the rent.
    expect(items.map((i) => [i.label, i.cents])).toEqual([
      ["Aluguel", 100_000],
      ["IPTU 2026, parcela 10", 10_000],
      ["Condomínio de outubro", 30_000],
    ]);
    expect((await billingRow(october)).status).toBe("paid");
    const s = await ownerStatement(db, owner, "2026-10");
    expect(s!.lines.map((l) => [l.receivedCents, l.adminFeeCents, l.reimbursedCents, l.netCents])).toEqual([
      [100_000, 10_000, 10_000, 100_000],
    ]);
    expect(s!.statement).toMatchObject({ grossCents: 100_000, reimbursedCents: 10_000, netCents: 100_000 });
    const done = await markTransferDone(
      db,
      owner,
      "2026-10",
      { transferredOn: "2026-10-10", expectedNetCents: 100_000 },
      actor,
      "2026-10-10",
    );
    expect(done).toMatchObject({ ok: true, netCents: 100_000 });
    const final = await ownerStatement(db, owner, "2026-10");
    expect(final!.statement).toMatchObject({ grossCents: 100_000, reimbursedCents: 10_000, netCents: 100_000 });
    // Paid and transferred: no charge on it can be cancelled.
    const [first] = await contractCharges(db, lease);
    expect(await cancelCharge(db, lease, first.id, actor, "2026-10-10")).toEqual({ ok: false, reason: "locked" });
  });

  it("holds the condomínio for the building until staff mark it paid on, once", async () => {
    const before = await pendingPayouts(db, 1);
    expect(before).toMatchObject({ count: 1, totalCents: 30_000 });
    expect(before.rows.map((r) => [r.description, r.amount_cents, r.tenant_name])).toEqual([
      ["Condomínio de outubro", 30_000, "Rui Inquilino"],
    ]);
    const id = before.rows[0].id;
    const when = { paidOn: "2026-10-12", reference: "Boleto do condomínio" };
    expect(await markPaidOn(db, id, { ...when, paidOn: "2026-10-30" }, actor, "2026-10-12")).toEqual({
      ok: false,
      reason: "date",
    });
    expect(await markPaidOn(db, id, when, actor, "2026-10-12")).toEqual({ ok: true, duplicate: false });
    expect(await markPaidOn(db, id, when, actor, "2026-10-12")).toEqual({ ok: true, duplicate: true });
    expect(await pendingPayouts(db, 1)).toMatchObject({ count: 0, totalCents: 0, rows: [] });
    expect(await db.selectFrom("third_party_payouts").select(["charge_id", "paid_on", "reference"]).execute()).toEqual([
      { charge_id: id, paid_on: "2026-10-12", reference: "Boleto do condomínio" },
    ]);
    // The owner's charge (the IPTU reimbursement) is not a third party's.
    const [iptu] = (await contractCharges(db, lease)).filter((c) => c.receiver === "owner");
    expect(await markPaidOn(db, iptu.id, when, actor, "2026-10-12")).toEqual({ ok: false, reason: "charge" });
  });

  it("leaves the charges out of the rent the DIMOB and the tenant's informe declare", async () => {
    const dimob = await dimobYear(db, 2026);
    expect(dimob.contracts.map((c) => [c.months[9].rentCents, c.months[9].commissionCents])).toEqual([
      [100_000, 10_000],
    ]);
    expect((await tenantIncome(db, lease, 2026))!.totalCents).toBe(100_000);
  });
});

describe("a monthly charge", () => {
  it("goes on the open billings of its months and on each billing made, until ended", async () => {
    const november = await bill("2026-11");
    const monthly = recurringSchema.parse({
      intent: "add-monthly",
      kind: "condominio",
      description: "Condomínio",
      amount: "300,00",
      receiver: "third_party",
      first_month: "2026-11",
    });
    expect(await addRecurringCharge(db, lease, monthly, actor, "2026-11-01")).toMatchObject({ ok: true, attached: 1 });
    expect((await billingRow(november)).open_cents).toBe(130_000);
    const december = await bill("2026-12");
    expect((await billingRow(december)).open_cents).toBe(130_000);
    const [recurring] = await db.selectFrom("recurring_charges").select("id").execute();
    expect(await endRecurringCharge(db, lease, recurring.id, actor, "2026-12")).toBe(true);
    const january = await bill("2027-01");
    expect((await billingRow(january)).open_cents).toBe(100_000);

    // Cancelled on an open billing: a reversing entry, the row kept.
    const novemberCharge = (await contractCharges(db, lease)).find((c) => c.billing_id === november)!;
    expect(await cancelCharge(db, lease, novemberCharge.id, actor, "2026-11-02")).toEqual({ ok: true });
    expect(await cancelCharge(db, lease, novemberCharge.id, actor, "2026-11-02")).toEqual({
      ok: false,
      reason: "charge",
    });
    expect((await billingRow(november)).open_cents).toBe(100_000);
    expect((await contractCharges(db, lease)).find((c) => c.id === novemberCharge.id)?.cancelled).toBe(true);
    const entries = await db
      .selectFrom("ledger_entries")
      .select(["amount_cents", "reverses_id"])
      .where("billing_id", "=", november)
      .where("item", "=", "other")
      .orderBy("id")
      .execute();
    expect(entries).toEqual([
      { amount_cents: 30_000, reverses_id: null },
      { amount_cents: -30_000, reverses_id: expect.any(Number) },
    ]);
  });

  it("refuses a last month before the first", () => {
    const r = recurringSchema.safeParse({
      intent: "add-monthly",
      kind: "iptu",
      description: "IPTU 2027",
      amount: "90,00",
      receiver: "owner",
      first_month: "2027-02",
      last_month: "2027-01",
    });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["last_month", "O último mês não pode ser antes do primeiro."],
    ]);
  });
});
