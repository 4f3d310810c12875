import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { createBilling, getBilling, listClientBillings } from "#app/models/billing/billing.server";
import { listBillingGroupsPage } from "#app/models/billing/billing-queues.server";
import { localToday } from "#app/models/shared/days";
import { setBillingStatus } from "#app/models/billing/payments.server";
import { defaultAgency } from "#app/config/agency";
import { markOverdue } from "#app/models/billing/overdue.server";
import { parseClientsQuery } from "#app/models/clients/clients-query";
import { createClient, listClients } from "#app/models/clients/clients.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// Every function that takes "today" by default, called without it on an
// evening in Três Lagoas: from 20:00 to 23:59 in America/Campo_Grande (UTC-4)
// the UTC date is already tomorrow, and the agency's day must still be today
// (docs/decisions/0021-time-zone-and-formats.md, docs/decisions/0009-billing.md). On 7 October 2026
// a billing due on the 5th is pending, one due on the 4th is overdue, Pago
// stamps the 5th, and a contract ending on the 5th is still active.

// Paying writes a receipt's PDF: into a scratch folder.
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-billing-clock-uploads-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-billing-clock-"));
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

afterEach(() => {
  vi.useRealTimers();
});

let seq = 0;
async function scenario() {
  seq += 1;
  const created = await createClient(
    db,
    {
      name: `Cliente Noite ${seq}`,
      email: `noite${seq}@teste.com`,
      username: `noite${seq}`,
      password: "senha1234",
      payment_due_day: 5,
      contract_start_date: "2026-01-06",
      contract_end_date: "2026-10-07",
      monthly_rent: cents(100000),
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  const bill = async (due_date: string) => {
    const r = await createBilling(
      db,
      { client_id: created.id, month_year: due_date.slice(0, 7), amount_cents: cents(100000), due_date },
      null,
    );
    if (!r.ok) throw new Error("billing");
    return r.id;
  };
  // Billed by hand, so both can sit in October.
  return { clientId: created.id, dueToday: await bill("2026-10-07"), dueYesterday: await bill("2026-10-06") };
}

// The evening of 7 October 2026 in Campo Grande, as the UTC instants it is.
const EVENING = [
  { local: "20:00", utc: "2026-10-08T00:00:00.000Z" },
  { local: "23:59", utc: "2026-10-08T03:59:59.999Z" },
];

describe.each(EVENING)("at $local in Campo Grande on 7 October 2026 ($utc)", ({ utc }) => {
  const atThatTime = () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(utc));
  };

  it("Cobranças, Todas: due today is Pendente, due yesterday Em Atraso, and the counts agree", async () => {
    const s = await scenario();
    atThatTime();
    const query = { queue: "todas", search: "", client: s.clientId, page: 1 } as const;
    const [group] = (await listBillingGroupsPage(db, query, localToday())).groups;
    expect(group.billings.map((b) => [b.id, b.status])).toEqual([
      [s.dueToday, "pending"],
      [s.dueYesterday, "overdue"],
    ]);
    expect(group.counts).toEqual({ overdue: 1, pending: 1, paid: 0 });
  });

  it("getBilling: due today is pending, due yesterday overdue", async () => {
    const s = await scenario();
    atThatTime();
    expect((await getBilling(db, s.dueToday))?.status).toBe("pending");
    expect((await getBilling(db, s.dueYesterday))?.status).toBe("overdue");
  });

  it("listClientBillings: the tenant's history says the same", async () => {
    const s = await scenario();
    atThatTime();
    expect(
      (await listClientBillings(db, s.clientId, { issueDays: 20 })).history.map((b) => [b.due_date, b.status]),
    ).toEqual([
      ["2026-10-07", "pending"],
      ["2026-10-06", "overdue"],
    ]);
  });

  it("setBillingStatus: Pago stamps the 5th as the payment date", async () => {
    const s = await scenario();
    atThatTime();
    expect(
      await setBillingStatus(db, s.dueToday, "paid", null, { agency: { ...defaultAgency, cnpj: null } }),
    ).toMatchObject({
      status: "paid",
      payment_date: "2026-10-07",
    });
    expect(
      await db.selectFrom("billing").select("payment_date").where("id", "=", s.dueToday).executeTakeFirstOrThrow(),
    ).toEqual({
      payment_date: "2026-10-07",
    });
  });

  it("markOverdue: stores overdue on the one due yesterday only", async () => {
    const s = await scenario();
    atThatTime();
    await markOverdue(db);
    const stored = await db
      .selectFrom("billing")
      .select(["id", "status"])
      .where("client_id", "=", s.clientId)
      .orderBy("id")
      .execute();
    expect(stored).toEqual([
      { id: s.dueToday, status: "pending" },
      { id: s.dueYesterday, status: "overdue" },
    ]);
  });

  it("Ativos: a contract ending on the 5th is still active", async () => {
    const s = await scenario();
    atThatTime();
    const active = await listClients(db, parseClientsQuery(new URLSearchParams(), true));
    expect(active.rows.map((c) => c.id)).toContain(s.clientId);
  });
});
