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
import { CRLF, R02_LENGTH } from "#app/models/owners/dimob";
import { dimobFileName, dimobText, dimobYear } from "#app/models/owners/dimob.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { markTransferDone } from "#app/models/owners/mark-transfer.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// The DIMOB of a year (issue 22, decision 0042) from a temp database: an owner
// with two contracts, rents paid in 2025 (and one in 2024, left out), a tenant
// without a CPF blocking the file until it is recorded, a contract without an
// owner blocking it too; then each R02 holds the months' rents and the agency's
// commission as the owner statements give them (a transferred month's frozen
// first-rent fee included).

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-dimob-"));
vi.stubEnv("UPLOADS_DIR", uploads);
vi.stubEnv("AGENCY_CNPJ", "11.222.333/0001-81");
vi.stubEnv("AGENCY_RESPONSIBLE_CPF", "529.982.247-25");

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana Staff" };
let owner: number;
let tenantA: number;
let tenantB: number;
let unowned: number;
const at = (line: string, from: number, size: number) => line.slice(from - 1, from - 1 + size);
const month = (line: string, n: number) => at(line, 189 + (n - 1) * 42, 42);

async function tenant(name: string, values: Record<string, unknown>) {
  const created = await createClient(
    db,
    {
      name,
      email: `${name.toLowerCase().replace(/\W/g, "")}@teste.com`,
      username: name.toLowerCase().replace(/\W/g, ""),
      password: "senha1234",
      payment_due_day: 5,
      // Rents here are paid late on purpose and in full: no multa nor juros,
      // so each payment settles its billing (the ledger's arithmetic of late
      // payments is tests/integration/ledger.test.ts's).
      late_fee_percent: 0,
      monthly_interest_percent: 0,
      ...values,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

async function paid(clientId: number, period: string, amount: number, paymentDate: string) {
  const b = await createBilling(
    db,
    { client_id: clientId, month_year: period, amount_cents: cents(amount), due_date: `${period}-05` },
    actor,
  );
  if (!b.ok) throw new Error("billing");
  const p = await registerPayment(db, b.id, { payment_date: paymentDate, amount_paid: cents(amount) }, actor, {
    agency: { ...defaultAgency, cnpj: null },
    today: "2026-02-10",
  });
  if (!p.ok) throw new Error("payment");
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-dimob-"));
  actor.id = await createUser(
    db,
    { username: "ana", email: "ana@agencia.com", name: "Ana Staff", password: "senha1234", role: "admin" },
    null,
  );
  owner = await createOwner(db, ownerSchema.parse({ name: "Helena Conceição", cpf_cnpj: "153.509.460-56" }), null);
  const contract = { owner_id: owner, contract_start_date: "2024-12-01" };
  // A: 10% administration, the first rent kept whole (the default 100%).
  tenantA = await tenant("Carlos Prado", {
    ...contract,
    cpf_cnpj: "390.533.447-05",
    admin_fee_percent: 1000,
    property_address: "Rua Paranaíba, 100, Centro, Três Lagoas - MS, 79600-000",
  });
  // B: 8%, no first-rent fee; no CPF yet.
  tenantB = await tenant("Marina Souza", {
    ...contract,
    admin_fee_percent: 800,
    first_rent_fee_percent: 0,
    property_address: "Rua Egídio Thomé, 55",
  });
  unowned = await tenant("Sem Dono", { cpf_cnpj: "529.982.247-25", property_address: "Rua X, 1" });
  await paid(tenantA, "2024-12", 150000, "2024-12-05"); // 2024: not in the 2025 file
  await paid(tenantA, "2025-01", 150000, "2025-01-06");
  await paid(tenantA, "2025-02", 150000, "2025-02-05");
  await paid(tenantB, "2025-02", 200000, "2025-02-07");
  await paid(tenantB, "2025-03", 200050, "2025-03-31");
  await paid(unowned, "2025-05", 90000, "2025-05-05");
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("the DIMOB of 2025", () => {
  it("is blocked by the tenant without a CPF and the contract without an owner, each with the page that fixes it", async () => {
    const year = await dimobYear(db, 2025);
    expect(year.blockers).toEqual([
      { message: "Falta o CPF/CNPJ do inquilino Marina Souza.", href: `/admin/clients/${tenantB}/edit` },
      {
        message: "Contrato de Sem Dono tem aluguéis recebidos em 2025 e não tem proprietário.",
        href: `/admin/clients/${unowned}/edit`,
      },
    ]);
    expect((await dimobText(db, 2025)).ok).toBe(false);
  });

  it("once fixed, has an R02 per contract with each month's rent and commission, no tax withheld", async () => {
    await db.updateTable("clients").set({ cpf_cnpj: "11222333000181" }).where("id", "=", tenantB).execute();
    await db
      .updateTable("clients")
      .set({ owner_id: owner, contract_start_date: "2025-05-01" })
      .where("id", "=", unowned)
      .execute();
    // A's 2024 December (its first rent) transferred: A's January is no longer its first rent.
    const done = await markTransferDone(
      db,
      owner,
      "2024-12",
      { transferredOn: "2024-12-10", expectedNetCents: 0 },
      actor,
      "2026-02-10",
    );
    expect(done).toEqual({ ok: true, number: 1, netCents: 0, ownerName: "Helena Conceição" });

    const result = await dimobText(db, 2025);
    if (!result.ok) throw new Error(JSON.stringify(result.data.blockers));
    expect(result.data.totals).toEqual({
      contracts: 3,
      rentCents: 150000 * 2 + 200000 + 200050 + 90000,
      // A: 10% twice; B: 8% (160,004 rounds to 16.004); the third: its first rent whole.
      commissionCents: 15000 * 2 + 16000 + 16004 + 90000,
    });
    expect(dimobFileName(2025, result.data.declarant!.cnpj)).toBe("DIMOB-2025-11222333000181.txt");
    const lines = result.text.split(CRLF);
    expect(lines.at(-1)).toBe("");
    const r02 = lines.filter((l) => l.startsWith("R02"));
    expect(r02).toHaveLength(3);
    expect(r02.every((l) => l.length === R02_LENGTH)).toBe(true);
    const a = r02.find((l) => at(l, 101, 14) === "39053344705   ")!;
    expect(at(a, 27, 14)).toBe("15350946056   ");
    expect(at(a, 41, 60).trim()).toBe("HELENA CONCEICAO");
    expect(at(a, 115, 60).trim()).toBe("CARLOS PRADO");
    expect(at(a, 175, 6)).toBe(String(tenantA).padEnd(6));
    expect(at(a, 181, 8)).toBe("01122024");
    expect(month(a, 1)).toBe("00000000150000" + "00000000015000" + "0".repeat(14));
    expect(month(a, 2)).toBe("00000000150000" + "00000000015000" + "0".repeat(14));
    expect(month(a, 12)).toBe("0".repeat(42)); // December 2024 is not in 2025
    expect(at(a, 693, 1)).toBe("U");
    expect(at(a, 694, 60).trim()).toBe("RUA PARANAIBA, 100, CENTRO, TRES LAGOAS - MS, 79600-000");
    expect(at(a, 754, 8)).toBe("79600000");
    expect(at(a, 762, 4)).toBe("9165");
    expect(at(a, 786, 2)).toBe("MS");
    const b = r02.find((l) => at(l, 101, 14) === "11222333000181")!;
    expect(month(b, 2)).toBe("00000000200000" + "00000000016000" + "0".repeat(14));
    expect(month(b, 3)).toBe("00000000200050" + "00000000016004" + "0".repeat(14));
    expect(at(b, 754, 8)).toBe("00000000"); // no CEP in the address
  });

  it("keeps a transferred month's frozen fees: the first rent of a statement made final", async () => {
    // The third contract's first rent (May 2025) transferred: still the whole rent as commission.
    const done = await markTransferDone(
      db,
      owner,
      "2025-05",
      { transferredOn: "2025-05-10", expectedNetCents: 0 },
      actor,
      "2026-02-10",
    );
    expect(done.ok).toBe(true);
    const result = await dimobText(db, 2025);
    if (!result.ok) throw new Error("blocked");
    expect(result.data.totals.commissionCents).toBe(15000 * 2 + 16000 + 16004 + 90000);
  });
});
