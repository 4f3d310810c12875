import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import {
  createBilling,
  generateContractBillings,
  getBilling,
  listClientBillings,
} from "#app/models/billing/billing.server";
import { listBillingGroupsPage } from "#app/models/billing/billing-queues.server";
import { addBillingDocument, deleteBillingDocument } from "#app/models/billing/documents.server";
import { setBillingStatus } from "#app/models/billing/payments.server";
import { defaultAgency } from "#app/config/agency";
import { markOverdue } from "#app/models/billing/overdue.server";
import { createClient, deleteClient } from "#app/models/clients/clients.server";
import { privateFilePath, removePrivateFiles, storePrivateFile } from "#app/models/files/private-store.server";
import { localToday } from "#app/models/shared/days";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// Billing (issue 8) on a fresh database: the contract's months generated once
// only, the status stamping payment_date, the overdue job and the effective
// status on read, the grouping order, an attached boleto judged by content,
// and a client's delete taking its boleto files along.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-billing-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana Staff" };

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(62), Buffer.from("PE\0\0"), Buffer.alloc(400, 1)]);

const privateFiles = () =>
  fs.existsSync(path.join(uploads, "private")) ? fs.readdirSync(path.join(uploads, "private")).sort() : [];
const billingsOf = (clientId: number) =>
  db.selectFrom("billing").selectAll().where("client_id", "=", clientId).orderBy("month_year").orderBy("id").execute();
const auditCount = async (entity: string, action: string) =>
  Number(
    (
      await db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("entity", "=", entity)
        .where("action", "=", action)
        .executeTakeFirstOrThrow()
    ).n,
  );

let seq = 0;
async function newClient(values: Partial<Parameters<typeof createClient>[1]> = {}) {
  seq += 1;
  const created = await createClient(
    db,
    {
      name: `Cliente ${seq}`,
      email: `c${seq}@teste.com`,
      username: `cliente${seq}`,
      password: "senha1234",
      payment_due_day: 5,
      ...values,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase());
  actor.id = await createUser(
    db,
    { username: "ana", email: "ana@agencia.com", name: "Ana Staff", password: "senha1234", role: "admin" },
    null,
  );
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("Gerar Cobranças do Contrato", () => {
  it("creates one billing per contract month with the rent and the clamped due day, and nothing the second time", async () => {
    const id = await newClient({
      contract_start_date: "2026-01-01",
      contract_end_date: "2028-06-30",
      monthly_rent: cents(125000),
      payment_due_day: 31,
    });
    const first = await generateContractBillings(db, id, actor);
    expect(first.ok && first.created).toHaveLength(30);
    const rows = await billingsOf(id);
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.amount_cents === 125000 && r.status === "pending" && r.payment_date === null)).toBe(
      true,
    );
    expect(rows.find((r) => r.month_year === "2026-02")?.due_date).toBe("2026-02-28");
    expect(rows.find((r) => r.month_year === "2028-02")?.due_date).toBe("2028-02-29");
    expect(rows.find((r) => r.month_year === "2026-04")?.due_date).toBe("2026-04-30");

    const again = await generateContractBillings(db, id, actor);
    expect(again).toEqual({ ok: true, clientName: expect.any(String), created: [] });
    expect(await billingsOf(id)).toHaveLength(30);
  });

  it("skips a month billed by hand and bills the rest", async () => {
    const id = await newClient({
      contract_start_date: "2099-03-10",
      contract_end_date: "2099-06-09",
      monthly_rent: cents(90000),
      first_month: "full", // three whole months from the 10th (ahead: a term past its end runs on)
    });
    expect(
      await createBilling(
        db,
        { client_id: id, month_year: "2099-04", amount_cents: cents(5000), due_date: "2099-04-20" },
        actor,
      ),
    ).toMatchObject({ ok: true });
    const result = await generateContractBillings(db, id, actor);
    expect(result.ok && result.created.map((c) => c.month_year)).toEqual(["2099-03", "2099-05"]);
    expect((await billingsOf(id)).map((r) => [r.month_year, r.amount_cents])).toEqual([
      ["2099-03", 90000],
      ["2099-04", 5000],
      ["2099-05", 90000],
    ]);
  });

  it("refuses a client without contract dates or rent, and a missing client, writing nothing", async () => {
    const before = await auditCount("billing", "create");
    const noRent = await newClient({ contract_start_date: "2026-01-01", contract_end_date: "2026-12-31" });
    const noDates = await newClient({ monthly_rent: cents(100000) });
    expect(await generateContractBillings(db, noRent, actor)).toEqual({ ok: false, reason: "no-contract" });
    expect(await generateContractBillings(db, noDates, actor)).toEqual({ ok: false, reason: "no-contract" });
    expect(await generateContractBillings(db, 999_999, actor)).toEqual({ ok: false, reason: "client" });
    expect(await billingsOf(noRent)).toEqual([]);
    expect(await auditCount("billing", "create")).toBe(before);
  });

  it("writes an audit row per created billing, by the actor", async () => {
    const id = await newClient({
      contract_start_date: "2099-01-01",
      contract_end_date: "2099-03-31",
      monthly_rent: cents(100000),
    });
    const before = await auditCount("billing", "create");
    await generateContractBillings(db, id, actor);
    expect(await auditCount("billing", "create")).toBe(before + 3);
    const row = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "billing")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row.actor_id).toBe(actor.id);
    expect(JSON.parse(row.changes)).toMatchObject({
      month_year: [null, "2099-03"],
      amount_cents: [null, 100000],
      status: [null, "pending"],
    });
  });
});

describe("status", () => {
  it("Pago stamps today's date in the agency's zone; another status clears it", async () => {
    const id = await newClient();
    const created = await createBilling(
      db,
      { client_id: id, month_year: "2030-01", amount_cents: cents(100), due_date: "2030-01-05" },
      actor,
    );
    if (!created.ok) throw new Error("billing");
    const paid = await setBillingStatus(db, created.id, "paid", actor, {
      agency: { ...defaultAgency, cnpj: null },
      today: "2026-10-05",
    });
    expect(paid).toMatchObject({ status: "paid", payment_date: "2026-10-05" });
    // Saved as paid again, the first payment date stays.
    await setBillingStatus(db, created.id, "paid", actor, {
      agency: { ...defaultAgency, cnpj: null },
      today: "2026-10-09",
    });
    expect((await getBilling(db, created.id))?.payment_date).toBe("2026-10-05");
    await setBillingStatus(db, created.id, "pending", actor, { agency: { ...defaultAgency, cnpj: null } });
    expect(
      await db.selectFrom("billing").select(["status", "payment_date"]).where("id", "=", created.id).executeTakeFirst(),
    ).toEqual({
      status: "pending",
      payment_date: null,
    });
    await setBillingStatus(db, created.id, "paid", actor, { agency: { ...defaultAgency, cnpj: null } });
    expect((await getBilling(db, created.id))?.payment_date).toBe(localToday());
    expect(await setBillingStatus(db, 999_999, "paid", actor, { agency: { ...defaultAgency, cnpj: null } })).toBeNull();
    const audit = await db
      .selectFrom("audit_log")
      .select("changes")
      .where("entity", "=", "billing")
      .where("entity_id", "=", String(created.id))
      .where("action", "=", "update")
      .orderBy("id")
      .execute();
    expect(JSON.parse(audit[0].changes)).toEqual({
      status: ["pending", "paid"],
      payment_date: [null, "2026-10-05"],
      amount_paid_cents: [null, 100],
      // The ledger's projection (decision 0061): nothing left open.
      open_cents: [100, 0],
      rent_open_cents: [100, 0],
    });
  });
});

describe("overdue", () => {
  it("reads a pending billing past due as overdue at once; the job stores it, and leaves due-today and paid ones alone", async () => {
    const id = await newClient({ name: "Zeca Atrasado" });
    const make = async (due_date: string) => {
      const r = await createBilling(
        db,
        { client_id: id, month_year: due_date.slice(0, 7), amount_cents: cents(100), due_date },
        actor,
      );
      if (!r.ok) throw new Error("billing");
      return r.id;
    };
    const late = await make("2026-10-02"); // a Friday: no grace beyond it
    const dueToday = await make("2026-10-05");
    const paid = await make("2026-09-05");
    await setBillingStatus(db, paid, "paid", actor, { agency: { ...defaultAgency, cnpj: null }, today: "2026-09-06" });
    const today = "2026-10-05";

    const [group] = (await listBillingGroupsPage(db, { queue: "todas", search: "", client: id, page: 1 }, today))
      .groups;
    expect(group.billings.map((b) => [b.id, b.status])).toEqual([
      [dueToday, "pending"],
      [late, "overdue"],
      [paid, "paid"],
    ]);
    expect(group.counts).toEqual({ overdue: 1, pending: 1, paid: 1 });
    expect((await listClientBillings(db, id, { today, issueDays: 20 })).history.map((b) => b.status)).toEqual([
      "pending",
      "overdue",
      "paid",
    ]);
    // Still stored as pending until the job runs.
    expect(
      (await db.selectFrom("billing").select("status").where("id", "=", late).executeTakeFirstOrThrow()).status,
    ).toBe("pending");

    const changed = await markOverdue(db, today);
    expect(changed).toBeGreaterThanOrEqual(1);
    const stored = await db
      .selectFrom("billing")
      .select(["id", "status"])
      .where("id", "in", [late, dueToday, paid])
      .orderBy("id")
      .execute();
    expect(stored).toEqual([
      { id: late, status: "overdue" },
      { id: dueToday, status: "pending" },
      { id: paid, status: "paid" },
    ]);
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity", "=", "billing")
      .where("entity_id", "=", String(late))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_id: null, actor_name: "Sistema", action: "update" });
    expect(await markOverdue(db, today)).toBe(0);
  });
});

describe("listing", () => {
  it("groups by client name as people sort it, newest due date first, and shows a client only its own last 12", async () => {
    const bruno = await newClient({ name: "bruno Teste" });
    const alvaro = await newClient({ name: "Álvaro Teste" });
    const alice = await newClient({ name: "Alice Teste" });
    for (const [client, due] of [
      [bruno, "2031-01-05"],
      [bruno, "2031-03-05"],
      [alvaro, "2031-02-05"],
      [alice, "2031-01-05"],
    ] as const) {
      await createBilling(
        db,
        { client_id: client, month_year: due.slice(0, 7), amount_cents: cents(100), due_date: due },
        actor,
      );
    }
    // "Todas", every page of clients in turn.
    const groups = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const listed = await listBillingGroupsPage(db, { queue: "todas", search: "", client: null, page }, localToday());
      pages = listed.pages;
      groups.push(...listed.groups);
    }
    expect(groups.map((g) => g.clientName).filter((n) => n.endsWith(" Teste"))).toEqual([
      "Alice Teste",
      "Álvaro Teste",
      "bruno Teste",
    ]);
    const brunoGroup = groups.find((g) => g.clientId === bruno)!;
    expect(brunoGroup.billings.map((b) => b.due_date)).toEqual(["2031-03-05", "2031-01-05"]);

    for (let m = 1; m <= 14; m++) {
      const month = `2032-${String(m > 12 ? 12 : m).padStart(2, "0")}`;
      await createBilling(
        db,
        { client_id: bruno, month_year: month, amount_cents: cents(m), due_date: `${month}-0${(m % 9) + 1}` },
        actor,
      );
    }
    const { history } = await listClientBillings(db, bruno, { today: "2032-12-31", issueDays: 20 });
    expect(history).toHaveLength(12);
    expect(history.map((b) => b.due_date)).toEqual([...history.map((b) => b.due_date)].sort().reverse());
    expect(
      (await listClientBillings(db, alice, { today: "2032-12-31", issueDays: 20 })).history.map((b) => b.due_date),
    ).toEqual(["2031-01-05"]);
  });
});

describe("attached boletos", () => {
  it("stores a PDF privately with its row; refuses an .exe and a missing billing, leaving no file", async () => {
    const id = await newClient();
    const billing = await createBilling(
      db,
      { client_id: id, month_year: "2026-10", amount_cents: cents(100), due_date: "2026-10-05" },
      actor,
    );
    if (!billing.ok) throw new Error("billing");
    const before = privateFiles();
    expect(await addBillingDocument(db, { billingId: billing.id, fileName: "boleto.pdf", bytes: EXE }, actor)).toEqual({
      ok: false,
      reason: "type",
    });
    expect(await addBillingDocument(db, { billingId: 999_999, fileName: "boleto.pdf", bytes: PDF }, actor)).toEqual({
      ok: false,
      reason: "billing",
    });
    expect(privateFiles()).toEqual(before);

    const added = await addBillingDocument(
      db,
      { billingId: billing.id, fileName: "../boleto outubro.pdf", bytes: PDF },
      actor,
    );
    if (!added.ok) throw new Error("document");
    const row = await db
      .selectFrom("billing_documents")
      .selectAll()
      .where("id", "=", added.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      billing_id: billing.id,
      file_name: "boleto outubro.pdf",
      mime_type: "application/pdf",
      uploaded_by_id: actor.id,
    });
    expect(fs.readFileSync(privateFilePath(row.file_key))).toEqual(PDF);
    expect((await getBilling(db, billing.id))?.documents.map((d) => d.file_name)).toEqual(["boleto outubro.pdf"]);

    const deleted = await deleteBillingDocument(db, added.id, actor);
    expect(deleted).toEqual({ fileName: "boleto outubro.pdf", fileKey: row.file_key });
    expect(await deleteBillingDocument(db, added.id, actor)).toBeNull();
    expect(await auditCount("billing_document", "delete")).toBe(1);
  });

  it("go with their client: the delete returns the boleto and queued files to remove", async () => {
    const id = await newClient();
    const billing = await createBilling(
      db,
      { client_id: id, month_year: "2026-10", amount_cents: cents(100), due_date: "2026-10-05" },
      actor,
    );
    if (!billing.ok) throw new Error("billing");
    const added = await addBillingDocument(db, { billingId: billing.id, fileName: "boleto.pdf", bytes: PDF }, actor);
    if (!added.ok) throw new Error("document");
    const docKey = (
      await db.selectFrom("billing_documents").select("file_key").where("id", "=", added.id).executeTakeFirstOrThrow()
    ).file_key;
    const queuedKey = await storePrivateFile(PDF, ".pdf");
    await db
      .insertInto("boleto_queue")
      .values({
        client_id: id,
        file_name: "fila.pdf",
        file_key: queuedKey,
        mime_type: "application/pdf",
        size: PDF.length,
        created_at: new Date().toISOString(),
      })
      .execute();

    const deleted = await deleteClient(db, id, actor);
    if (!deleted?.ok) throw new Error("a client whose billings were never paid is deleted");
    expect(deleted.files).toEqual(expect.arrayContaining([docKey, queuedKey]));
    expect(await billingsOf(id)).toEqual([]);
    expect(await db.selectFrom("billing_documents").select("id").where("id", "=", added.id).execute()).toEqual([]);
    expect(await db.selectFrom("boleto_queue").select("id").where("client_id", "=", id).execute()).toEqual([]);
    // What the route does after the commit.
    await removePrivateFiles(deleted.files);
    expect(fs.existsSync(privateFilePath(docKey))).toBe(false);
    expect(fs.existsSync(privateFilePath(queuedKey))).toBe(false);
  });
});
