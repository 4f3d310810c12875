import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { readBillingQuery, type BillingQuery } from "#app/models/billing/billing-query";
import {
  GROUP_LATEST,
  billingExportBatches,
  listBillingGroupsPage,
  listQueue,
  queueCounts,
} from "#app/models/billing/billing-queues.server";
import { createBilling } from "#app/models/billing/billing.server";
import { createClient } from "#app/models/clients/clients.server";
import { LIST_PAGE_SIZE } from "#app/models/shared/list-query";
import { cents } from "#app/models/shared/money";
import { tracedPlans } from "#tests/fixtures/query-plans";
import { tempDatabase } from "#tests/fixtures/temp-db";

// The Cobranças tab as queries (issue 34): each queue holds what it says and
// only that, the search finds a client however its name or document is typed,
// a page is a page (clamped, never an error), and "Todas" shows each client's
// open billings and its latest ones with the count of the rest.

const TODAY = "2026-10-15";
let db: Kysely<Database>;
let cleanup: () => Promise<void>;

let seq = 0;
async function client(name: string, extra: Partial<Parameters<typeof createClient>[1]> = {}) {
  seq += 1;
  const created = await createClient(
    db,
    { name, email: `q${seq}@exemplo.com`, username: `fila${seq}`, password: "senha1234", payment_due_day: 5, ...extra },
    null,
  );
  if (!created.ok) throw new Error(created.message);
  return created.id;
}
async function billing(clientId: number, due: string, status?: "paid" | "overdue") {
  const created = await createBilling(
    db,
    { client_id: clientId, month_year: due.slice(0, 7), amount_cents: cents(100_000), due_date: due },
    null,
  );
  if (!created.ok) throw new Error("billing");
  if (status)
    await db
      .updateTable("billing")
      .set(status === "paid" ? { status, payment_date: due, amount_paid_cents: cents(100_000) } : { status })
      .where("id", "=", created.id)
      .execute();
  return created.id;
}
const q = (over: Partial<BillingQuery>): BillingQuery => ({
  queue: "atrasadas",
  search: "",
  client: null,
  page: 1,
  ...over,
});
const ids = async (over: Partial<BillingQuery>) => (await listQueue(db, q(over), TODAY)).rows.map((r) => r.id);

let joao: number, maria: number;
const b: Record<string, number> = {};

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase());
  joao = await client("João Simões", { cpf_cnpj: "529.982.247-25", property_address: "Rua Paranaíba, 10" });
  maria = await client("Maria Aparecida");
  b.pastPending = await billing(joao, "2026-09-05"); // pending, past due: Em atraso
  b.storedOverdue = await billing(maria, "2026-08-05", "overdue");
  b.dueLater = await billing(joao, "2026-10-20"); // this month, to come
  b.dueToday = await billing(maria, TODAY); // this month, to come (due today is not late)
  b.nextMonth = await billing(maria, "2026-11-05");
  b.paid = await billing(joao, "2026-07-05", "paid");
  b.difference = await billing(maria, "2026-06-05", "paid");
  await db
    .updateTable("billing")
    .set({ payment_difference_cents: cents(-5_000) })
    .where("id", "=", b.difference)
    .execute();
});
afterAll(async () => cleanup());

describe("the work queues", () => {
  it("hold what they say: past due (stored or not), due later this month, open differences", async () => {
    expect(await ids({ queue: "atrasadas" })).toEqual([b.storedOverdue, b.pastPending]);
    expect(await ids({ queue: "mes" })).toEqual([b.dueToday, b.dueLater]);
    expect(await ids({ queue: "diferencas" })).toEqual([b.difference]);
    expect(await queueCounts(db, TODAY)).toEqual({ atrasadas: 2, mes: 2, diferencas: 1 });
    const [late] = (await listQueue(db, q({ queue: "atrasadas" }), TODAY)).rows;
    expect(late).toMatchObject({ client_name: "Maria Aparecida", status: "overdue", documents: [] });
  });

  it("find a client with or without accents and case, by CPF with or without dots, by address, or a billing by its number", async () => {
    for (const search of ["joao simoes", "JOÃO", "529.982.247-25", "52998224725", "paranaiba", `#${b.pastPending}`])
      expect(await ids({ queue: "atrasadas", search }), search).toEqual([b.pastPending]);
    expect(await ids({ queue: "atrasadas", search: "ninguém" })).toEqual([]);
    // A LIKE wildcard typed is a character, not "anything".
    expect(await ids({ queue: "atrasadas", search: "%" })).toEqual([]);
  });

  it("read a bad URL as the first page of the default queue, and clamp a page past the end", async () => {
    expect(readBillingQuery(new URLSearchParams("fila=tudo&pagina=-3&cliente=9"))).toEqual(q({}));
    expect(readBillingQuery(new URLSearchParams("fila=todas&cliente=9&pagina=2&busca=%20ana%20"))).toEqual(
      q({ queue: "todas", client: 9, page: 2, search: "ana" }),
    );
    expect(readBillingQuery(new URLSearchParams("pagina=99999999999"))).toEqual(q({}));
    const far = await listQueue(db, q({ page: 500 }), TODAY);
    expect(far).toMatchObject({ page: 1, pages: 1, total: 2 });
  });
});

describe("Todas", () => {
  it("pages clients by name; each group has its open billings, its latest ones and the count of all", async () => {
    const many = await client("Álvaro Muitos");
    for (let m = 1; m <= 12; m++) await billing(many, `2025-${String(m).padStart(2, "0")}-05`, "paid");
    const open = await billing(many, "2024-12-05"); // old and unpaid: always shown
    const { groups, total } = await listBillingGroupsPage(db, q({ queue: "todas" }), TODAY);
    expect(total).toBe(3);
    expect(groups.map((g) => g.clientName)).toEqual(["Álvaro Muitos", "João Simões", "Maria Aparecida"]);
    const [alvaro] = groups;
    expect(alvaro.total).toBe(13);
    expect(alvaro.counts).toEqual({ overdue: 1, pending: 0, paid: 12 });
    expect(alvaro.billings).toHaveLength(GROUP_LATEST + 1);
    expect(alvaro.billings.map((x) => x.id)).toContain(open);
    expect(alvaro.billings[0].due_date).toBe("2025-12-05");

    const one = await listBillingGroupsPage(db, q({ queue: "todas", client: many }), TODAY);
    expect(one.groups).toHaveLength(1);
    expect(one.groups[0].billings).toHaveLength(13);
    expect(one.total).toBe(13);
  });

  it(`shows ${LIST_PAGE_SIZE} clients a page`, async () => {
    for (let i = 0; i < LIST_PAGE_SIZE; i++)
      await billing(await client(`Zeca ${String(i).padStart(2, "0")}`), "2026-10-05", "paid");
    const first = await listBillingGroupsPage(db, q({ queue: "todas" }), TODAY);
    expect(first.groups).toHaveLength(LIST_PAGE_SIZE);
    expect(first.pages).toBe(2);
    const second = await listBillingGroupsPage(db, q({ queue: "todas", page: 2 }), TODAY);
    expect(second.groups.map((g) => g.clientName)).toEqual(["Zeca 22", "Zeca 23", "Zeca 24"]);
  });
});

describe("a queue's plan", () => {
  // Joined to clients from the start, SQLite read every overdue billing
  // through billing_paid_on and the table to sort them: 7 ms a view on the
  // scale set's 1,600 (decision 0065). The queue is counted and paged on
  // billing_status_due alone; only the page's rows meet their clients.
  it("counts and pages Em atraso on the index of status and due date, without the table", async () => {
    const { traced, plans } = tracedPlans(db);
    const page = await listQueue(traced, q({ queue: "atrasadas" }), TODAY);
    expect(page.rows.length).toBeGreaterThan(0);
    const reads = (await plans()).flatMap((p) => p.details.filter((d) => /\bbilling\b/.test(d)));
    // The count and the page's ids: the covering index, both arms of the OR.
    expect(reads.filter((d) => d.includes("COVERING INDEX billing_status_due")).length).toBeGreaterThanOrEqual(4);
    // The page's rows by their ids; nothing else of billing is read.
    expect(
      reads.filter((d) => !d.includes("COVERING INDEX billing_status_due") && !d.includes("INTEGER PRIMARY KEY")),
    ).toEqual([]);
  });
});

describe("Exportar CSV", () => {
  it("yields every billing of the list once, in the list's order, a batch at a time", async () => {
    const all = async (over: Partial<BillingQuery>, batch: number) => {
      const out: number[][] = [];
      for await (const rows of billingExportBatches(db, q(over), TODAY, batch)) out.push(rows.map((r) => r.id));
      return out;
    };
    // Two per batch: the keyset carries on after the last row of each.
    const todas = await all({ queue: "todas" }, 2);
    expect(todas.every((b) => b.length <= 2)).toBe(true);
    const ids = todas.flat();
    expect(new Set(ids).size).toBe(ids.length);
    const count = await db
      .selectFrom("billing")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(ids).toHaveLength(Number(count.n));
    const due = await db.selectFrom("billing").select(["id", "due_date"]).orderBy("due_date").orderBy("id").execute();
    expect(ids).toEqual(due.map((r) => r.id));
    // A queue and a search, as the page shows them.
    expect((await all({ queue: "atrasadas", search: "joão" }, 1)).flat()).toEqual([b.pastPending]);
    expect((await all({ queue: "diferencas" }, 1)).flat()).toEqual([b.difference]);
  });
});
