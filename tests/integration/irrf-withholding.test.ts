import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createBilling } from "#app/models/billing/billing.server";
import { registerPayment } from "#app/models/billing/payments.server";
import { createClient, getClient, updateClient } from "#app/models/clients/clients.server";
import { hasMoneyHistory } from "#app/models/clients/money-history";
import { moneyHistory } from "#app/models/clients/money-history.server";
import { dimobYear } from "#app/models/owners/dimob.server";
import { incomeYear } from "#app/models/owners/income-reports.server";
import { tenantIncome } from "#app/models/owners/income-report.server";
import { leaseOwnersSchema } from "#app/models/owners/lease-owners.schema";
import { saveLeaseOwners } from "#app/models/owners/lease-owners.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner, updateOwner } from "#app/models/owners/owners.server";
import { ownerStatement } from "#app/models/owners/transfers.server";
import { cents } from "#app/models/shared/money";
import { standingWithholdings, withholdIrrf } from "#app/models/withholding/irrf.server";
import { privateFolders, staffActor } from "#tests/fixtures/rental-env";
import { tempDatabase } from "#tests/fixtures/temp-db";

// IRRF on rent (issue 36, docs/decisions/0074-irrf-withholding.md): a company
// rents from two owners, Ana (a person, 60%) and Imobiliária Sol (a company,
// 40%), for 10.000,00. Ana's 6.000,00 is taxed at the 2026 table with its
// reduction: 394,54 withheld, which the tenant pays the Receita; the billing
// asks 9.605,46. Ana's statement has her 6.000,00 less the tax and the fee on
// 6.000,00; the company's share is whole. The DIMOB, the informes and the
// tenant's informe carry the tax.

const folders = privateFolders("it-irrf");

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let actor: { id: number; name: string };
const agency = { ...defaultAgency, cnpj: null };
let ana: number;
let sol: number;
let lease: number;
let billing: number;

const COMPANY = "11222333000181";
const open = async () =>
  (
    await db
      .selectFrom("billing")
      .select(["open_cents", "rent_open_cents"])
      .where("id", "=", billing)
      .executeTakeFirstOrThrow()
  ).open_cents;
const irrfEntries = () =>
  db
    .selectFrom("ledger_entries")
    .select(["amount_cents", "reverses_id"])
    .where("billing_id", "=", billing)
    .where("method", "=", "irrf")
    .orderBy("id")
    .execute();

async function setTenantDocument(document: string) {
  const c = (await getClient(db, lease))!;
  await updateClient(
    db,
    lease,
    {
      name: c.name,
      email: c.email,
      cpf_cnpj: document,
      property_address: c.property_address ?? undefined,
      contract_start_date: c.contract_start_date ?? undefined,
      contract_end_date: c.contract_end_date ?? undefined,
      payment_due_day: c.payment_due_day,
      monthly_rent: cents(1_000_000),
      late_fee_percent: 0,
      monthly_interest_percent: 0,
      admin_fee_percent: 1000,
      first_rent_fee_percent: 0,
      owner_id: c.owner_id ?? undefined,
    },
    actor,
  );
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-irrf-"));
  actor = await staffActor(db);
  ana = await createOwner(db, ownerSchema.parse({ name: "Ana Pessoa", cpf_cnpj: "153.509.460-56" }), null);
  sol = await createOwner(db, ownerSchema.parse({ name: "Imobiliária Sol", cpf_cnpj: "11.444.777/0001-61" }), null);
  const created = await createClient(
    db,
    {
      name: "Comércio Lagoa Ltda",
      email: "financeiro@lagoa.com",
      username: "lagoa",
      password: "senha1234",
      cpf_cnpj: COMPANY,
      property_address: "Av. Rosário Congro, 100, Três Lagoas/MS, 79601-000",
      contract_start_date: "2026-01-01",
      contract_end_date: "2028-12-31",
      payment_due_day: 5,
      late_fee_percent: 0,
      monthly_interest_percent: 0,
      admin_fee_percent: 1000,
      first_rent_fee_percent: 0,
      owner_id: ana,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  lease = created.id;
  const input = leaseOwnersSchema.parse({ owner_1: String(ana), share_1: "60", owner_2: String(sol), share_2: "40" });
  expect(await saveLeaseOwners(db, lease, input, actor)).toEqual({ ok: true, changed: true });
});

afterAll(async () => {
  await cleanup();
  folders.remove();
});

describe("a company tenant's billing", () => {
  it("withholds the person owner's IRRF and asks the net", async () => {
    const b = await createBilling(
      db,
      { client_id: lease, month_year: "2026-10", amount_cents: cents(1_000_000), due_date: "2026-10-05" },
      actor,
    );
    if (!b.ok) throw new Error("billing");
    billing = b.id;
    expect(await open()).toBe(960_546);
    expect(
      (await standingWithholdings(db, [billing])).map((w) => [w.owner_id, w.income_cents, w.base_cents, w.irrf_cents]),
    ).toEqual([[ana, 600_000, 539_280, 39_454]]);
    // Run again: nothing changes.
    await db
      .transaction()
      .execute((trx) =>
        withholdIrrf(trx, { id: billing, client_id: lease, due_date: "2026-10-05" }, actor, "2026-10-01"),
      );
    expect(await irrfEntries()).toHaveLength(1);
    // An IRRF yet to be withheld is no money history: the lease could still be deleted.
    expect(hasMoneyHistory(await moneyHistory(db, lease))).toBe(false);
  });

  it("follows the tenant's document: a person withholds nothing, a company again", async () => {
    await setTenantDocument("52998224725");
    expect(await open()).toBe(1_000_000);
    expect(await standingWithholdings(db, [billing])).toEqual([]);
    await setTenantDocument(COMPANY);
    expect(await open()).toBe(960_546);
    const entries = await irrfEntries();
    expect(entries.map((e) => e.amount_cents)).toEqual([39_454, -39_454, 39_454]);
    expect(entries[1].reverses_id).not.toBeNull();
    // The person owner becomes a company (a typo corrected): nothing withheld; back, withheld again.
    const owner = (document: string) =>
      updateOwner(db, ana, ownerSchema.parse({ name: "Ana Pessoa", cpf_cnpj: document }), actor);
    expect(await owner("11.444.777/0001-61")).toBe(true);
    expect(await open()).toBe(1_000_000);
    expect(await owner("153.509.460-56")).toBe(true);
    expect(await open()).toBe(960_546);
  });

  it("paid at the net, gives each owner their share: Ana's less her tax, the fee on the rent before it", async () => {
    // A part first: from then on the withholding stands, whatever the parties become.
    const part = await registerPayment(
      db,
      billing,
      { payment_date: "2026-10-05", amount_paid: cents(100_000) },
      actor,
      {
        agency,
        today: "2026-10-10",
      },
    );
    expect(part.ok).toBe(true);
    await setTenantDocument("52998224725");
    expect(await open()).toBe(860_546);
    await setTenantDocument(COMPANY);
    expect(await irrfEntries()).toHaveLength(5);
    const p = await registerPayment(db, billing, { payment_date: "2026-10-05", amount_paid: cents(860_546) }, actor, {
      agency,
      today: "2026-10-10",
    });
    expect(p.ok).toBe(true);
    expect(
      (await db.selectFrom("billing").select("status").where("id", "=", billing).executeTakeFirstOrThrow()).status,
    ).toBe("paid");
    const line = async (owner: number) =>
      (await ownerStatement(db, owner, "2026-10"))!.lines.map((l) => [
        l.receivedCents,
        l.withheldCents ?? 0,
        l.adminFeeCents,
        l.netCents,
      ]);
    expect(await line(ana)).toEqual([[560_546, 39_454, 60_000, 500_546]]);
    expect(await line(sol)).toEqual([[400_000, 0, 40_000, 360_000]]);
  });

  it("declares the whole rent and the tax: DIMOB, the owners' informes, the tenant's", async () => {
    const dimob = await dimobYear(db, 2026);
    expect(
      dimob.contracts.map((c) => [
        c.ownerName,
        c.months[9].rentCents,
        c.months[9].commissionCents,
        c.months[9].taxCents,
      ]),
    ).toEqual([
      ["Ana Pessoa", 600_000, 60_000, 39_454],
      ["Imobiliária Sol", 400_000, 40_000, 0],
    ]);
    const year = await incomeYear(db, 2026);
    expect(year.owners.map((o) => [o.name, o.grossCents, o.netCents])).toEqual([
      ["Ana Pessoa", 600_000, 500_546],
      ["Imobiliária Sol", 400_000, 360_000],
    ]);
    const tenant = await tenantIncome(db, lease, 2026);
    expect(tenant).toMatchObject({ totalCents: 1_000_000, withheldCents: 39_454 });
    expect(tenant!.months[9]).toEqual({ month: "2026-10", paidCents: 1_000_000, withheldCents: 39_454 });
  });
});
