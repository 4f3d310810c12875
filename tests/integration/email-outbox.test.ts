import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import { openDatabase } from "#app/db/db.server";
import type { Database } from "#app/db/schema";
import { generateContractBillings } from "#app/models/billing/billing.server";
import { runChargingJob } from "#app/models/billing/jobs.server";
import { setBillingStatus } from "#app/models/billing/payments.server";
import { createClient } from "#app/models/clients/clients.server";
import { MAX_ATTEMPTS, enqueueEmail, sendQueuedEmails } from "#app/models/email/outbox.server";
import { listEmails, resendEmail } from "#app/models/email/outbox-views.server";
import { readOutbox } from "#tests/fixtures/eml";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// The one email outbox (docs/decisions/0051-email-outbox.md): once per dedupe
// key, each email sent once by two senders running at once (two connections
// to the same file, as two processes have), a Reply-To on every message,
// "Reenviar" of a given-up one, and no flood of old notices on a first start.

const root = fs.mkdtempSync(path.join(os.tmpdir(), "it-outbox-"));
const outbox = path.join(root, "outbox");
vi.stubEnv("OUTBOX_DIR", outbox);
vi.stubEnv("UPLOADS_DIR", path.join(root, "uploads"));
vi.stubEnv("SMTP_URL", "");
vi.stubEnv("MAIL_REPLY_TO", "atendimento@lagoaimoveis.com.br");

let temp: Awaited<ReturnType<typeof tempDatabase>>;
let db: Kysely<Database>;

beforeEach(async () => {
  await temp?.cleanup();
  temp = await tempDatabase("it-outbox-");
  db = temp.db;
  fs.rmSync(outbox, { recursive: true, force: true });
});

afterAll(async () => {
  await temp?.cleanup();
  fs.rmSync(root, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

const email = (n: number) => ({
  kind: "owner_statement" as const,
  dedupeKey: `test:${n}`,
  to: `pessoa${n}@teste.com.br`,
  subject: `Assunto ${n}`,
  text: `Texto ${n}`,
});

describe("the outbox", () => {
  it("queues an email once per dedupe key", async () => {
    expect(await enqueueEmail(db, email(1))).toBe(true);
    expect(await enqueueEmail(db, { ...email(1), subject: "Outro" })).toBe(false);
    expect(await db.selectFrom("email_outbox").select("subject").execute()).toEqual([{ subject: "Assunto 1" }]);
  });

  it("sends each email once when two senders run at once", async () => {
    for (let n = 1; n <= 12; n++) await enqueueEmail(db, email(n));
    const other = openDatabase(temp.path);
    try {
      const [a, b] = await Promise.all([
        sendQueuedEmails(db, { sender: "a" }),
        sendQueuedEmails(other, { sender: "b" }),
      ]);
      // Together they sent each email once (without the claim's "still
      // unsent" guard, each sends all of them).
      expect(a.sent + b.sent).toBe(12);
      expect(a.failed + b.failed).toBe(0);
    } finally {
      await other.destroy();
    }
    const mails = readOutbox(outbox);
    expect(mails.map((m) => m.subject).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `Assunto ${i + 1}`).sort());
    expect(await db.selectFrom("email_outbox").select("status").distinct().execute()).toEqual([{ status: "sent" }]);
    expect(await sendQueuedEmails(db)).toEqual({ sent: 0, failed: 0 });
  });

  it("says where replies go on every message", async () => {
    await enqueueEmail(db, email(1));
    await sendQueuedEmails(db);
    const [mail] = readOutbox(outbox);
    expect(mail.headers["reply-to"]).toBe("atendimento@lagoaimoveis.com.br");
  });

  it("resends a given-up email once, audited", async () => {
    await enqueueEmail(db, email(1));
    const { id } = await db
      .updateTable("email_outbox")
      .set({ status: "failed", attempts: MAX_ATTEMPTS, last_error: "ECONNREFUSED" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await sendQueuedEmails(db)).toEqual({ sent: 0, failed: 0 });
    const actor = null; // the system: any staff member in the app
    expect(await resendEmail(db, id, actor)).toBe(true);
    expect(await resendEmail(db, id, actor)).toBe(false); // a second click: nothing more
    expect(await sendQueuedEmails(db)).toEqual({ sent: 1, failed: 0 });
    expect(await resendEmail(db, id, actor)).toBe(false); // sent: nothing to resend
    expect(readOutbox(outbox)).toHaveLength(1);
    const audit = await db.selectFrom("audit_log").select(["action", "entity", "entity_id"]).execute();
    expect(audit).toEqual([{ action: "resend", entity: "email", entity_id: String(id) }]);
  });

  it("gives up at once on an email whose attachment is gone, naming the file", async () => {
    await enqueueEmail(db, {
      ...email(1),
      attachments: [
        { file_key: "sumiu-0000000000000000.pdf", filename: "Termo Aditivo.pdf", content_type: "application/pdf" },
      ],
    });
    await enqueueEmail(db, email(2));
    expect(await sendQueuedEmails(db)).toEqual({ sent: 1, failed: 1 });
    expect(
      await db
        .selectFrom("email_outbox")
        .select(["subject", "status", "attempts", "last_error"])
        .orderBy("id")
        .execute(),
    ).toEqual([
      { subject: "Assunto 1", status: "failed", attempts: 1, last_error: "Anexo não encontrado: Termo Aditivo.pdf" },
      { subject: "Assunto 2", status: "sent", attempts: 0, last_error: null },
    ]);
  });

  it("lists by kind, recipient and status, a page at a time", async () => {
    for (let n = 1; n <= 60; n++) await enqueueEmail(db, email(n));
    await enqueueEmail(db, { ...email(99), kind: "readjustment", to: "rui_%@teste.com.br" });
    const all = await listEmails(db, { kind: null, to: "", status: null, page: 1 });
    expect(all).toMatchObject({ total: 61, page: 1, pages: 2 });
    expect(all.rows).toHaveLength(50);
    expect((await listEmails(db, { kind: null, to: "", status: null, page: 9 })).page).toBe(2);
    expect((await listEmails(db, { kind: "readjustment", to: "", status: null, page: 1 })).total).toBe(1);
    // % and _ are letters of the address, not patterns.
    expect((await listEmails(db, { kind: null, to: "_%", status: null, page: 1 })).total).toBe(1);
    expect((await listEmails(db, { kind: null, to: "pessoa1", status: null, page: 1 })).total).toBe(11); // 1, 10-19
    expect((await listEmails(db, { kind: null, to: "", status: "sent", page: 1 })).total).toBe(0);
  });
});

describe("the first start of a database with years of billings", () => {
  it("emails the last months only, not years of notices", { timeout: 60_000 }, async () => {
    const created = await createClient(
      db,
      {
        name: "Inquilina Antiga",
        email: "antiga@teste.com.br",
        username: "antiga",
        password: "senha-forte-123",
        contract_start_date: "2023-11-01",
        contract_end_date: "2027-10-31",
        payment_due_day: 5,
        monthly_rent: cents(100000),
      },
      null,
    );
    if (!created.ok) throw new Error(created.message);
    expect((await generateContractBillings(db, created.id, null)).ok).toBe(true);
    const billings = await db
      .selectFrom("billing")
      .select(["id", "due_date"])
      .where("client_id", "=", created.id)
      .orderBy("due_date")
      .execute();
    // A year paid on time (a receipt each), the rest of the past left open.
    for (const b of billings.filter((b) => b.due_date >= "2024-11-05" && b.due_date < "2025-11-05"))
      await setBillingStatus(db, b.id, "paid", null, {
        agency: { ...defaultAgency, cnpj: null },
        today: b.due_date,
      });
    const settings = { issueDays: 20, pix: null, cnpj: null };
    const counts = await runChargingJob(db, { today: "2026-10-20", now: new Date("2026-10-20T15:00:00Z"), settings });
    // Open and overdue since 2025-11: only the three due within 90 days
    // (August, September, October of 2026) and November's issue; no receipt
    // (the payments are over 90 days old).
    expect(counts.notices).toEqual({ queued: 4, sent: 4, failed: 0 });
    expect(
      readOutbox(outbox)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      "Cobrança disponível: aluguel de novembro de 2026",
      "Cobrança em atraso: aluguel de agosto de 2026",
      "Cobrança em atraso: aluguel de outubro de 2026",
      "Cobrança em atraso: aluguel de setembro de 2026",
    ]);
  });
});
