import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createBilling } from "#app/models/billing/billing.server";
import { createClient } from "#app/models/clients/clients.server";
import { endContract } from "#app/models/clients/contract-end.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { renewalSchema } from "#app/models/leases/renewal.schema";
import { leaseVersions, renewLease } from "#app/models/leases/renewal.server";
import { cents } from "#app/models/shared/money";
import { tempDatabase } from "#tests/fixtures/temp-db";

// Renewal and addendum (issue 36, docs/decisions/0071-renewals.md): a lease of
// 2026 renewed to 2028 with a new rent from December: the open December
// billing takes it, November keeps its own; the version is kept with its
// Termo Aditivo; posted twice, once; what makes no sense is refused.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-renewal-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = null;
const agency = { ...defaultAgency, cnpj: null };
let lease: number;
const billings: Record<string, number> = {};

const input = (values: Record<string, string>) =>
  renewalSchema.parse({
    chave: "renovacao-0000000001",
    effective_on: "2026-12-01",
    reason: "Renovação por 24 meses",
    ...values,
  });
const amount = async (id: number) =>
  (await db.selectFrom("billing").select("amount_cents").where("id", "=", id).executeTakeFirstOrThrow()).amount_cents;

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-renewal-"));
  const created = await createClient(
    db,
    {
      name: "Nina Renova",
      email: "nina@teste.com",
      username: "nina",
      password: "senha1234",
      payment_due_day: 5,
      contract_start_date: "2026-01-01",
      contract_end_date: "2026-12-31",
      monthly_rent: cents(150_000),
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  lease = created.id;
  for (const month of ["2026-11", "2026-12"]) {
    const b = await createBilling(
      db,
      { client_id: lease, month_year: month, amount_cents: cents(150_000), due_date: `${month}-05` },
      null,
    );
    if (!b.ok) throw new Error("billing");
    billings[month] = b.id;
  }
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("a renewal", () => {
  it("refuses an end before the current one, a rent equal to today's, a day before the start", async () => {
    const refuse = (values: Record<string, string>) =>
      renewLease(db, lease, input(values), actor, agency, "2026-11-29");
    expect(await refuse({ new_end: "2026-06-30" })).toEqual({ ok: false, reason: "end-before" });
    expect(await refuse({ new_rent: "1.500,00" })).toEqual({ ok: false, reason: "same-rent" });
    expect(await refuse({ new_end: "2028-12-31", effective_on: "2025-12-01" })).toEqual({
      ok: false,
      reason: "before-start",
    });
    // December is the last month billed: a new rent from March would bill January and February at it.
    expect(await refuse({ new_rent: "1.650,00", effective_on: "2027-03-01" })).toEqual({
      ok: false,
      reason: "rent-ahead",
    });
    expect(
      renewalSchema.safeParse({ chave: "renovacao-0000000009", effective_on: "2026-12-01", reason: "x" }).error
        ?.issues[0]?.message,
    ).toBe("Informe o novo término, o novo aluguel, ou os dois.");
    expect(await db.selectFrom("lease_versions").select("id").execute()).toEqual([]);
  });

  it("sets the new end and rent, rebills the open months from its day, keeps the version and its Termo, once", async () => {
    const done = await renewLease(
      db,
      lease,
      input({ new_end: "2028-12-31", new_rent: "1.650,00" }),
      actor,
      agency,
      "2026-11-29",
    );
    expect(done).toMatchObject({ ok: true, duplicate: false, rebilled: 1 });
    expect(await amount(billings["2026-11"])).toBe(150_000);
    expect(await amount(billings["2026-12"])).toBe(165_000);
    const c = await db
      .selectFrom("clients")
      .select(["contract_end_date", "monthly_rent_cents"])
      .where("id", "=", lease)
      .executeTakeFirstOrThrow();
    expect(c).toEqual({ contract_end_date: "2028-12-31", monthly_rent_cents: 165_000 });
    const [version] = await leaseVersions(db, lease);
    expect(version).toMatchObject({
      kind: "renovacao",
      effective_on: "2026-12-01",
      before: { start: "2026-01-01", end: "2026-12-31", rent_cents: 150_000 },
      after: { start: "2026-01-01", end: "2028-12-31", rent_cents: 165_000 },
    });
    const row = await db.selectFrom("lease_versions").select("file_key").executeTakeFirstOrThrow();
    expect(fs.readFileSync(privateFilePath(row.file_key)).subarray(0, 5).toString()).toBe("%PDF-");
    // The tenant gets it by email (no owner here), once.
    expect(
      await db
        .selectFrom("email_outbox")
        .select(["to_address", "subject"])
        .where("kind", "=", "lease_document")
        .execute(),
    ).toEqual([{ to_address: "nina@teste.com", subject: "Termo Aditivo de Renovação: locação de Nina Renova" }]);
    // The same form again: nothing more.
    expect(
      await renewLease(db, lease, input({ new_end: "2028-12-31", new_rent: "1.650,00" }), actor, agency, "2026-11-29"),
    ).toMatchObject({
      ok: true,
      duplicate: true,
    });
    expect(await leaseVersions(db, lease)).toHaveLength(1);
  });

  it("is an addendum when only the rent changes, and is refused once the contract ended", async () => {
    const addendum = await renewLease(
      db,
      lease,
      input({ chave: "aditivo-000000000001", new_rent: "1.600,00", reason: "Acordo de redução" }),
      actor,
      agency,
      "2026-11-29",
    );
    expect(addendum).toMatchObject({ ok: true, rebilled: 1 });
    expect((await leaseVersions(db, lease)).map((v) => v.kind)).toEqual(["aditivo", "renovacao"]);
    await endContract(db, lease, { ended_on: "2026-11-29" }, null, "2026-11-29");
    expect(
      await renewLease(
        db,
        lease,
        input({ chave: "renovacao-0000000002", new_end: "2029-12-31" }),
        actor,
        agency,
        "2026-11-29",
      ),
    ).toEqual({ ok: false, reason: "ended" });
  });
});
