import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#app/db/schema";
import { removeStaleBoletoDrafts } from "#app/models/boletos/housekeeping.server";
import {
  DRAFT_LIFETIME_MS,
  confirmBoleto,
  createBoletoDraft,
  listAwaitingBoletos,
  processAwaitingBoletos,
  removeQueuedBoleto,
  removeStaleDrafts,
} from "#app/models/boletos/queue.server";
import { closeBoletoReader, readBoleto } from "#app/models/boletos/read-boleto.server";
import { chooseBoletoSlip } from "#app/models/boletos/slips.server";
import { createClient } from "#app/models/clients/clients.server";
import { BANK_LAYOUTS, carnePagePdf } from "#tests/fixtures/boletos/layouts";
import { privateFilePath } from "#app/models/files/private-store.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// The boleto flow's rows (issue 8): a draft with its file, confirmed onto the
// awaiting list, processed into billings with the same file attached in one
// transaction; only boletos with a month and a due date become billings;
// drafts left behind are swept with their files.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-boletos-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let clientId: number;
const actor = null;
const pdf = (n: number) =>
  Buffer.from(`%PDF-1.4\n% boleto ${n}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const reading = (due: string | null, month: string | null) => ({
  due_date: due,
  amount_cents: cents(125000),
  month_year: month,
  digitable_line: null,
  source: "text",
});
const keyOf = async (id: number) =>
  (await db.selectFrom("boleto_queue").select("file_key").where("id", "=", id).executeTakeFirstOrThrow()).file_key;

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase());
  const created = await createClient(
    db,
    {
      name: "Inquilina Boleto",
      email: "boleto@teste.com",
      username: "boleto",
      password: "senha1234",
      payment_due_day: 5,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  clientId = created.id;
});

afterAll(async () => {
  await closeBoletoReader();
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("the boleto queue", () => {
  it("refuses a file that is not a PDF or an image, and an unknown client, storing nothing", async () => {
    expect(
      await createBoletoDraft(
        db,
        { clientId, fileName: "x.pdf", bytes: Buffer.from("MZ not a pdf"), reading: reading(null, null) },
        actor,
      ),
    ).toEqual({
      ok: false,
      reason: "type",
    });
    expect(
      await createBoletoDraft(
        db,
        { clientId: 999_999, fileName: "x.pdf", bytes: pdf(0), reading: reading(null, null) },
        actor,
      ),
    ).toEqual({
      ok: false,
      reason: "client",
    });
    expect(fs.existsSync(path.join(uploads, "private")) ? fs.readdirSync(path.join(uploads, "private")) : []).toEqual(
      [],
    );
  });

  it("keeps drafts off the awaiting list until confirmed, and confirms once", async () => {
    const draft = await createBoletoDraft(
      db,
      { clientId, fileName: "a.pdf", bytes: pdf(1), reading: reading("2026-12-10", "2026-12") },
      actor,
    );
    if (!draft.ok) throw new Error("draft");
    expect((await listAwaitingBoletos(db)).map((b) => b.id)).not.toContain(draft.id);
    expect(
      await confirmBoleto(
        db,
        draft.id,
        { due_date: "2026-12-11", amount_cents: cents(130000), month_year: "2026-12" },
        actor,
      ),
    ).toMatchObject({ ok: true, joins: null });
    expect(await confirmBoleto(db, draft.id, { due_date: null, amount_cents: null, month_year: null }, actor)).toEqual({
      ok: false,
      reason: "gone",
    });
    const [listed] = await listAwaitingBoletos(db);
    expect(listed).toMatchObject({
      id: draft.id,
      due_date: "2026-12-11",
      amount_cents: cents(130000),
      client_name: "Inquilina Boleto",
    });
  });

  it("processes only boletos with a month, a due date and an amount, moving each file onto its billing in one transaction", async () => {
    const noMonth = await createBoletoDraft(
      db,
      { clientId, fileName: "b.pdf", bytes: pdf(2), reading: reading("2027-01-05", null) },
      actor,
    );
    if (!noMonth.ok) throw new Error("draft");
    await confirmBoleto(db, noMonth.id, reading("2027-01-05", null), actor);
    // Confirmed with the amount left blank: a R$ 0,00 billing nobody could pay.
    const noAmount = await createBoletoDraft(
      db,
      { clientId, fileName: "sem-valor.pdf", bytes: pdf(6), reading: reading("2027-01-05", "2027-01") },
      actor,
    );
    if (!noAmount.ok) throw new Error("draft");
    await confirmBoleto(db, noAmount.id, { ...reading("2027-01-05", "2027-01"), amount_cents: null }, actor);
    const [ready] = await listAwaitingBoletos(db);
    const readyKey = await keyOf(ready.id);

    const result = await processAwaitingBoletos(db, actor);
    expect(result).toEqual({
      created: [expect.any(Number)],
      joined: [],
      amountsUpdated: [],
      skipped: 2,
      duplicates: 0,
    });
    const billing = await db
      .selectFrom("billing")
      .selectAll()
      .where("id", "=", result.created[0])
      .executeTakeFirstOrThrow();
    expect(billing).toMatchObject({
      client_id: clientId,
      month_year: "2026-12",
      due_date: "2026-12-11",
      amount_cents: cents(130000),
      status: "pending",
    });
    const doc = await db
      .selectFrom("billing_documents")
      .selectAll()
      .where("billing_id", "=", billing.id)
      .executeTakeFirstOrThrow();
    expect(doc).toMatchObject({ file_name: "a.pdf", file_key: readyKey, mime_type: "application/pdf" });
    expect(fs.readFileSync(privateFilePath(readyKey))).toEqual(pdf(1));
    expect((await listAwaitingBoletos(db)).map((b) => b.id)).toEqual([noMonth.id, noAmount.id]);
    expect(await db.selectFrom("billing").select("id").where("amount_cents", "=", cents(0)).execute()).toEqual([]);
  });

  it("rolls everything back when one billing cannot be written", async () => {
    const before = await db.selectFrom("billing").select("id").execute();
    const broken = await createBoletoDraft(
      db,
      { clientId, fileName: "c.pdf", bytes: pdf(3), reading: reading("2027-02-05", "2027-02") },
      actor,
    );
    if (!broken.ok) throw new Error("draft");
    // A month the billing table's CHECK refuses: the second insert fails.
    await db
      .updateTable("boleto_queue")
      .set({ confirmed_at: new Date().toISOString(), month_year: "fev/2027" })
      .where("id", "=", broken.id)
      .execute();
    await db.updateTable("boleto_queue").set({ month_year: "2027-01" }).where("month_year", "is", null).execute();
    await expect(processAwaitingBoletos(db, actor)).rejects.toThrow();
    expect(await db.selectFrom("billing").select("id").execute()).toEqual(before);
    expect((await listAwaitingBoletos(db)).length).toBe(3);
  });

  it("removes a queued boleto's row and returns its file for the caller", async () => {
    const [first] = await listAwaitingBoletos(db);
    const removed = await removeQueuedBoleto(db, first.id, actor);
    expect(removed?.fileName).toBe(first.file_name);
    expect(await removeQueuedBoleto(db, first.id, actor)).toBeNull();
  });

  it("sweeps drafts older than a day with their files, and keeps confirmed ones", async () => {
    const old = await createBoletoDraft(
      db,
      { clientId, fileName: "velho.pdf", bytes: pdf(4), reading: reading(null, null) },
      actor,
    );
    const fresh = await createBoletoDraft(
      db,
      { clientId, fileName: "novo.pdf", bytes: pdf(5), reading: reading(null, null) },
      actor,
    );
    if (!old.ok || !fresh.ok) throw new Error("draft");
    const oldKey = await keyOf(old.id);
    const longAgo = new Date(Date.now() - DRAFT_LIFETIME_MS - 60_000).toISOString();
    await db.updateTable("boleto_queue").set({ created_at: longAgo }).where("id", "=", old.id).execute();
    const awaiting = (await listAwaitingBoletos(db)).length;
    await removeStaleBoletoDrafts(db);
    expect(fs.existsSync(privateFilePath(oldKey))).toBe(false);
    const left = await db.selectFrom("boleto_queue").select("id").execute();
    expect(left.map((r) => r.id)).toContain(fresh.id);
    expect(left.map((r) => r.id)).not.toContain(old.id);
    expect((await listAwaitingBoletos(db)).length).toBe(awaiting);
    expect(await removeStaleDrafts(db)).toEqual([]);
  });

  it("lets staff use another slip of a carnê page, read again from the stored file", async () => {
    const { pdf: carne, lines } = await carnePagePdf(
      [
        { dueDate: "2026-12-10", amountCents: cents(98000), freeField: "3381090000004567890012341" },
        { dueDate: "2027-01-10", amountCents: cents(101500), freeField: "3381090000004567890012342" },
      ],
      BANK_LAYOUTS["237"],
    );
    const read = await readBoleto(carne);
    expect(read.notice).toBe("2 boletos nesta página; lido o primeiro");
    const draft = await createBoletoDraft(
      db,
      {
        clientId,
        fileName: "carne.pdf",
        bytes: carne,
        reading: {
          due_date: read.dueDate,
          amount_cents: read.amountCents,
          month_year: read.monthYear,
          digitable_line: read.digitableLine,
          source: read.source,
        },
      },
      actor,
    );
    if (!draft.ok) throw new Error("draft");
    expect(await chooseBoletoSlip(db, draft.id, 1)).toEqual({ ok: true, count: 2 });
    expect(
      await db
        .selectFrom("boleto_queue")
        .select(["due_date", "amount_cents", "month_year", "digitable_line"])
        .where("id", "=", draft.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ due_date: "2027-01-10", amount_cents: cents(101500), month_year: "2027-01", digitable_line: lines[1] });
    // A slip the page does not have, and a boleto no longer a draft, change nothing.
    expect(await chooseBoletoSlip(db, draft.id, 5)).toEqual({ ok: false, reason: "no-slip" });
    await confirmBoleto(
      db,
      draft.id,
      { due_date: "2027-01-10", amount_cents: cents(101500), month_year: "2027-01", update_amount: false },
      actor,
    );
    expect(await chooseBoletoSlip(db, draft.id, 0)).toEqual({ ok: false, reason: "gone" });
  }, 60_000);
});
