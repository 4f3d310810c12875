import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import { openDatabase } from "#app/db/db.server";
import type { Database } from "#app/db/schema";
import { dimobFile, monthsOf } from "#app/models/owners/dimob";
import { dimobPage, dimobText, dimobYear } from "#app/models/owners/dimob.server";
import { parseIncomeQuery } from "#app/models/owners/income-query";
import { incomeYear, incomeYearPage } from "#app/models/owners/income-reports.server";
import { ownerIncome, ownerIncomes, tenantIncome, tenantIncomes } from "#app/models/owners/income-report.server";
import {
  ownedRentLines,
  ownersRentLines,
  ownersRentLinesInBatches,
  type OwnedRentLine,
} from "#app/models/owners/received-rents.server";
import { markTransferDone } from "#app/models/owners/mark-transfer.server";
import { cents } from "#app/models/shared/money";
import { closeStatementThread } from "#app/models/reconciliation/statement-pool.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { allPendingTransfers, seedScale } from "../../scripts/lib/scale-seed";

// The year's informes and DIMOB read a batch of owners at a time, contract by
// contract (issue 34, docs/decisions/0060-list-queries.md, "Informes and DIMOB
// at scale"). On a small scale data set with transfers made final (frozen
// fees, first rents), a fee changed after them and a contract without owner,
// the batched figures are the per-owner query's (ownedRentLines, the query
// the monthly statements use) line for line and month for month, the DIMOB
// written in slices is dimobFile's text byte for byte, and a DIMOB kept
// between views is dropped by any write.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-income-year-"));
vi.stubEnv("UPLOADS_DIR", uploads);
vi.stubEnv("AGENCY_CNPJ", "11.222.333/0001-81");
vi.stubEnv("AGENCY_RESPONSIBLE_CPF", "529.982.247-25");

// Most contracts' first rents are in 2024 (transferred: frozen); 2025 has a
// later contract's transferred and two not transferred yet (computed now).
const YEAR = 2025;
const range = (year: number) => ({ paidFrom: `${year}-01-01`, paidBefore: `${year + 1}-01-01` });
const RANGE = range(YEAR);
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: "2026-02-20" };

let db: Kysely<Database>;
let file: string;
let cleanup: () => Promise<void>;
let unowned: number;

const byPayment = (a: OwnedRentLine, b: OwnedRentLine) =>
  a.paymentDate < b.paymentDate ? -1 : a.paymentDate > b.paymentDate ? 1 : a.billingId - b.billingId;
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

beforeAll(async () => {
  ({ db, path: file, cleanup } = await tempDatabase("it-income-year-db-"));
  await seedScale(db, { contracts: 14, years: 2, seed: 21, today: "2026-02-20" });
  // Three months of 2025 transferred for every owner: their fees frozen, the
  // contracts' first rents in them charged the first-rent fee.
  for (const month of ["2024-06", "2025-02", "2025-05", "2025-09"])
    for (const p of await allPendingTransfers(db, month)) {
      const done = await markTransferDone(
        db,
        p.ownerId,
        month,
        { transferredOn: `${month}-28`, expectedNetCents: p.netCents },
        null,
        issuer.today,
      );
      expect(done.ok).toBe(true);
    }
  // Fees changed since: transferred rents keep the old fee, the others take the new one.
  await db.updateTable("clients").set({ admin_fee_bp: 1234 }).where("owner_id", "is not", null).execute();
  // A contract that lost its owner: a tenant's informe still, a DIMOB blocker.
  const last = await db.selectFrom("clients").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
  unowned = last.id;
  await db.updateTable("clients").set({ owner_id: null }).where("id", "=", unowned).execute();
}, 300_000);

afterAll(async () => {
  await closeStatementThread();
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("the year read a batch of owners at a time", () => {
  it("gives each owner the per-owner query's lines, and the whole year's", async () => {
    const owners = await db.selectFrom("owners").select("id").orderBy("id").execute();
    const all = [...(await ownedRentLines(db, range(2024))), ...(await ownedRentLines(db, RANGE))];
    const firstRents = all.filter((l) => l.firstRentFeeCents > 0);
    // Each kind of line is there: fees frozen by a final statement, first rents frozen and computed now.
    expect(all.filter((l) => l.ownerStatementId !== null).length).toBeGreaterThan(0);
    expect(firstRents.some((l) => l.ownerStatementId !== null)).toBe(true);
    expect(firstRents.some((l) => l.ownerStatementId === null)).toBe(true);
    for (const year of [2024, YEAR]) {
      for (const { id } of owners)
        expect(await ownersRentLines(db, [id], range(year))).toEqual(
          await ownedRentLines(db, { ...range(year), ownerId: id }),
        );
      const batched: OwnedRentLine[] = [];
      for await (const lines of ownersRentLinesInBatches(db, ids(owners), range(year))) batched.push(...lines);
      expect(batched.sort(byPayment)).toEqual(await ownedRentLines(db, range(year)));
    }
  });

  it("gives every informe the figures of the informe drawn alone", async () => {
    const year = await incomeYear(db, YEAR);
    expect(year.owners.length).toBeGreaterThan(1);
    expect(year.tenants.map((t) => t.id)).toContain(unowned);
    const owners = await ownerIncomes(db, YEAR, ids(year.owners));
    for (const o of year.owners) {
      const alone = await ownerIncome(db, o.id, YEAR);
      expect(owners.get(o.id)).toEqual(alone);
      // The list's totals are the informe's.
      expect([o.grossCents, o.netCents]).toEqual([alone!.totals.grossCents, alone!.totals.netCents]);
      // And the per-owner query's, month by month.
      const lines = await ownedRentLines(db, { ...RANGE, ownerId: o.id });
      for (const m of alone!.months) {
        const of = lines.filter((l) => l.paymentMonth === m.month);
        expect(m.grossCents).toBe(of.reduce((s, l) => s + l.receivedCents, 0));
        expect(m.netCents).toBe(of.reduce((s, l) => s + l.netCents, 0));
      }
    }
    const tenants = await tenantIncomes(db, YEAR, ids(year.tenants));
    for (const t of year.tenants) {
      const alone = await tenantIncome(db, t.id, YEAR);
      expect(tenants.get(t.id)).toEqual(alone);
      expect(t.paidCents).toBe(alone!.totalCents);
      const paid = await db
        .selectFrom("billing")
        .select((eb) => eb.fn.sum<number>(eb.fn.coalesce("amount_paid_cents", "amount_cents")).as("sum"))
        .where("client_id", "=", t.id)
        .where("status", "=", "paid")
        .where("payment_date", ">=", RANGE.paidFrom)
        .where("payment_date", "<", RANGE.paidBefore)
        .executeTakeFirstOrThrow();
      expect(alone!.totalCents).toBe(Number(paid.sum));
    }
    // Nobody asked for is nobody, and someone unknown is left out.
    expect((await ownerIncomes(db, YEAR, [])).size).toBe(0);
    expect([...(await tenantIncomes(db, YEAR, [999_999])).keys()]).toEqual([]);
  });

  it("pages the list with the same amounts", async () => {
    const year = await incomeYear(db, YEAR);
    const page = await incomeYearPage(db, YEAR, parseIncomeQuery(new URLSearchParams()));
    expect(page.owners.total).toBe(year.owners.length);
    expect(page.tenants.total).toBe(year.tenants.length);
    for (const o of page.owners.rows)
      expect(o).toMatchObject({ grossCents: year.owners.find((y) => y.id === o.id)!.grossCents });
    for (const t of page.tenants.rows) expect(t.paidCents).toBe(year.tenants.find((y) => y.id === t.id)!.paidCents);
  });

  it("keeps a page's figures and order until the next write", async () => {
    const query = parseIncomeQuery(new URLSearchParams());
    const before = await incomeYearPage(db, YEAR, query);
    expect(await incomeYearPage(db, YEAR, query)).toEqual(before);
    // A rent of the year paid 1 real more, not yet transferred: the tenant's
    // and the owner's figures of the next view have it.
    const paid = await db
      .selectFrom("billing")
      .innerJoin("clients", "clients.id", "billing.client_id")
      .select([
        "billing.id",
        "billing.client_id",
        "clients.owner_id",
        "billing.amount_paid_cents",
        "billing.amount_cents",
      ])
      .where("billing.status", "=", "paid")
      .where("billing.payment_date", ">=", RANGE.paidFrom)
      .where("billing.payment_date", "<", RANGE.paidBefore)
      .where("billing.owner_statement_id", "is", null)
      .where("clients.owner_id", "is not", null)
      .orderBy("billing.id")
      .executeTakeFirstOrThrow();
    const tenantOf = (page: typeof before) => page.tenants.rows.find((t) => t.id === paid.client_id)!;
    const ownerOf = (page: typeof before) => page.owners.rows.find((o) => o.id === paid.owner_id)!;
    const renamed = before.tenants.rows.at(-1)!;
    try {
      await db
        .updateTable("billing")
        .set({ amount_paid_cents: cents((paid.amount_paid_cents ?? paid.amount_cents) + 100) })
        .where("id", "=", paid.id)
        .execute();
      const after = await incomeYearPage(db, YEAR, query);
      expect(tenantOf(after).paidCents).toBe(tenantOf(before).paidCents + 100);
      expect(ownerOf(after).grossCents).toBe(ownerOf(before).grossCents! + 100);
      // A rename moves the tenant in the order.
      await db.updateTable("clients").set({ name: "Aaron Primeiro" }).where("id", "=", renamed.id).execute();
      const reordered = await incomeYearPage(db, YEAR, query);
      expect(reordered.tenants.rows[0]).toMatchObject({ id: renamed.id, name: "Aaron Primeiro" });
    } finally {
      await db
        .updateTable("billing")
        .set({ amount_paid_cents: paid.amount_paid_cents })
        .where("id", "=", paid.id)
        .execute();
      await db.updateTable("clients").set({ name: renamed.name }).where("id", "=", renamed.id).execute();
    }
    expect(await incomeYearPage(db, YEAR, query)).toEqual(before);
  });
});

describe("the DIMOB of the year", () => {
  it("holds each contract's months as the per-owner query gives them", async () => {
    const year = await dimobYear(db, YEAR);
    expect(year.blockers.map((b) => b.href)).toEqual([`/admin/clients/${unowned}/edit`]);
    const lines = await ownedRentLines(db, RANGE);
    const clients = [...new Set(lines.map((l) => l.clientId))];
    // In SQLite's order of owner, tenant and id (the file's R02 sequence).
    const ordered = await db
      .selectFrom("clients")
      .innerJoin("owners", "owners.id", "clients.owner_id")
      .select("clients.id")
      .where("clients.id", "in", clients)
      .orderBy("owners.name")
      .orderBy("clients.name")
      .orderBy("clients.id")
      .execute();
    expect(year.contracts.map((c) => c.clientId)).toEqual(ordered.map((c) => c.id));
    for (const c of year.contracts) {
      const of = lines.filter((l) => l.clientId === c.clientId);
      expect(c.months).toEqual(
        monthsOf(
          YEAR,
          of.map((l) => ({
            paymentDate: l.paymentDate,
            receivedCents: l.receivedCents,
            commissionCents: l.adminFeeCents + l.firstRentFeeCents,
          })),
        ),
      );
    }
  });

  it("pages its contracts and blockers for the page, with the year's totals", async () => {
    const year = await dimobYear(db, YEAR);
    const page = await dimobPage(db, YEAR, { page: 1, blockersPage: 1 });
    expect(page.totals).toEqual(year.totals);
    expect(page.contracts).toMatchObject({ total: year.contracts.length, page: 1, pages: 1 });
    expect(page.contracts.rows).toEqual(year.contracts);
    expect(page.blockers).toEqual({ rows: year.blockers, total: 1, page: 1, pages: 1 });
  });

  it("is kept between views and read again after any write, of this connection or another", async () => {
    await db.updateTable("clients").set({ owner_id: 1 }).where("id", "=", unowned).execute();
    const first = await dimobText(db, YEAR);
    if (!first.ok) throw new Error(JSON.stringify(first.data.blockers));
    expect(first.text).toBe(dimobFile(first.data.declarant!, first.data.contracts));
    // Kept: the same leases, not read again.
    expect((await dimobYear(db, YEAR)).contracts[0]).toEqual(first.data.contracts[0]);
    const again = await dimobText(db, YEAR);
    expect(again.ok && again.text).toBe(first.text);

    const renamed = first.data.contracts[0];
    await db.updateTable("clients").set({ name: "Inquilina Renomeada" }).where("id", "=", renamed.clientId).execute();
    const mine = await dimobYear(db, YEAR);
    expect(mine.contracts.find((c) => c.clientId === renamed.clientId)?.tenantName).toBe("Inquilina Renomeada");

    // Another connection (another worker of the cluster, a script) writes.
    const other = openDatabase(file);
    try {
      await other.updateTable("clients").set({ name: "Outro Nome" }).where("id", "=", renamed.clientId).execute();
    } finally {
      await other.destroy();
    }
    const theirs = await dimobText(db, YEAR);
    expect(theirs.data.contracts.find((c) => c.clientId === renamed.clientId)?.tenantName).toBe("Outro Nome");
    expect(theirs.ok && theirs.text).toContain("OUTRO NOME");
  });
});
