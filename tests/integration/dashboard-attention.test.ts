import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { createBilling } from "#app/models/billing/billing.server";
import { setBillingStatus } from "#app/models/billing/payments.server";
import { defaultAgency } from "#app/config/agency";
import { createClient } from "#app/models/clients/clients.server";
import { disableClientLogin } from "#app/models/clients/logins.server";
import { getAttention } from "#app/models/dashboard/attention.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// The dashboard's "Atenção" figures on a fresh database, on a fixed agency
// day: the overdue billings and what they cost today at each client's own
// multa and juros, the contracts ending within 30, 60 and 90 days (both ends
// of each window), and the tenants with an active contract and no login.

const TODAY = "2026-03-10";
// A billing marked paid gets its receipt's PDF: into a scratch folder.
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-attention-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;

let seq = 0;
async function newClient(
  values: { contract_end_date?: string; late_fee_percent?: number; monthly_interest_percent?: number } = {},
  { login = true } = {},
) {
  seq += 1;
  const created = await createClient(
    db,
    { name: `Cliente ${seq}`, email: `c${seq}@teste.com`, username: `cliente${seq}`, payment_due_day: 5, ...values },
    null,
  );
  if (!created.ok) throw new Error("client");
  if (!login) await disableClientLogin(db, created.id, null);
  return created.id;
}

async function newBilling(clientId: number, amount_cents: number, due_date: string, status?: "paid" | "overdue") {
  const created = await createBilling(
    db,
    { client_id: clientId, month_year: due_date.slice(0, 7), amount_cents: cents(amount_cents), due_date },
    null,
  );
  if (!created.ok) throw new Error("billing");
  if (status)
    await setBillingStatus(db, created.id, status, null, { agency: { ...defaultAgency, cnpj: null }, today: TODAY });
  return created.id;
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-attention-"));
});
afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("getAttention", () => {
  it("reports nothing on an empty database", async () => {
    expect(await getAttention(db, TODAY)).toEqual({
      overdue: { count: 0, clients: 0, totalDueTodayCents: 0 },
      ending: { within30: 0, within60: 0, within90: 0 },
      withoutLogin: 0,
      statementsToReview: 0,
      differences: 0,
      proofsToCheck: 0,
      maintenancePending: 0,
      contestsOpen: { count: 0, firstInspectionId: null },
      approvalsLate: { count: 0, days: 3 },
      bankRequests: 0,
      billingGaps: { clients: [], count: 0 },
      indefinite: 0,
      guaranteesEnding: { within30: 0, within60: 0, first: [] },
      readjustments: [],
      readjustmentsDue: 0,
      missingIndexLines: [],
    });
  });

  it("sums what the overdue billings cost today at each client's own rates", async () => {
    // 10% multa, 1% juros a month (the form's defaults, in basis points).
    const a = await newClient({ late_fee_percent: 1000, monthly_interest_percent: 100 });
    // 2% multa, 0,33% juros a month.
    const b = await newClient({ late_fee_percent: 200, monthly_interest_percent: 33 });

    // Due on Fridays (business days: no grace beyond them, decision 0066).
    // Pending and 11 days late: 1.000,00 + multa 100,00 + juros round(1000 × 1% × 11/30) = 3,67.
    await newBilling(a, 100_000, "2026-02-27");
    // Stored overdue, 60 days late: 1.234,56 + multa round(24,6912) = 24,69
    // + juros round(123456 × 0,33% × 60/30 = 814,81 centavos) = 8,15.
    await newBilling(b, 123_456, "2026-01-09", "overdue");
    // Marked Em Atraso by hand before its due date: it reads Em Atraso in the
    // Cobranças tab, so it counts here, at its rent (no day late yet).
    await newBilling(a, 50_000, "2026-03-20", "overdue");
    // Not overdue: due today, due later, paid late.
    await newBilling(a, 70_000, TODAY);
    await newBilling(b, 70_000, "2026-04-05");
    await newBilling(b, 70_000, "2026-02-05", "paid");

    const { overdue } = await getAttention(db, TODAY);
    expect(overdue).toEqual({
      count: 3,
      clients: 2,
      totalDueTodayCents: 110_367 + 126_740 + 50_000,
    });
    // The next day each late billing owes one more day of juros, and the
    // one due today is one day late: 700,00 + multa 70,00 + juros 0,23.
    const tomorrow = await getAttention(db, "2026-03-11");
    // a: 100000 × 1% × 12/30 = 400 centavos; b: 123456 × 0,33% × 61/30 = 828,39 → 828.
    expect(tomorrow.overdue).toEqual({
      count: 4,
      clients: 2,
      totalDueTodayCents: 100_000 + 10_000 + 400 + (123_456 + 2_469 + 828) + 50_000 + (70_000 + 7_000 + 23),
    });
  });

  it("counts contracts ending within 30, 60 and 90 days, both ends included", async () => {
    for (const end of [
      "2026-03-09", // ended yesterday: Prazo indeterminado, not ending
      TODAY, // ends today: still Ativo
      "2026-04-09", // today + 30
      "2026-04-10", // today + 31
      "2026-05-09", // today + 60
      "2026-06-08", // today + 90
      "2026-06-09", // today + 91
    ])
      await newClient({ contract_end_date: end });

    expect((await getAttention(db, TODAY)).ending).toEqual({ within30: 2, within60: 4, within90: 5 });
  });

  it("counts the tenants with an active contract and no login", async () => {
    const before = (await getAttention(db, TODAY)).withoutLogin;
    await newClient({ contract_end_date: TODAY }, { login: false }); // Ativo until tonight
    await newClient({ contract_end_date: "2027-12-31" }, { login: false });
    await newClient({ contract_end_date: "2026-03-09" }, { login: false }); // Prazo indeterminado
    await newClient({}, { login: false }); // no contract end date: no contract to judge
    await newClient({ contract_end_date: "2027-12-31" }); // has a login

    expect(before).toBe(0);
    expect((await getAttention(db, TODAY)).withoutLogin).toBe(2);
  });

  it("shows the soonest five readjustments due, counts them all, and names the index months they wait for", async () => {
    // Seven contracts whose first anniversary is within 60 days, no IPCA published yet.
    for (let i = 0; i < 7; i++) {
      seq += 1;
      const created = await createClient(
        db,
        {
          name: `Reajuste ${i}`,
          email: `r${seq}@teste.com`,
          username: `reajuste${seq}`,
          payment_due_day: 5,
          contract_start_date: `2025-04-${String(10 + i).padStart(2, "0")}`,
          monthly_rent: cents(100_000),
          readjustment_index: "IPCA",
        },
        null,
      );
      if (!created.ok) throw new Error("client");
    }
    const a = await getAttention(db, TODAY);
    expect(a.readjustmentsDue).toBe(7);
    expect(a.readjustments.map((r) => r.clientName)).toEqual([0, 1, 2, 3, 4].map((i) => `Reajuste ${i}`));
    expect(a.missingIndexLines.length).toBeGreaterThan(0);
    expect(a.missingIndexLines.join(" ")).toContain("IPCA");
  });
});
