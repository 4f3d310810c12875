import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { checkPassword } from "#app/models/accounts/users.server";
import { contractMonthsToBill } from "#app/models/billing/months";
import { privateFilePath } from "#app/models/files/private-store.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { scaleTenantPassword, seedScale } from "../../scripts/lib/scale-seed";

// `npm run seed:scale` (docs/decisions/0058-scale-data-set.md) on a small
// agency, twice with the same seed: the same rows both times, and rows the
// app expects (an owner on every contract, a billing for every contract
// month, a receipt in force for every payment, a tenant who can sign in).

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-seed-scale-"));
vi.stubEnv("UPLOADS_DIR", uploads);

const OPTIONS = { contracts: 6, years: 2, seed: 7, today: "2026-11-20" } as const;

type Seeded = { db: Kysely<Database>; cleanup: () => Promise<void>; result: Awaited<ReturnType<typeof seedScale>> };
let first: Seeded;
let second: Seeded;

async function seeded(): Promise<Seeded> {
  const { db, cleanup } = await tempDatabase("it-seed-scale-db-");
  return { db, cleanup, result: await seedScale(db, OPTIONS) };
}

// Everything a person sees of the data, without the random file keys and clocks.
async function snapshot(db: Kysely<Database>) {
  return {
    owners: await db
      .selectFrom("owners")
      .select(["id", "name", "cpf_cnpj", "email", "pix_key"])
      .orderBy("id")
      .execute(),
    clients: await db
      .selectFrom("clients")
      .select([
        "id",
        "name",
        "cpf_cnpj",
        "owner_id",
        "contract_start_date",
        "contract_end_date",
        "monthly_rent_cents",
        "payment_due_day",
        "readjustment_index",
        "user_id",
      ])
      .orderBy("id")
      .execute(),
    billings: await db
      .selectFrom("billing")
      .select([
        "id",
        "client_id",
        "month_year",
        "due_date",
        "amount_cents",
        "status",
        "payment_date",
        "amount_paid_cents",
      ])
      .orderBy("id")
      .execute(),
    receipts: await db
      .selectFrom("billing_receipts")
      .select(["id", "billing_id", "payment_date", "days_late", "total_cents", "voided_at"])
      .orderBy("id")
      .execute(),
    lines: await db
      .selectFrom("statement_lines")
      .select(["line_key", "amount_cents", "match_kind", "billing_id"])
      .orderBy("id")
      .execute(),
  };
}

beforeAll(async () => {
  first = await seeded();
  second = await seeded();
}, 120_000);

afterAll(async () => {
  await first?.cleanup();
  await second?.cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("seedScale", () => {
  it("gives the same counts, sums and rows for the same seed", async () => {
    expect(second.result.counts).toEqual(first.result.counts);
    expect(await snapshot(second.db)).toEqual(await snapshot(first.db));
    const c = first.result.counts;
    expect(c.clients).toBe(6);
    expect(c.owners).toBe(2);
    expect(c.billings).toBeGreaterThan(6 * 12);
    expect(c.paidCents).toBeGreaterThan(0);
  });

  it("gives every contract an owner and a billing for each contract month from its start", async () => {
    const { db } = first;
    const clients = await db
      .selectFrom("clients")
      .leftJoin("owners", "owners.id", "clients.owner_id")
      .select([
        "clients.id",
        "owners.id as owner",
        "contract_start_date",
        "contract_end_date",
        "monthly_rent_cents",
        "payment_due_day",
        "first_month",
      ])
      .execute();
    const dueDays = new Set<number>();
    for (const c of clients) {
      expect(c.owner).not.toBeNull();
      dueDays.add(c.payment_due_day);
      const months = await db
        .selectFrom("billing")
        .select(["month_year", "due_date", "amount_cents", "period_start", "period_end", "period_days"])
        .where("client_id", "=", c.id)
        .orderBy("month_year")
        .execute();
      const planned = contractMonthsToBill({
        start: c.contract_start_date!,
        end: c.contract_end_date!,
        dueDay: c.payment_due_day,
        rent: c.monthly_rent_cents!,
        firstMonth: c.first_month,
      });
      expect(months).toEqual(planned);
      expect(months[0]?.month_year).toBe(c.contract_start_date!.slice(0, 7));
    }
    expect(dueDays.size).toBeGreaterThan(1);
  });

  it("pays most billings due by today, some late with fees, leaves some overdue; each payment has its receipt", async () => {
    const { db } = first;
    const billings = await db
      .selectFrom("billing")
      .leftJoin("billing_receipts", (join) =>
        join.onRef("billing_receipts.billing_id", "=", "billing.id").on("billing_receipts.voided_at", "is", null),
      )
      .select([
        "billing.id",
        "billing.status",
        "billing.due_date",
        "billing.amount_cents",
        "billing.payment_date",
        "billing.amount_paid_cents",
        "billing_receipts.total_cents",
        "billing_receipts.file_key",
      ])
      .execute();
    const paid = billings.filter((b) => b.status === "paid");
    expect(paid.length).toBeGreaterThan(billings.filter((b) => b.due_date <= OPTIONS.today).length * 0.8);
    for (const b of paid) {
      expect(b.total_cents).toBe(b.amount_paid_cents);
      expect(fs.existsSync(privateFilePath(b.file_key!))).toBe(true);
    }
    const late = paid.filter((b) => b.payment_date! > b.due_date);
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((b) => b.amount_paid_cents! > b.amount_cents)).toBe(true);
    const open = billings.filter((b) => b.status !== "paid");
    expect(open.filter((b) => b.due_date < OPTIONS.today).every((b) => b.status === "overdue")).toBe(true);
    expect(open.filter((b) => b.due_date > OPTIONS.today).every((b) => b.status === "pending")).toBe(true);
    expect(billings.filter((b) => b.total_cents !== null && b.status !== "paid")).toEqual([]);
  });

  it("keeps a login for the first tenant, who signs in with the seed's password", async () => {
    const { db } = first;
    const tenant = await db
      .selectFrom("clients")
      .innerJoin("users", "users.id", "clients.user_id")
      .select(["users.id", "users.username"])
      .orderBy("clients.id")
      .executeTakeFirstOrThrow();
    expect(tenant.username).toMatch(/\.1$/);
    expect(await checkPassword(db, tenant.id, scaleTenantPassword(OPTIONS.seed))).toBe(true);
    expect(first.result.counts.tenantLogins).toBeLessThan(6);
  });

  it("imports a bank statement for review and makes a transfer final", async () => {
    expect(first.result.counts.statementLines).toBeGreaterThan(0);
    expect(first.result.counts.ownerStatements).toBeGreaterThanOrEqual(1);
  });
});
