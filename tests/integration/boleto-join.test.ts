import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { createBilling } from "#app/models/billing/billing.server";
import { setBillingStatus } from "#app/models/billing/payments.server";
import { defaultAgency } from "#app/config/agency";
import {
  confirmBoleto,
  createBoletoDraft,
  listAwaitingBoletos,
  processAwaitingBoletos,
  type BoletoReadingValues,
} from "#app/models/boletos/queue.server";
import { createClient } from "#app/models/clients/clients.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// Issue 19: a boleto processed for a client and a month (or a due date)
// already billed joins that billing, never a second one; its amount changes
// only when staff chose it and the billing is not paid; the same digitable
// line is refused at confirmation, and one that slipped through stays on the
// list; processing twice changes nothing. The observed bug: a boleto for a
// month the contract had billed made a second and a third billing.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-boleto-join-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 1, name: "Admin Teste" };
let n = 0;
const pdf = () =>
  Buffer.from(`%PDF-1.4\n% boleto ${++n}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
// A 47-digit line, unique per call unless `digits` is given.
const line = (digits = String(++n).padStart(12, "0")) => `00190000090123456789012345678901110${digits}`;

async function newClient(name: string) {
  const created = await createClient(
    db,
    { name, email: `${name.replace(/\W/g, "")}@teste.com`, username: name.replace(/\W/g, ""), payment_due_day: 5 },
    null,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

// A boleto drafted and confirmed as read (update_amount as given).
async function queue(clientId: number, reading: Partial<BoletoReadingValues>, updateAmount = false) {
  const values = {
    due_date: null,
    amount_cents: null,
    month_year: null,
    digitable_line: null,
    source: "line",
    ...reading,
  };
  const draft = await createBoletoDraft(
    db,
    { clientId, fileName: `boleto-${++n}.pdf`, bytes: pdf(), reading: values },
    actor,
  );
  if (!draft.ok) throw new Error("draft");
  const confirmed = await confirmBoleto(db, draft.id, { ...values, update_amount: updateAmount }, actor);
  return { id: draft.id, confirmed };
}

const billingsOf = (clientId: number) =>
  db
    .selectFrom("billing")
    .select(["id", "month_year", "due_date", "amount_cents", "status"])
    .where("client_id", "=", clientId)
    .orderBy("id")
    .execute();
const documentsOf = (billingId: number) =>
  db
    .selectFrom("billing_documents")
    .select(["file_name", "file_key", "digitable_line"])
    .where("billing_id", "=", billingId)
    .orderBy("id")
    .execute();

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase());
  const id = await createUser(
    db,
    {
      username: "admin-join",
      email: "admin-join@teste.com",
      name: "Admin Teste",
      password: "senha1234",
      role: "admin",
    },
    null,
  );
  actor.id = id;
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("a processed boleto joins the billing that exists", () => {
  it("joins the billing of its month: no second billing, the file and the line attached, the amount unchanged", async () => {
    const client = await newClient("Ana Junção");
    const billing = await createBilling(
      db,
      { client_id: client, month_year: "2026-10", due_date: "2026-10-05", amount_cents: cents(150000) },
      actor,
    );
    if (!billing.ok) throw new Error("billing");
    const l = line();
    const { id, confirmed } = await queue(client, {
      due_date: "2026-10-10",
      month_year: "2026-10",
      amount_cents: cents(160000),
      digitable_line: l.replace(/(\d{5})(\d{5})/, "$1.$2 "),
    });
    expect(confirmed).toMatchObject({ ok: true, joins: { id: billing.id, amount_cents: 150000 } });
    const listed = (await listAwaitingBoletos(db)).find((b) => b.id === id);
    expect(listed?.step).toMatchObject({ kind: "join", billing: { id: billing.id }, updateAmount: false });
    const key = (await db.selectFrom("boleto_queue").select("file_key").where("id", "=", id).executeTakeFirstOrThrow())
      .file_key;

    expect(await processAwaitingBoletos(db, actor)).toEqual({
      created: [],
      joined: [billing.id],
      amountsUpdated: [],
      skipped: 0,
      duplicates: 0,
    });
    expect(await billingsOf(client)).toEqual([
      { id: billing.id, month_year: "2026-10", due_date: "2026-10-05", amount_cents: 150000, status: "pending" },
    ]);
    expect(await documentsOf(billing.id)).toEqual([
      { file_name: expect.stringMatching(/^boleto-/), file_key: key, digitable_line: l },
    ]);
    expect(await db.selectFrom("boleto_queue").select("id").where("id", "=", id).execute()).toEqual([]);
  });

  it("joins the billing with the same due date even when its reference month differs", async () => {
    const client = await newClient("Bia Vencimento");
    const billing = await createBilling(
      db,
      { client_id: client, month_year: "2027-01", due_date: "2027-02-05", amount_cents: cents(150000) },
      actor,
    );
    if (!billing.ok) throw new Error("billing");
    await queue(client, {
      due_date: "2027-02-05",
      month_year: "2027-02",
      amount_cents: cents(150000),
      digitable_line: line(),
    });
    expect(await processAwaitingBoletos(db, actor)).toMatchObject({ created: [], joined: [billing.id] });
    expect((await billingsOf(client)).map((b) => b.month_year)).toEqual(["2027-01"]);
    expect(await documentsOf(billing.id)).toHaveLength(1);
  });

  it("changes the amount when staff chose it, with an audit row, and never a paid billing's", async () => {
    const client = await newClient("Caio Valor");
    const open = await createBilling(
      db,
      { client_id: client, month_year: "2026-11", due_date: "2026-11-05", amount_cents: cents(150000) },
      actor,
    );
    const paid = await createBilling(
      db,
      { client_id: client, month_year: "2026-12", due_date: "2026-12-05", amount_cents: cents(150000) },
      actor,
    );
    if (!open.ok || !paid.ok) throw new Error("billing");
    await setBillingStatus(db, paid.id, "paid", actor, {
      agency: { ...defaultAgency, cnpj: null },
      today: "2026-12-01",
    });
    await queue(
      client,
      { due_date: "2026-11-05", month_year: "2026-11", amount_cents: cents(170000), digitable_line: line() },
      true,
    );
    await queue(
      client,
      { due_date: "2026-12-05", month_year: "2026-12", amount_cents: cents(170000), digitable_line: line() },
      true,
    );
    const stored = await db
      .selectFrom("boleto_queue")
      .select("update_amount")
      .where("client_id", "=", client)
      .execute();
    // The paid billing's was never offered: kept as 0. Processing checks again anyway.
    expect(stored).toEqual([{ update_amount: 1 }, { update_amount: 0 }]);
    await db.updateTable("boleto_queue").set({ update_amount: 1 }).where("client_id", "=", client).execute();

    expect(await processAwaitingBoletos(db, actor)).toMatchObject({
      created: [],
      joined: [open.id, paid.id],
      amountsUpdated: [open.id],
    });
    expect((await billingsOf(client)).map((b) => [b.month_year, b.amount_cents, b.status])).toEqual([
      ["2026-11", 170000, "pending"],
      ["2026-12", 150000, "paid"],
    ]);
    expect(await documentsOf(paid.id)).toHaveLength(1);
    const audit = await db
      .selectFrom("audit_log")
      .select(["actor_name", "changes"])
      .where("entity", "=", "billing")
      .where("entity_id", "=", String(open.id))
      .where("action", "=", "update")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_name).toBe("Admin Teste");
    expect(JSON.parse(audit[0].changes)).toEqual({ amount_cents: [150000, 170000] });
  });

  it("makes one billing of two boletos of a month not billed yet", async () => {
    const client = await newClient("Davi Dois");
    await queue(client, {
      due_date: "2027-03-05",
      month_year: "2027-03",
      amount_cents: cents(150000),
      digitable_line: line(),
    });
    await queue(client, {
      due_date: "2027-03-05",
      month_year: "2027-03",
      amount_cents: cents(150000),
      digitable_line: line(),
    });
    const result = await processAwaitingBoletos(db, actor);
    expect(result.created).toHaveLength(1);
    expect(result.joined).toEqual(result.created);
    expect(await billingsOf(client)).toHaveLength(1);
    expect(await documentsOf(result.created[0])).toHaveLength(2);
  });
});

describe("the same boleto twice", () => {
  let client: number;
  const l = line("777777777777");

  it("is refused at confirmation while the first waits on the list, the line compared by its digits", async () => {
    client = await newClient("Eva Repetida");
    const first = await queue(client, {
      due_date: "2027-04-05",
      month_year: "2027-04",
      amount_cents: cents(150000),
      digitable_line: l,
    });
    expect(first.confirmed.ok).toBe(true);
    const again = await queue(client, {
      due_date: "2027-04-06",
      month_year: "2027-04",
      amount_cents: cents(150000),
      digitable_line: `${l.slice(0, 5)}.${l.slice(5, 10)} ${l.slice(10)}`,
    });
    expect(again.confirmed).toEqual({
      ok: false,
      reason: "duplicate",
      owner: { kind: "queued", client_name: "Eva Repetida", file_name: expect.stringMatching(/^boleto-/) },
    });
    const draft = await db
      .selectFrom("boleto_queue")
      .select(["confirmed_at", "due_date"])
      .where("id", "=", again.id)
      .executeTakeFirstOrThrow();
    expect(draft).toEqual({ confirmed_at: null, due_date: "2027-04-06" });
  });

  it("is refused once attached, naming the billing", async () => {
    expect(await processAwaitingBoletos(db, actor)).toMatchObject({ created: [expect.any(Number)], duplicates: 0 });
    const third = await queue(client, {
      due_date: "2027-04-05",
      month_year: "2027-04",
      amount_cents: cents(150000),
      digitable_line: l,
    });
    expect(third.confirmed).toEqual({
      ok: false,
      reason: "duplicate",
      owner: { kind: "billing", client_name: "Eva Repetida", month_year: "2027-04" },
    });
  });

  it("stays on the list when it slipped through, reported and not attached; processing twice changes nothing", async () => {
    const slipped = await db
      .selectFrom("boleto_queue")
      .select("id")
      .where("client_id", "=", client)
      .where("confirmed_at", "is", null)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("boleto_queue")
      .set({ confirmed_at: new Date().toISOString() })
      .where("id", "=", slipped.id)
      .execute();
    const count = async () => ({
      billings: (await db.selectFrom("billing").select("id").execute()).length,
      documents: (await db.selectFrom("billing_documents").select("id").execute()).length,
      audit: (await db.selectFrom("audit_log").select("id").execute()).length,
    });
    const before = await count();
    const nothing = { created: [], joined: [], amountsUpdated: [], skipped: 0, duplicates: 1 };
    expect(await processAwaitingBoletos(db, actor)).toEqual(nothing);
    expect(await processAwaitingBoletos(db, actor)).toEqual(nothing);
    expect(await count()).toEqual(before);
    const listed = (await listAwaitingBoletos(db)).find((b) => b.id === slipped.id);
    expect(listed?.step).toEqual({ kind: "duplicate" });
  });
});

describe("update_amount", () => {
  it("is kept only when the page offered it: a billing to join, of another amount", async () => {
    const client = await newClient("Fábio Escolha");
    const same = await createBilling(
      db,
      { client_id: client, month_year: "2027-05", due_date: "2027-05-05", amount_cents: cents(150000) },
      actor,
    );
    if (!same.ok) throw new Error("billing");
    const fresh = await queue(
      client,
      { due_date: "2027-06-05", month_year: "2027-06", amount_cents: cents(150000) },
      true,
    );
    const equal = await queue(
      client,
      { due_date: "2027-05-05", month_year: "2027-05", amount_cents: cents(150000) },
      true,
    );
    expect(fresh.confirmed).toMatchObject({ ok: true, joins: null });
    const stored = await db
      .selectFrom("boleto_queue")
      .select(["id", "update_amount"])
      .where("id", "in", [fresh.id, equal.id])
      .orderBy("id")
      .execute();
    expect(stored).toEqual([
      { id: fresh.id, update_amount: 0 },
      { id: equal.id, update_amount: 0 },
    ]);
  });
});
