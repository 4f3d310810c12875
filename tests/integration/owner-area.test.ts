import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { verifyPassword } from "#app/models/accounts/password.server";
import { createBilling } from "#app/models/billing/billing.server";
import { markOverdue } from "#app/models/billing/overdue.server";
import { registerPayment } from "#app/models/billing/payments.server";
import { createClient, type ClientValues } from "#app/models/clients/clients.server";
import { disableClientLogin } from "#app/models/clients/logins.server";
import { findClientLoginByEmail } from "#app/models/clients/portal.server";
import {
  decideBankRequest,
  decidedBankRequests,
  requestBankChange,
  waitingBankRequest,
} from "#app/models/owners/bank-requests.server";
import { dimobYear } from "#app/models/owners/dimob.server";
import { ownerIncome } from "#app/models/owners/income-report.server";
import { leaseOwnersSchema } from "#app/models/owners/lease-owners.schema";
import { saveLeaseOwners } from "#app/models/owners/lease-owners.server";
import {
  ownerAccess,
  giveOwnerAccess,
  removeOwnerAccess,
  resetOwnerPassword,
  shareOwnerLogin,
} from "#app/models/owners/logins.server";
import { markTransferDone } from "#app/models/owners/mark-transfer.server";
import {
  ownerArrears,
  ownerDimob,
  ownerIncomeYears,
  ownerLease,
  ownerLeases,
  ownerStatementDetail,
  ownerStatements,
  ownerSummary,
} from "#app/models/owners/owner-area.server";
import { postDeduction } from "#app/models/owners/owner-entries.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { areasOf, getOwnerForUser } from "#app/models/owners/portal.server";
import { ownerStatement } from "#app/models/owners/transfers.server";
import { cents } from "#app/models/shared/money";
import { privateFolders, staffActor } from "#tests/fixtures/rental-env";
import { tempDatabase } from "#tests/fixtures/temp-db";

// The owner's area (issue 37, docs/decisions/0077-owner-area.md): what an
// owner reads is bound to their id (their leases, a co-owner's share, their
// statements, never another owner's), a tenant's data stops at the name, a
// statement keeps the destination it was paid to; staff give, reset and
// remove an owner's login (one login for a person who is tenant and owner);
// a change of payout details waits for staff to confirm it.
//
// L1: Tiago's lease, co-owned by Olga (60%) and Otávio (40%), 2.000,00 at
// 10%: August and October paid, September and November overdue.
// L2: Teresa's lease, Orlando's (100%), 1.500,00, paid in October.
// L3: Tânia's lease, Olga's alone, 1.000,00 at 8%, its first rent (October)
// with a 50% first-rent fee, November paid and not transferred yet.

const folders = privateFolders("it-owner-area");
let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let actor: { id: number; name: string };
const TODAY = "2026-11-30";
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: TODAY };

let o1: number; // Olga: 60% of L1, all of L3
let o2: number; // Otávio: 40% of L1
let o3: number; // Orlando: L2; no email
let l1: number;
let l2: number;
let l3: number;
let t1User: number;
let t2User: number;
const O1_PIX = "olga.pix@exemplo.com";
const O1_BANK = "Banco do Brasil, ag. 1234, c/c 56789-0";
const L1_ADDRESS = "Rua das Palmeiras, 10, Três Lagoas/MS, 79600-000";
const L3_ADDRESS = "Avenida Rosário, 300, Três Lagoas/MS, 79601-000";

async function lease(values: Partial<ClientValues> & Pick<ClientValues, "name" | "email" | "username">) {
  const created = await createClient(
    db,
    {
      password: "senha1234",
      payment_due_day: 5,
      late_fee_percent: 0,
      monthly_interest_percent: 0,
      admin_fee_percent: 1000,
      first_rent_fee_percent: 0,
      contract_start_date: "2026-01-01",
      contract_end_date: "2028-12-31",
      ...values,
    },
    actor,
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

async function paid(clientId: number, month: string, amount: number, paymentDate: string) {
  const id = await billing(clientId, month, amount);
  const p = await registerPayment(db, id, { payment_date: paymentDate, amount_paid: cents(amount) }, actor, issuer);
  if (!p.ok) throw new Error(`payment: ${JSON.stringify(p)}`);
  return id;
}

async function transfer(ownerId: number, month: string, transferredOn: string) {
  const pending = await ownerStatement(db, ownerId, month);
  const done = await markTransferDone(
    db,
    ownerId,
    month,
    { transferredOn, expectedNetCents: pending!.statement.netCents },
    actor,
    TODAY,
  );
  if (!done.ok) throw new Error(`transfer: ${JSON.stringify(done)}`);
  return done.number;
}

const userOf = async (clientId: number) =>
  (await db.selectFrom("clients").select("user_id").where("id", "=", clientId).executeTakeFirstOrThrow()).user_id;
const ownerRow = (id: number) => db.selectFrom("owners").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const userRow = (id: number) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
const audits = async (entity: string, entityId: number) =>
  (
    await db
      .selectFrom("audit_log")
      .select(["action", "changes"])
      .where("entity", "=", entity)
      .where("entity_id", "=", String(entityId))
      .orderBy("id")
      .execute()
  ).map((r) => ({ action: r.action, changes: JSON.parse(r.changes) as Record<string, [unknown, unknown]> }));

const statementIds: Record<string, number> = {};
let o1Deduction: number;
let o2Deduction: number;

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-owner-area-"));
  actor = await staffActor(db);
  o1 = await createOwner(
    db,
    ownerSchema.parse({
      name: "Olga Proprietária",
      cpf_cnpj: "153.509.460-56",
      email: "olga@exemplo.com",
      pix_key: O1_PIX,
      bank_account: O1_BANK,
    }),
    null,
  );
  o2 = await createOwner(
    db,
    ownerSchema.parse({ name: "Otávio Coproprietário", cpf_cnpj: "529.982.247-25", email: "otavio@exemplo.com" }),
    null,
  );
  o3 = await createOwner(db, ownerSchema.parse({ name: "Orlando Sem Email", cpf_cnpj: "111.444.777-35" }), null);
  // Tiago, L1's tenant, is Olga's same person: her CPF (one login for both areas).
  l1 = await lease({
    name: "Tiago Inquilino",
    email: "tiago@teste.com",
    phone: "(67) 99999-0001",
    username: "tiago",
    cpf_cnpj: "15350946056",
    property_address: L1_ADDRESS,
    owner_id: o1,
  });
  const shares = leaseOwnersSchema.parse({ owner_1: String(o1), share_1: "60", owner_2: String(o2), share_2: "40" });
  expect(await saveLeaseOwners(db, l1, shares, actor)).toEqual({ ok: true, changed: true });
  l2 = await lease({
    name: "Teresa Inquilina",
    email: "teresa@teste.com",
    username: "teresa",
    cpf_cnpj: "39053344705",
    property_address: "Rua Paranaíba, 55, Três Lagoas/MS, 79602-000",
    owner_id: o3,
  });
  l3 = await lease({
    name: "Tânia Inquilina",
    email: "tania@teste.com",
    username: "tania",
    cpf_cnpj: "98765432100",
    property_address: L3_ADDRESS,
    contract_start_date: "2026-10-01",
    admin_fee_percent: 800,
    first_rent_fee_percent: 5000,
    owner_id: o1,
  });
  t1User = (await userOf(l1))!;
  t2User = (await userOf(l2))!;

  await paid(l1, "2026-08", 200_000, "2026-08-05");
  await paid(l1, "2026-10", 200_000, "2026-10-05");
  await paid(l2, "2026-10", 150_000, "2026-10-06");
  await paid(l3, "2026-10", 100_000, "2026-10-08");
  // Unpaid, past due on TODAY: stored overdue by the job's step.
  await billing(l1, "2026-09", 200_000);
  await billing(l1, "2026-11", 200_000);
  expect(await markOverdue(db, TODAY)).toBe(2);

  for (const o of [o1, o2]) statementIds[`${o}:2026-08`] = await transfer(o, "2026-08", "2026-09-05");
  // Olga's deduction on L1 comes off her October transfer.
  const d1 = await postDeduction(
    db,
    o1,
    {
      amountCents: cents(5_000),
      description: "Troca da resistência do chuveiro",
      onDate: "2026-10-20",
      clientId: l1,
      opKey: "d-o1",
    },
    actor,
    TODAY,
  );
  if (!d1.ok) throw new Error("deduction");
  o1Deduction = d1.id;
  for (const o of [o1, o2]) statementIds[`${o}:2026-10`] = await transfer(o, "2026-10", "2026-11-05");
  // After the transfers: Otávio's deduction on the same lease (pending), Tânia's November.
  const d2 = await postDeduction(
    db,
    o2,
    { amountCents: cents(3_000), description: "Parte da pintura", onDate: "2026-11-10", clientId: l1, opKey: "d-o2" },
    actor,
    TODAY,
  );
  if (!d2.ok) throw new Error("deduction");
  o2Deduction = d2.id;
  await paid(l3, "2026-11", 100_000, "2026-11-09");

  // L1's documents: a contract file, a finalized inspection and a draft, a maintenance request.
  const now = new Date().toISOString();
  await db
    .insertInto("contracts")
    .values({
      client_id: l1,
      file_name: "contrato-l1.pdf",
      file_key: "owner-area-contrato.pdf",
      mime_type: "application/pdf",
      size: 10,
      uploaded_by_name: "Ana Staff",
      uploaded_at: now,
    })
    .execute();
  for (const finalized of [true, false])
    await db
      .insertInto("inspections")
      .values({
        client_id: l1,
        kind: finalized ? "entrada" : "saida",
        date: finalized ? "2026-01-02" : "2026-11-20",
        inspector_name: "Vistoriador",
        finalized_at: finalized ? now : null,
        report_key: finalized ? "owner-area-vistoria.pdf" : null,
        report_size: finalized ? 100 : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  await db
    .insertInto("maintenance_requests")
    .values({
      client_id: l1,
      title: "Vazamento na pia",
      description: "Pinga desde ontem.",
      requested_at: "2026-11-12T10:00:00.000Z",
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("maintenance_requests")
    .values({
      client_id: l2,
      title: "Portão emperrado",
      description: "Não fecha.",
      requested_at: "2026-11-13T10:00:00.000Z",
      updated_at: now,
    })
    .execute();
});

afterAll(async () => {
  await cleanup();
  folders.remove();
});

describe("the owner's leases", () => {
  it("lists the leases that name the owner, a co-owner's with their share, never another owner's", async () => {
    const olga = await ownerLeases(db, o1);
    expect(olga.map((l) => [l.id, l.share_bp, l.overdue])).toEqual([
      [l3, 10_000, 0], // started last
      [l1, 6000, 2],
    ]);
    expect(olga.find((l) => l.id === l1)).toMatchObject({
      tenantName: "Tiago Inquilino",
      property_address: L1_ADDRESS,
    });
    expect((await ownerLeases(db, o2)).map((l) => [l.id, l.share_bp])).toEqual([[l1, 4000]]);
    expect((await ownerLeases(db, o3)).map((l) => l.id)).toEqual([l2]);
    // The list carries no tenant CPF, email nor phone.
    for (const row of olga) {
      expect(Object.keys(row)).not.toContain("cpf_cnpj");
      expect(Object.keys(row)).not.toContain("email");
      expect(Object.keys(row)).not.toContain("phone");
    }
  });

  it("opens a lease only for its owners", async () => {
    expect(await ownerLease(db, o3, l1, TODAY)).toBeNull();
    expect(await ownerLease(db, o1, l2, TODAY)).toBeNull();
    expect(await ownerLease(db, o2, l3, TODAY)).toBeNull();
    expect(await ownerLease(db, o2, l1, TODAY)).not.toBeNull();
  });

  it("shows the contract files, finalized inspection reports only, the maintenance, and the owner's own deductions", async () => {
    const detail = await ownerLease(db, o1, l1, TODAY);
    expect(detail?.lease).toMatchObject({ id: l1, share_bp: 6000, overdue: 2 });
    expect(Object.keys(detail!.lease)).not.toContain("cpf_cnpj");
    expect(detail?.contracts.map((c) => c.file_name)).toEqual(["contrato-l1.pdf"]);
    expect(detail?.inspections.map((i) => [i.kind, i.date])).toEqual([["entrada", "2026-01-02"]]);
    expect(detail?.inspections.every((i) => i.finalized_at !== null)).toBe(true);
    expect(detail?.maintenance.map((m) => m.title)).toEqual(["Vazamento na pia"]);
    expect(detail?.expenses.map((e) => [e.id, e.amount_cents, e.description])).toEqual([
      [o1Deduction, 5_000, "Troca da resistência do chuveiro"],
    ]);
    const otavio = await ownerLease(db, o2, l1, TODAY);
    expect(otavio?.expenses.map((e) => e.id)).toEqual([o2Deduction]);
    expect(otavio?.lease.share_bp).toBe(4000);
    // Olga's other lease has none of L1's.
    const other = await ownerLease(db, o1, l3, TODAY);
    expect(other).toMatchObject({ contracts: [], inspections: [], maintenance: [], expenses: [] });
  });
});

describe("the arrears", () => {
  it("lists each co-owner's lease with overdue billings: the tenant's name, how many, since when; nothing else", async () => {
    for (const o of [o1, o2]) {
      const rows = await ownerArrears(db, o);
      expect(rows).toEqual([
        { id: l1, tenantName: "Tiago Inquilino", property_address: L1_ADDRESS, months: 2, since: "2026-09-05" },
      ]);
      expect(Object.keys(rows[0]).sort()).toEqual(["id", "months", "property_address", "since", "tenantName"]);
    }
    expect(await ownerArrears(db, o3)).toEqual([]);
  });
});

describe("the summary", () => {
  it("totals the owner's own statements only; the last transfers; the rents waiting to be transferred", async () => {
    const finals = async (ownerId: number) =>
      db
        .selectFrom("owner_statements")
        .select(["id", "net_cents"])
        .where("owner_id", "=", ownerId)
        .orderBy("id", "desc")
        .execute();
    const olgaFinals = await finals(o1);
    const otavioFinals = await finals(o2);
    expect(olgaFinals).toHaveLength(2);
    expect(otavioFinals).toHaveLength(2);
    const sum = (rows: { net_cents: number }[]) => rows.reduce((s, r) => s + r.net_cents, 0);
    // August: 60% of 2.000,00 less 10%; October: that, plus L3's first rent (50% kept), less the deduction.
    expect(sum(olgaFinals)).toBe(108_000 + (108_000 + 50_000 - 5_000));
    expect(sum(otavioFinals)).toBe(72_000 + 72_000);

    const olga = await ownerSummary(db, o1, TODAY);
    expect(olga.twelveMonthsCents).toBe(sum(olgaFinals));
    expect(olga.yearCents).toBe(sum(olgaFinals));
    expect(olga.last.map((s) => [s.id, s.month, s.net_cents, s.transferred_on])).toEqual([
      [statementIds[`${o1}:2026-10`], "2026-10", 153_000, "2026-11-05"],
      [statementIds[`${o1}:2026-08`], "2026-08", 108_000, "2026-09-05"],
    ]);
    // Tânia's November, 8% off: waiting.
    expect(olga.pending).toEqual({ months: ["2026-11"], rents: 1, netCents: 92_000 });
    expect(olga.arrears.map((a) => a.id)).toEqual([l1]);

    const otavio = await ownerSummary(db, o2, TODAY);
    expect([otavio.twelveMonthsCents, otavio.yearCents]).toEqual([sum(otavioFinals), sum(otavioFinals)]);
    expect(otavio.last.map((s) => s.id)).toEqual(otavioFinals.map((s) => s.id));
    expect(otavio.pending).toBeNull();

    const orlando = await ownerSummary(db, o3, TODAY);
    expect(orlando).toMatchObject({ last: [], twelveMonthsCents: 0, yearCents: 0, arrears: [] });
    // L2's October, never transferred, is last month's pending.
    expect(orlando.pending).toEqual({ months: ["2026-10"], rents: 1, netCents: 135_000 });
  });

  it("counts only transfers within the 12 months and the year", async () => {
    const olga = await ownerSummary(db, o1, "2027-10-01");
    // August 2026's transfer (2026-09-05) is more than 12 months back; October's (2026-11-05) is not.
    expect(olga.twelveMonthsCents).toBe(153_000);
    expect(olga.yearCents).toBe(0);
    // A year to the day after a transfer, it is the 13th month's: out.
    expect((await ownerSummary(db, o1, "2027-11-05")).twelveMonthsCents).toBe(0);
    expect((await ownerSummary(db, o1, "2027-11-04")).twelveMonthsCents).toBe(153_000);
  });
});

describe("the statements", () => {
  it("lists the owner's own final statements, newest first", async () => {
    const page = await ownerStatements(db, o1, 1);
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => [r.id, r.month, r.net_cents])).toEqual([
      [statementIds[`${o1}:2026-10`], "2026-10", 153_000],
      [statementIds[`${o1}:2026-08`], "2026-08", 108_000],
    ]);
    expect((await ownerStatements(db, o3, 1)).rows).toEqual([]);
  });

  it("opens a statement only for its owner, its lines grouped by lease with the address", async () => {
    const id = statementIds[`${o1}:2026-10`];
    expect(await ownerStatementDetail(db, o2, id)).toBeNull();
    expect(await ownerStatementDetail(db, o3, id)).toBeNull();
    const detail = await ownerStatementDetail(db, o1, id);
    expect(detail).toMatchObject({
      id,
      month: "2026-10",
      transferredOn: "2026-11-05",
      destination: `Pix ${O1_PIX}`,
      grossCents: 120_000 + 100_000,
      adminFeeCents: 12_000,
      firstRentFeeCents: 50_000,
      deductionsCents: 5_000,
      netCents: 153_000,
    });
    const leases = [...detail!.leases].sort((a, b) => a.clientId - b.clientId);
    expect(leases.map((l) => [l.clientId, l.tenantName, l.address, l.lines.length])).toEqual([
      [l1, "Tiago Inquilino", L1_ADDRESS, 1],
      [l3, "Tânia Inquilina", L3_ADDRESS, 1],
    ]);
    expect(leases[0].lines[0]).toMatchObject({ shareBp: 6000, receivedCents: 120_000, netCents: 108_000 });
    expect(leases[1].lines[0]).toMatchObject({ isFirstRent: true, firstRentFeeCents: 50_000, netCents: 50_000 });
    expect(detail?.deductions.map((d) => [d.entryId, d.amountCents])).toEqual([[o1Deduction, 5_000]]);
    // Otávio's October: his share of L1 only.
    const his = await ownerStatementDetail(db, o2, statementIds[`${o2}:2026-10`]);
    expect(his?.leases.map((l) => [l.clientId, l.lines.map((x) => x.receivedCents)])).toEqual([[l1, [80_000]]]);
    expect(his?.destination).toBeNull(); // no Pix key nor account on file
  });

  it("gives the informes' years from the first statement to this year", async () => {
    expect(await ownerIncomeYears(db, o1, TODAY)).toEqual([2026]);
    expect(await ownerIncomeYears(db, o1, "2028-03-01")).toEqual([2028, 2027, 2026]);
    expect(await ownerIncomeYears(db, o3, TODAY)).toEqual([2026]);
  });

  // Orlando has no final statement (L2 started and paid in 2026, never
  // transferred): his years start at his lease's start.
  it("gives an owner without statements the years since their first lease's start", async () => {
    expect(await ownerIncomeYears(db, o3, "2028-03-01")).toEqual([2028, 2027, 2026]);
  });
});

describe("the DIMOB in the owner's area", () => {
  it("declares each lease's rents and commissions as the informe's arithmetic gives them", async () => {
    const olga = await ownerDimob(db, o1, 2026);
    const byLease = (rows: typeof olga) =>
      [...rows].sort((a, b) => a.clientId - b.clientId).map((r) => [r.clientId, r.rentCents, r.commissionCents]);
    expect(byLease(olga)).toEqual([
      [l1, 120_000 * 2, 12_000 * 2],
      [l3, 100_000 * 2, 50_000 + 8_000],
    ]);
    expect(olga.every((r) => r.taxCents === 0)).toBe(true);
    expect(olga.find((r) => r.clientId === l3)).toMatchObject({ tenantName: "Tânia Inquilina", address: L3_ADDRESS });
    for (const o of [o1, o2, o3]) {
      const rows = await ownerDimob(db, o, 2026);
      const income = await ownerIncome(db, o, 2026);
      expect(rows.reduce((s, r) => s + r.rentCents, 0)).toBe(income!.totals.grossCents);
      expect(rows.reduce((s, r) => s + r.commissionCents, 0)).toBe(income!.totals.feesCents);
    }
    expect(byLease(await ownerDimob(db, o2, 2026))).toEqual([[l1, 80_000 * 2, 8_000 * 2]]);
    // The agency's own DIMOB declares the same, contract by contract, month by month.
    const agency = await dimobYear(db, 2026);
    for (const o of [o1, o2, o3]) {
      const declared = agency.contracts
        .filter((c) => c.ownerId === o)
        .map((c) => ({
          clientId: c.clientId,
          rentCents: c.months.reduce((s, m) => s + m.rentCents, 0),
          commissionCents: c.months.reduce((s, m) => s + m.commissionCents, 0),
          taxCents: c.months.reduce((s, m) => s + m.taxCents, 0),
        }))
        .sort((a, b) => a.clientId - b.clientId);
      const shown = (await ownerDimob(db, o, 2026))
        .map(({ clientId, rentCents, commissionCents, taxCents }) => ({
          clientId,
          rentCents,
          commissionCents,
          taxCents,
        }))
        .sort((a, b) => a.clientId - b.clientId);
      expect(shown).toEqual(declared);
      expect(shown.length).toBeGreaterThan(0);
    }
    expect(await ownerDimob(db, o1, 2025)).toEqual([]);
  });
});

describe("the owner's login", () => {
  let otavioUser: number;

  it("gives a new login (the password generated, shown once), refuses a second, an owner without email, a taken name", async () => {
    expect(await ownerAccess(db, o2)).toMatchObject({ login: null, tenantLogin: null, email: "otavio@exemplo.com" });
    const given = await giveOwnerAccess(db, o2, { username: "otavio" }, actor);
    expect(given).toMatchObject({ ok: true, name: "Otávio Coproprietário", username: "otavio" });
    const password = given.ok ? given.password : null;
    expect(password).toMatch(/^[A-Za-z0-9]{8}$/);
    otavioUser = (await ownerRow(o2)).user_id!;
    const user = await userRow(otavioUser);
    expect(user).toMatchObject({ username: "otavio", email: "otavio@exemplo.com", role: "client", active: 1 });
    expect(await verifyPassword(user!.password_hash, password!)).toBe(true);
    expect(await getOwnerForUser(db, otavioUser)).toEqual({
      id: o2,
      name: "Otávio Coproprietário",
      email: "otavio@exemplo.com",
    });
    expect(await areasOf(db, otavioUser)).toEqual({ tenant: null, owner: { name: "Otávio Coproprietário" } });
    expect(await ownerAccess(db, o2)).toMatchObject({
      login: { userId: otavioUser, username: "otavio", alsoTenant: false },
    });
    expect((await audits("client_account", otavioUser)).map((a) => a.action)).toEqual(["create"]);
    expect(await audits("owner", o2)).toContainEqual({ action: "update", changes: { user_id: [null, otavioUser] } });

    expect(await giveOwnerAccess(db, o2, { username: "otavio2" }, actor)).toEqual({ ok: false, reason: "has-access" });
    expect(await giveOwnerAccess(db, o3, { username: "orlando" }, actor)).toEqual({ ok: false, reason: "no-email" });
    expect(await giveOwnerAccess(db, 999_999, { username: "ninguem" }, actor)).toEqual({
      ok: false,
      reason: "missing",
    });

    const o4 = await createOwner(db, ownerSchema.parse({ name: "Olívia Quarta", email: "olivia@exemplo.com" }), null);
    expect(await giveOwnerAccess(db, o4, { username: "tiago" }, actor)).toMatchObject({
      ok: false,
      reason: "clash",
      field: "username",
    });
    expect((await ownerRow(o4)).user_id).toBeNull();
    expect(
      await db.selectFrom("users").select("id").where("email", "=", "olivia@exemplo.com").executeTakeFirst(),
    ).toBeUndefined();
    // A password typed by staff is not shown back.
    expect(await giveOwnerAccess(db, o4, { username: "olivia", password: "senha-forte-123" }, actor)).toMatchObject({
      ok: true,
      password: null,
    });
  });

  it("finds an owner-only login by the owner's email (password recovery)", async () => {
    expect(await findClientLoginByEmail(db, "OTAVIO@exemplo.com")).toEqual({
      userId: otavioUser,
      name: "Otávio Coproprietário",
      email: "otavio@exemplo.com",
    });
    expect(await findClientLoginByEmail(db, "orlando@exemplo.com")).toBeNull();
  });

  it("offers the tenant login of the same person (CPF) and links it: one user, both areas", async () => {
    const access = await ownerAccess(db, o1);
    expect(access).toMatchObject({
      login: null,
      tenantLogin: { userId: t1User, username: "tiago", tenantName: "Tiago Inquilino" },
    });
    // Only the login offered: not any user an id names.
    expect(await giveOwnerAccess(db, o1, { linkUserId: t2User }, actor)).toEqual({ ok: false, reason: "not-linkable" });
    expect(await giveOwnerAccess(db, o1, { linkUserId: otavioUser }, actor)).toEqual({
      ok: false,
      reason: "not-linkable",
    });
    expect((await ownerRow(o1)).user_id).toBeNull();
    const users = Number(
      (
        await db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(await giveOwnerAccess(db, o1, { linkUserId: t1User }, actor)).toEqual({
      ok: true,
      name: "Olga Proprietária",
      username: "tiago",
      password: null,
    });
    expect(
      Number(
        (
          await db
            .selectFrom("users")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(users);
    expect((await ownerRow(o1)).user_id).toBe(t1User);
    expect(await areasOf(db, t1User)).toEqual({
      tenant: { name: "Tiago Inquilino" },
      owner: { name: "Olga Proprietária" },
    });
    expect(await ownerAccess(db, o1)).toMatchObject({ login: { userId: t1User, alsoTenant: true }, tenantLogin: null });
    expect(await audits("owner", o1)).toContainEqual({ action: "update", changes: { user_id: [null, t1User] } });
    // A login an owner has is offered to no other owner.
    const twin = await createOwner(db, ownerSchema.parse({ name: "Gêmea", cpf_cnpj: "153.509.460-56" }), null);
    expect((await ownerAccess(db, twin))?.tenantLogin).toBeNull();
    // Or by email, the case ignored.
    const byEmail = await createOwner(db, ownerSchema.parse({ name: "Teresa Dona" }), null);
    await db.updateTable("owners").set({ email: "Teresa@Teste.com" }).where("id", "=", byEmail).execute();
    expect((await ownerAccess(db, byEmail))?.tenantLogin).toEqual({
      userId: t2User,
      username: "teresa",
      tenantName: "Teresa Inquilina",
    });
    // Nothing to match with: nothing offered.
    expect((await ownerAccess(db, o3))?.tenantLogin).toBeNull();
  });

  it("removes an owner's access: a tenant's login stays for the tenant's area, an owner-only login is deleted", async () => {
    expect(await removeOwnerAccess(db, o1, actor)).toEqual({ name: "Olga Proprietária" });
    expect((await ownerRow(o1)).user_id).toBeNull();
    expect(await userRow(t1User)).toBeDefined();
    expect(await userOf(l1)).toBe(t1User);
    expect(await areasOf(db, t1User)).toEqual({ tenant: { name: "Tiago Inquilino" }, owner: null });
    expect(await audits("owner", o1)).toContainEqual({ action: "update", changes: { user_id: [t1User, null] } });
    expect((await audits("client_account", t1User)).map((a) => a.action)).not.toContain("delete");

    expect(await removeOwnerAccess(db, o2, actor)).toEqual({ name: "Otávio Coproprietário" });
    expect((await ownerRow(o2)).user_id).toBeNull();
    expect(await userRow(otavioUser)).toBeUndefined();
    expect((await audits("client_account", otavioUser)).map((a) => a.action)).toEqual(["create", "delete"]);
    expect(await findClientLoginByEmail(db, "otavio@exemplo.com")).toBeNull();
    expect(await removeOwnerAccess(db, 999_999, actor)).toBeNull();
  });

  it("disabling the tenant's login keeps the user for the owner's area", async () => {
    expect(await giveOwnerAccess(db, o1, { linkUserId: t1User }, actor)).toMatchObject({ ok: true });
    expect(await disableClientLogin(db, l1, actor)).toEqual({ name: "Tiago Inquilino" });
    expect(await userOf(l1)).toBeNull();
    expect(await userRow(t1User)).toBeDefined();
    expect((await ownerRow(o1)).user_id).toBe(t1User);
    expect(await areasOf(db, t1User)).toEqual({ tenant: null, owner: { name: "Olga Proprietária" } });
    expect(await ownerAccess(db, o1)).toMatchObject({ login: { userId: t1User, alsoTenant: false } });
    expect(await audits("client", l1)).toContainEqual({ action: "update", changes: { user_id: [t1User, null] } });
    // Now an owner-only login: found by the owner's email.
    expect(await findClientLoginByEmail(db, "olga@exemplo.com")).toMatchObject({
      userId: t1User,
      name: "Olga Proprietária",
    });
  });

  it("resets the owner's password: a new hash, the sessions ended, audited", async () => {
    const before = (await userRow(t1User))!.password_hash;
    const now = new Date();
    await db
      .insertInto("sessions")
      .values({
        id: "owner-area-session",
        user_id: t1User,
        expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
        created_at: now.toISOString(),
        user_agent: null,
      })
      .execute();
    const reset = await resetOwnerPassword(db, o1, actor);
    expect(reset).toMatchObject({ name: "Olga Proprietária", username: "tiago" });
    expect(reset?.password).toMatch(/^[A-Za-z0-9]{8}$/);
    const after = (await userRow(t1User))!.password_hash;
    expect(after).not.toBe(before);
    expect(await verifyPassword(after, reset!.password)).toBe(true);
    expect(await db.selectFrom("sessions").select("id").where("user_id", "=", t1User).execute()).toEqual([]);
    expect((await audits("client_account", t1User)).map((a) => a.action)).toContain("password_reset");
    expect(await resetOwnerPassword(db, o2, actor)).toBeNull(); // no login
    expect(await resetOwnerPassword(db, o3, actor)).toBeNull();
  });

  it("an owner's login opens, once staff confirm it, the lease the same person rents later", async () => {
    const owner = await createOwner(
      db,
      ownerSchema.parse({ name: "Paula Dona", cpf_cnpj: "714.602.380-01", email: "paula@exemplo.com" }),
      null,
    );
    const given = await giveOwnerAccess(db, owner, { username: "paula" }, actor);
    if (!given.ok) throw new Error("access");
    const userId = (await db.selectFrom("owners").select("user_id").where("id", "=", owner).executeTakeFirstOrThrow())
      .user_id!;
    // She rents a flat: a lease with her CPF and no login.
    const rented = await lease({
      name: "Paula Inquilina",
      email: "paula.aluga@exemplo.com",
      username: "paula-aluga",
      cpf_cnpj: "71460238001",
    });
    await disableClientLogin(db, rented, actor);
    expect((await ownerAccess(db, owner))?.leaseToShare).toEqual({ clientId: rented, tenantName: "Paula Inquilina" });
    expect(await shareOwnerLogin(db, owner, l2, actor)).toEqual({ ok: false, reason: "not-linkable" });
    expect(await shareOwnerLogin(db, owner, rented, actor)).toMatchObject({ ok: true, tenantName: "Paula Inquilina" });
    expect(await areasOf(db, userId)).toEqual({ tenant: { name: "Paula Inquilina" }, owner: { name: "Paula Dona" } });
    expect(await ownerAccess(db, owner)).toMatchObject({ login: { alsoTenant: true }, leaseToShare: null });
    expect(await shareOwnerLogin(db, owner, rented, actor)).toEqual({ ok: false, reason: "not-linkable" });
    expect((await audits("client", rented)).at(-1)?.changes).toEqual({ user_id: [null, userId] });
    // An owner without a login has nothing to share.
    expect(await shareOwnerLogin(db, o3, rented, actor)).toEqual({ ok: false, reason: "no-login" });
  });
});

describe("a change of payout details", () => {
  const asOwner = () => ({ id: t1User, name: "Olga Proprietária" });
  let first: number;

  it("waits for staff: a request, the agency alerted, a second refused, the owner unchanged", async () => {
    const asked = await requestBankChange(
      db,
      { id: o1, name: "Olga Proprietária" },
      { pix_key: "olga.nova@exemplo.com", note: "Mudei de banco" },
      asOwner(),
    );
    if (!asked.ok) throw new Error("request");
    first = asked.id;
    expect(await waitingBankRequest(db, o1)).toMatchObject({
      id: first,
      pix_key: "olga.nova@exemplo.com",
      bank_account: null,
      note: "Mudei de banco",
    });
    const mail = await db
      .selectFrom("email_outbox")
      .select(["kind", "to_address", "subject", "text"])
      .where("dedupe_key", "=", `staff:owner-bank:${first}`)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: "staff_alert", to_address: defaultAgency.email });
    expect(mail.subject).toContain("Olga Proprietária");
    // The new details stay in the panel, not in the email.
    expect(mail.text).not.toContain("olga.nova@exemplo.com");
    expect(
      await requestBankChange(db, { id: o1, name: "Olga Proprietária" }, { bank_account: "Outra conta" }, asOwner()),
    ).toEqual({ ok: false, reason: "waiting" });
    expect(await ownerRow(o1)).toMatchObject({ pix_key: O1_PIX, bank_account: O1_BANK });
    expect((await audits("owner_bank_request", first)).map((a) => a.action)).toEqual(["create"]);
  });

  it("applies only a confirmation, once, to the fields asked; another owner's id finds nothing", async () => {
    expect(await decideBankRequest(db, o2, first, { outcome: "confirmed" }, actor)).toEqual({
      ok: false,
      reason: "missing",
    });
    expect((await ownerRow(o1)).pix_key).toBe(O1_PIX);
    expect(
      await decideBankRequest(db, o1, first, { outcome: "confirmed", note: "Confirmado por telefone" }, actor),
    ).toEqual({ ok: true });
    expect(await ownerRow(o1)).toMatchObject({ pix_key: "olga.nova@exemplo.com", bank_account: O1_BANK });
    expect(await decideBankRequest(db, o1, first, { outcome: "refused" }, actor)).toEqual({
      ok: false,
      reason: "decided",
    });
    expect((await ownerRow(o1)).pix_key).toBe("olga.nova@exemplo.com");
    expect(await waitingBankRequest(db, o1)).toBeNull();
    expect(await audits("owner_bank_request", first)).toEqual([
      { action: "create", changes: expect.any(Object) },
      { action: "update", changes: { outcome: [null, "confirmed"], decision_note: [null, "Confirmado por telefone"] } },
    ]);
    expect(await audits("owner", o1)).toContainEqual({
      action: "update",
      changes: { pix_key: [O1_PIX, "olga.nova@exemplo.com"] },
    });
  });

  it("keeps the destination a transfer was paid to on its statement", async () => {
    for (const month of ["2026-08", "2026-10"])
      expect((await ownerStatementDetail(db, o1, statementIds[`${o1}:${month}`]))?.destination).toBe(`Pix ${O1_PIX}`);
  });

  it("a refused request leaves the owner unchanged", async () => {
    const asked = await requestBankChange(
      db,
      { id: o1, name: "Olga Proprietária" },
      { bank_account: "Conta suspeita 0000" },
      asOwner(),
    );
    if (!asked.ok) throw new Error("request");
    expect(await decideBankRequest(db, o1, asked.id, { outcome: "refused", note: "Não confirmado" }, actor)).toEqual({
      ok: true,
    });
    expect(await ownerRow(o1)).toMatchObject({ pix_key: "olga.nova@exemplo.com", bank_account: O1_BANK });
    expect(await waitingBankRequest(db, o1)).toBeNull();
    expect((await decidedBankRequests(db, o1)).map((r) => [r.id, r.outcome])).toEqual([
      [asked.id, "refused"],
      [first, "confirmed"],
    ]);
    expect((await audits("owner_bank_request", asked.id)).map((a) => a.action)).toEqual(["create", "update"]);
    expect(await decideBankRequest(db, o1, 999_999, { outcome: "confirmed" }, actor)).toEqual({
      ok: false,
      reason: "missing",
    });
  });

  it("receiving in the bank account removes the Pix key once confirmed (transfers prefer Pix)", async () => {
    const asked = await requestBankChange(
      db,
      { id: o1, name: "Olga Proprietária" },
      { bank_account: "Caixa, ag. 0001, c/c 12345-6", remove_pix: true },
      asOwner(),
    );
    if (!asked.ok) throw new Error("request");
    expect(await waitingBankRequest(db, o1)).toMatchObject({ remove_pix: 1 });
    expect(await decideBankRequest(db, o1, asked.id, { outcome: "confirmed" }, actor)).toEqual({ ok: true });
    expect(await ownerRow(o1)).toMatchObject({ pix_key: null, bank_account: "Caixa, ag. 0001, c/c 12345-6" });
  });

  it("two requests posted at once: one waits, the other is told so", async () => {
    const both = await Promise.all(
      ["Conta A", "Conta B"].map((bank_account) =>
        requestBankChange(db, { id: o1, name: "Olga Proprietária" }, { bank_account }, asOwner()),
      ),
    );
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(both.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "waiting" }]);
  });
});
