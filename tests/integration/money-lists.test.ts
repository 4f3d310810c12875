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
import { createClient } from "#app/models/clients/clients.server";
import { parseIncomeQuery } from "#app/models/owners/income-query";
import { incomeYearPage } from "#app/models/owners/income-reports.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { parseTransfersQuery } from "#app/models/owners/transfers-query";
import { markTransferDone } from "#app/models/owners/mark-transfer.server";
import { monthTransfers } from "#app/models/owners/transfers.server";
import { cents } from "#app/models/shared/money";
import { tempDatabase } from "#tests/fixtures/temp-db";

// Repasses and Informes as paged lists (issue 34): 27 owners with a rent
// received in October, two pages of owners; the search narrows the list, the
// page number is clamped, and "Total a repassar" stays the total of every
// owner whatever the search and the page.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-money-lists-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana Staff" };
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: "2026-11-10" };
const q = (text: string) => new URLSearchParams(text);
const owners: number[] = [];
// Rent of owner i: R$ 1.000 + i; 10% administration, no first-rent fee.
const rentOf = (i: number) => 100_000 + i * 100;
const netOf = (i: number) => rentOf(i) - Math.round(rentOf(i) / 10);

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-money-lists-"));
  actor.id = await createUser(
    db,
    { username: "ana", email: "ana@agencia.com", name: "Ana Staff", password: "senha1234", role: "admin" },
    null,
  );
  for (let i = 1; i <= 27; i++) {
    const named =
      i === 27
        ? { name: "Élida Conceição", cpf_cnpj: "153.509.460-56" }
        : { name: `Dono ${String(i).padStart(2, "0")}` };
    const owner = await createOwner(db, ownerSchema.parse(named), null);
    owners.push(owner);
    const tenant = await createClient(
      db,
      {
        name: i === 27 ? "Inquilino Ângelo" : `Inquilino ${String(i).padStart(2, "0")}`,
        email: `inq${i}@teste.com`,
        username: `inq${i}`,
        password: "senha1234",
        payment_due_day: 5,
        owner_id: owner,
        admin_fee_percent: 1000,
        first_rent_fee_percent: 0,
      },
      null,
    );
    if (!tenant.ok) throw new Error("client");
    const b = await createBilling(
      db,
      { client_id: tenant.id, month_year: "2026-10", amount_cents: cents(rentOf(i)), due_date: "2026-10-05" },
      actor,
    );
    if (!b.ok) throw new Error("billing");
    const p = await registerPayment(
      db,
      b.id,
      { payment_date: "2026-10-05", amount_paid: cents(rentOf(i)) },
      actor,
      issuer,
    );
    if (!p.ok) throw new Error("payment");
  }
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

const everyNet = () => Array.from({ length: 27 }, (_, i) => netOf(i + 1)).reduce((a, b) => a + b, 0);

describe("Repasses", () => {
  it("pages the owners with a pending transfer; the total is of all of them", async () => {
    const first = await monthTransfers(db, "2026-10", parseTransfersQuery(q("")));
    expect(first.pending).toMatchObject({ total: 27, page: 1, pages: 2 });
    expect(first.pending.rows).toHaveLength(25);
    // Alphabetical as people read it: "Élida" among the E's, after "Dono 25".
    expect(first.pending.rows[0]).toMatchObject({ ownerName: "Dono 01", netCents: netOf(1), rents: 1 });
    expect(first).toMatchObject({ pendingOwners: 27, pendingTotalCents: everyNet() });
    const second = await monthTransfers(db, "2026-10", parseTransfersQuery(q("pagina=2")));
    expect(second.pending.rows.map((p) => p.ownerName)).toEqual(["Dono 26", "Élida Conceição"]);
    expect(second.pendingTotalCents).toBe(everyNet());
    // Past the end: the last page; nonsense: the first.
    expect((await monthTransfers(db, "2026-10", parseTransfersQuery(q("pagina=40")))).pending.page).toBe(2);
    expect((await monthTransfers(db, "2026-10", parseTransfersQuery(q("pagina=-1")))).pending.page).toBe(1);
  });

  it("searches the owner by name without accents or by CPF, the total unchanged", async () => {
    for (const typed of ["elida conceicao", "ÉLIDA", "153.509.460-56", "15350946056"]) {
      const found = await monthTransfers(db, "2026-10", parseTransfersQuery(q(`busca=${encodeURIComponent(typed)}`)));
      expect(found.pending.rows.map((p) => p.ownerName)).toEqual(["Élida Conceição"]);
      expect(found).toMatchObject({ pendingOwners: 27, pendingTotalCents: everyNet() });
    }
  });

  it("a transfer done leaves Pendentes for Realizados, which pages and searches too", async () => {
    const done = await markTransferDone(
      db,
      owners[26],
      "2026-10",
      { transferredOn: "2026-11-05", expectedNetCents: netOf(27) },
      actor,
      issuer.today,
    );
    expect(done.ok).toBe(true);
    const month = await monthTransfers(db, "2026-10", parseTransfersQuery(q("realizados=5")));
    expect(month).toMatchObject({ pendingOwners: 26, pendingTotalCents: everyNet() - netOf(27) });
    expect(month.done).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(month.done.rows.map((s) => s.owner_name)).toEqual(["Élida Conceição"]);
    const other = await monthTransfers(db, "2026-10", parseTransfersQuery(q("busca=dono 0")));
    expect(other.done.rows).toEqual([]);
    expect(other.pending.total).toBe(9);
  });
});

describe("Informes", () => {
  it("pages owners and tenants, each on its own page number", async () => {
    const year = await incomeYearPage(db, 2026, parseIncomeQuery(q("inquilinos=2")));
    expect(year.owners).toMatchObject({ total: 27, page: 1, pages: 2 });
    expect(year.owners.rows).toHaveLength(25);
    expect(year.owners.rows[0]).toMatchObject({ name: "Dono 01", grossCents: rentOf(1), netCents: netOf(1) });
    expect(year.tenants).toMatchObject({ total: 27, page: 2, pages: 2 });
    expect(year.tenants.rows.map((t) => [t.name, t.paidCents])).toEqual([
      ["Inquilino 26", rentOf(26)],
      ["Inquilino Ângelo", rentOf(27)],
    ]);
    expect(year.anyReport).toBe(true);
  });

  it("searches both lists by name or CPF/CNPJ", async () => {
    const year = await incomeYearPage(db, 2026, parseIncomeQuery(q("busca=angelo&pagina=9")));
    expect(year.owners).toMatchObject({ rows: [], total: 0, page: 1 });
    expect(year.tenants.rows.map((t) => t.name)).toEqual(["Inquilino Ângelo"]);
    // Nothing found is not "nothing to send".
    expect(year.anyReport).toBe(true);
    const owner = await incomeYearPage(db, 2026, parseIncomeQuery(q("busca=153.509")));
    expect(owner.owners.rows.map((o) => o.name)).toEqual(["Élida Conceição"]);
    expect((await incomeYearPage(db, 2025, parseIncomeQuery(q("")))).anyReport).toBe(false);
  });
});
