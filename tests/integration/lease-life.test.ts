import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { generateContractBillings } from "#app/models/billing/billing.server";
import { createDueBillings } from "#app/models/billing/jobs.server";
import { registerPayment } from "#app/models/billing/payments.server";
import { createClient } from "#app/models/clients/clients.server";
import { endContract } from "#app/models/clients/contract-end.server";
import { guaranteeSchema } from "#app/models/guarantees/guarantee.schema";
import { saveGuarantee } from "#app/models/guarantees/guarantees.server";
import { refundTenantCredit } from "#app/models/leases/refund.server";
import { renewalSchema } from "#app/models/leases/renewal.schema";
import { renewLease } from "#app/models/leases/renewal.server";
import { refundSchema, settlementSchema } from "#app/models/leases/settlement.schema";
import { settleLease } from "#app/models/leases/settlement.server";
import { tenantCreditLeft } from "#app/models/ledger/ledger.server";
import { cents } from "#app/models/shared/money";
import { privateFolders, staffActor } from "#tests/fixtures/rental-env";
import { tempDatabase } from "#tests/fixtures/temp-db";

// A lease's whole life (issue 36), each step through the app's own models:
// signed from 15/01 for three months at 1.000,00 with a caução of 3.000,00
// (in 2099: the contract form's dates run ahead of the clock, so no month is
// billed as past); January billed by days and due after the start; renewed to
// December before its end; billed past the old end, the rest of April too;
// January to March paid; handed back on 20/05; settled with the caução (the
// Termo de Encerramento drawn); what is left given back to the tenant, once.

const folders = privateFolders("it-lease-life");

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let actor: { id: number; name: string };
const agency = { ...defaultAgency, cnpj: null };
let lease: number;

const billingsOf = () =>
  db
    .selectFrom("billing")
    .select(["id", "month_year", "due_date", "amount_cents", "status"])
    .where("client_id", "=", lease)
    .orderBy("month_year")
    .execute();

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-lease-life-"));
  actor = await staffActor(db);
  const created = await createClient(
    db,
    {
      name: "Vida Inteira",
      email: "vida@teste.com",
      username: "vida",
      password: "senha1234",
      cpf_cnpj: "11144477735",
      property_address: "Rua C, 3, Três Lagoas/MS, 79600-000",
      contract_start_date: "2099-01-15",
      contract_end_date: "2099-04-14",
      monthly_rent: cents(100_000),
      payment_due_day: 5,
      late_fee_percent: 0,
      monthly_interest_percent: 0,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  lease = created.id;
  const guarantee = await saveGuarantee(
    db,
    lease,
    guaranteeSchema.parse({ kind: "caucao", amount: "3.000,00" }),
    actor,
  );
  if (!guarantee.ok) throw new Error("guarantee");
});

afterAll(async () => {
  await cleanup();
  folders.remove();
});

describe("a lease from its start to its settlement", () => {
  it("bills its first month by days, due after the start, through its last", async () => {
    await generateContractBillings(db, lease, actor);
    const billed = await billingsOf();
    // 15-31/01: 17 of 31 days of 1.000,00 = 548,39, due 05/02 (never before the start).
    expect(billed[0]).toMatchObject({ month_year: "2099-01", due_date: "2099-02-05", amount_cents: 54_839 });
    // 01-14/04: the last month by days, 14 of 30 = 466,67.
    expect(billed.at(-1)).toMatchObject({ month_year: "2099-04", amount_cents: 46_667 });
    const paid = await registerPayment(
      db,
      billed[0].id,
      { payment_date: "2099-02-05", amount_paid: cents(54_839) },
      actor,
      { agency, today: "2099-02-06" },
    );
    expect(paid.ok).toBe(true);
  });

  it("renewed before its end, keeps being billed past the old end", async () => {
    const renewed = await renewLease(
      db,
      lease,
      renewalSchema.parse({
        chave: "renovacao-vida-000001",
        new_end: "2099-12-31",
        effective_on: "2099-04-01",
        reason: "Renovação até dezembro",
      }),
      actor,
      agency,
      "2099-04-01",
    );
    expect(renewed.ok).toBe(true);
    await createDueBillings(db, "2099-05-10", 20);
    const may = (await billingsOf()).find((b) => b.month_year === "2099-05");
    expect(may).toMatchObject({ due_date: "2099-05-05", amount_cents: 100_000 });
    expect(await db.selectFrom("lease_versions").select("kind").where("client_id", "=", lease).execute()).toEqual([
      { kind: "renovacao" },
    ]);
    // The rest of April after the old end (15-30/04: 16 of 30 = 533,33), due with May.
    expect((await billingsOf()).filter((b) => b.month_year === "2099-04").map((b) => b.amount_cents)).toEqual([
      46_667, 53_333,
    ]);
    for (const b of (await billingsOf()).filter((b) => b.month_year === "2099-02" || b.month_year === "2099-03")) {
      const paid = await registerPayment(db, b.id, { payment_date: b.due_date, amount_paid: cents(100_000) }, actor, {
        agency,
        today: "2099-05-10",
      });
      expect(paid.ok).toBe(true);
    }
  });

  it("handed back early, is settled once with the caução, and what is left goes back to the tenant", async () => {
    const ended = await endContract(
      db,
      lease,
      { ended_on: "2099-05-20", ended_reason: "Mudou-se" },
      actor,
      "2099-05-20",
    );
    expect(ended).toMatchObject({ ok: true });
    const settled = await settleLease(
      db,
      lease,
      settlementSchema.parse({
        intent: "settle",
        chave: "acerto-vida-000000001",
        fine_rents: "0",
        caution: "3.000,00",
      }),
      actor,
      { agency, pdfAgency: agency, today: "2099-05-21" },
    );
    if (!settled.ok) throw new Error(`settle: ${settled.reason}`);
    // April (466,67 + 533,33) and May less its last 11 days (645,16) paid by the caução.
    expect((await billingsOf()).filter((b) => b.status !== "paid")).toEqual([]);
    const termo = await db
      .selectFrom("lease_settlements")
      .select(["file_name", "to_return_cents", "owed_after_cents"])
      .where("client_id", "=", lease)
      .executeTakeFirstOrThrow();
    expect(termo.owed_after_cents).toBe(0);
    // 3.000,00 − 1.645,16.
    expect(termo.to_return_cents).toBe(135_484);
    expect(await tenantCreditLeft(db, lease)).toBe(135_484);
    const refund = await refundTenantCredit(
      db,
      lease,
      refundSchema.parse({
        intent: "refund",
        chave: "devolucao-vida-000001",
        refunded_on: "2099-05-22",
        method: "ted",
      }),
      actor,
      "2099-05-22",
    );
    expect(refund).toEqual({ ok: true, refundedCents: termo.to_return_cents, duplicate: false });
    expect(await tenantCreditLeft(db, lease)).toBe(0);
  });
});
