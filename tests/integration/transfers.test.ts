import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createUser } from "#app/models/accounts/users.server";
import { createBilling } from "#app/models/billing/billing.server";
import { registerPayment } from "#app/models/billing/payments.server";
import { createClient } from "#app/models/clients/clients.server";
import { privateFilePath } from "#app/models/files/private-store.server";
import { sendQueuedEmails } from "#app/models/email/outbox.server";
import { prepareIncomeReportEmails, queueIncomeReports } from "#app/models/owners/income-report-email.server";
import { incomeYear } from "#app/models/owners/income-reports.server";
import { ownerIncome, tenantIncome } from "#app/models/owners/income-report.server";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner } from "#app/models/owners/owners.server";
import { drawStatementPdfs, markTransferDone } from "#app/models/owners/mark-transfer.server";
import { queueOwnerStatementEmails } from "#app/models/owners/owner-statement-email.server";
import { PDF_PENDING } from "#app/models/owners/statement-pdf-pending";
import { findOwnerStatementFile } from "#app/models/files/access.server";
import { monthTransfers, ownerStatement } from "#app/models/owners/transfers.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// Transfers to owners (issue 22, decision 0040): a month's statement from the
// rents received, the first-rent fee on a contract's first billing, the
// transfer made final once (numbered, PDF, payments tied to it), a payment
// recorded late going into the next statement, a transferred payment that no
// longer changes, and the owner's email sent once with the PDF.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-transfers-"));
const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "it-transfers-outbox-"));
vi.stubEnv("UPLOADS_DIR", uploads);
vi.stubEnv("OUTBOX_DIR", outbox);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 0, name: "Ana Staff" };
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: "2026-11-10" };
let owner: number;
let tenantA: number;
let tenantB: number;

async function tenant(name: string, values: Record<string, unknown>) {
  const created = await createClient(
    db,
    {
      name,
      email: `${name.toLowerCase().replace(/\W/g, "")}@teste.com`,
      username: name.toLowerCase().replace(/\W/g, ""),
      password: "senha1234",
      payment_due_day: 5,
      // Rents here are paid late on purpose and in full: no multa nor juros,
      // so each payment settles its billing (the ledger's arithmetic of late
      // payments is tests/integration/ledger.test.ts's).
      late_fee_percent: 0,
      monthly_interest_percent: 0,
      owner_id: owner,
      ...values,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

async function paid(clientId: number, month: string, amount: number, paymentDate: string, amountPaid = amount) {
  const b = await createBilling(
    db,
    { client_id: clientId, month_year: month, amount_cents: cents(amount), due_date: `${month}-05` },
    actor,
  );
  if (!b.ok) throw new Error("billing");
  const p = await registerPayment(db, b.id, { payment_date: paymentDate, amount_paid: cents(amountPaid) }, actor, {
    agency: { ...defaultAgency, cnpj: null },
    today: "2026-11-10",
  });
  if (!p.ok) throw new Error("payment");
  return b.id;
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-transfers-"));
  actor.id = await createUser(
    db,
    { username: "ana", email: "ana@agencia.com", name: "Ana Staff", password: "senha1234", role: "admin" },
    null,
  );
  owner = await createOwner(
    db,
    ownerSchema.parse({ name: "Helena Duarte", cpf_cnpj: "153.509.460-56", email: "helena@exemplo.com" }),
    null,
  );
  // A: 10% administration; B: 8%, its first rent kept whole by the agency.
  tenantA = await tenant("Carlos Prado", { admin_fee_percent: 1000 }); // basis points, as the form gives them
  tenantB = await tenant("Marina Souza", { admin_fee_percent: 800 });
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
  fs.rmSync(outbox, { recursive: true, force: true });
});

describe("an owner's month", () => {
  let octA: number;
  it("lists each rent received in the month with its fee; the transfer is received minus fees", async () => {
    await paid(tenantA, "2026-09", 150000, "2026-09-05"); // A's first rent, in September
    octA = await paid(tenantA, "2026-10", 150000, "2026-10-05");
    await paid(tenantB, "2026-10", 200000, "2026-10-07"); // B's first rent
    const oct = await ownerStatement(db, owner, "2026-10");
    expect(oct?.final).toBeNull();
    expect(
      oct?.lines.map((l) => [l.tenantName, l.receivedCents, l.adminFeeCents, l.firstRentFeeCents, l.netCents]),
    ).toEqual([
      ["Carlos Prado", 150000, 15000, 0, 135000],
      ["Marina Souza", 200000, 0, 200000, 0],
    ]);
    expect(oct?.statement.netCents).toBe(135000);
    const month = await monthTransfers(db, "2026-10");
    expect(month.pending.rows).toEqual([
      expect.objectContaining({ ownerName: "Helena Duarte", rents: 2, grossCents: 350000, netCents: 135000 }),
    ]);
    expect(month).toMatchObject({ pendingOwners: 1, pendingTotalCents: 135000 });
    expect(month.done.rows).toEqual([]);
  });

  it("refuses a transfer whose amount changed since the page was read, or dated in the future", async () => {
    const values = { transferredOn: "2026-11-05", expectedNetCents: 999 };
    expect(await markTransferDone(db, owner, "2026-10", values, actor, issuer.today)).toEqual({
      ok: false,
      reason: "changed",
    });
    expect(
      await markTransferDone(
        db,
        owner,
        "2026-10",
        { transferredOn: "2026-11-11", expectedNetCents: 135000 },
        actor,
        issuer.today,
      ),
    ).toEqual({ ok: false, reason: "date" });
    expect(await db.selectFrom("owner_statements").selectAll().execute()).toEqual([]);
  });

  it("makes the statement final once: numbered, the payments tied to it, its PDF drawn after (once)", async () => {
    const done = await markTransferDone(
      db,
      owner,
      "2026-10",
      { transferredOn: "2026-11-05", expectedNetCents: 135000 },
      actor,
      issuer.today,
    );
    expect(done).toEqual({ ok: true, number: 1, netCents: 135000, ownerName: "Helena Duarte" });
    const statement = () => db.selectFrom("owner_statements").selectAll().executeTakeFirstOrThrow();
    expect(await statement()).toMatchObject({ id: 1, month: "2026-10", net_cents: 135000, file_key: "pending:1" });
    // Until drawn, no email: the owner's copy leaves with its PDF.
    expect(await db.selectFrom("email_outbox").select("id").execute()).toEqual([]);
    expect(await drawStatementPdfs(db)).toEqual({ drawn: 1 });
    expect(await drawStatementPdfs(db)).toEqual({ drawn: 0 });
    const row = await statement();
    expect(row).toMatchObject({ id: 1, month: "2026-10", gross_cents: 350000, net_cents: 135000 });
    const pdf = fs.readFileSync(privateFilePath(row.file_key));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(row.size).toBe(pdf.byteLength);
    expect(await db.selectFrom("email_outbox").select(["dedupe_key", "attachments"]).executeTakeFirstOrThrow()).toEqual(
      {
        dedupe_key: "owner-statement:1",
        attachments: JSON.stringify([
          { file_key: row.file_key, filename: "Extrato do Proprietário nº 1.pdf", content_type: "application/pdf" },
        ]),
      },
    );
    const tied = await db.selectFrom("billing").select("id").where("owner_statement_id", "=", 1).execute();
    expect(tied).toHaveLength(2);
    expect(
      await markTransferDone(
        db,
        owner,
        "2026-10",
        { transferredOn: "2026-11-05", expectedNetCents: 135000 },
        actor,
        issuer.today,
      ),
    ).toEqual({ ok: false, reason: "done" });
    expect((await monthTransfers(db, "2026-10")).pending.rows).toEqual([]);
    expect((await ownerStatement(db, owner, "2026-10"))?.final?.id).toBe(1);
  });

  // Its estorno is tests/integration/owner-entries.test.ts's: a debit on the
  // owner's next statement.
  it("takes no second payment into a transferred billing", async () => {
    const corrected = await registerPayment(db, octA, { payment_date: "2026-10-06", amount_paid: cents(100) }, actor, {
      agency: { ...defaultAgency, cnpj: null },
      today: "2026-11-10",
    });
    expect(corrected).toEqual({ ok: false, reason: "transferred", statementId: 1 });
    expect(
      await db.selectFrom("billing").select(["status", "amount_paid_cents"]).where("id", "=", octA).executeTakeFirst(),
    ).toEqual({
      status: "paid",
      amount_paid_cents: 150000,
    });
  });

  it("puts a payment recorded late for October into November's statement", async () => {
    await paid(tenantB, "2026-09", 200000, "2026-10-30"); // recorded after the transfer, paid in October
    await paid(tenantB, "2026-11", 200000, "2026-11-06");
    const nov = await ownerStatement(db, owner, "2026-11");
    expect(nov?.lines.map((l) => [l.paymentDate, l.paymentMonth, l.adminFeeCents])).toEqual([
      ["2026-10-30", "2026-10", 16000],
      ["2026-11-06", "2026-11", 16000],
    ]);
    expect((await ownerStatement(db, owner, "2026-10"))?.lines).toHaveLength(2); // October's stays as it was
  });

  it("emails the owner once, with the PDF attached", async () => {
    expect(await sendQueuedEmails(db, { kinds: ["owner_statement"] })).toEqual({ sent: 1, failed: 0 });
    expect(await sendQueuedEmails(db, { kinds: ["owner_statement"] })).toEqual({ sent: 0, failed: 0 });
    const mails = fs.readdirSync(outbox);
    expect(mails).toHaveLength(1);
    const mail = fs.readFileSync(path.join(outbox, mails[0]), "utf8");
    expect(mail).toContain("helena@exemplo.com");
    expect(mail).toContain("application/pdf");
    expect(mail).toContain("JVBERi0"); // "%PDF-" in base64: the statement itself is attached
    const row = await db
      .selectFrom("email_outbox")
      .select("sent_at")
      .where("kind", "=", "owner_statement")
      .executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
  });
});

describe("the informes de rendimentos of the year", () => {
  it("gives the owner's months by payment date, with the fees the statements charged", async () => {
    const r = await ownerIncome(db, owner, 2026);
    const months = r!.months.filter((m) => m.grossCents > 0).map((m) => [m.month, m.grossCents, m.feesCents]);
    expect(months).toEqual([
      // Carlos's September (not transferred: 10% now, his first rent being behind the October transfer).
      ["2026-09", 150000, 15000],
      // October as its statement froze it (Marina's first rent kept whole), plus Marina's late payment (8%).
      ["2026-10", 550000, 15000 + 200000 + 16000],
      ["2026-11", 200000, 16000],
    ]);
    // Only October was transferred (statement nº 1: Carlos 1.350,00, Marina 0); the rest is to transfer.
    expect(r!.totals).toEqual({
      grossCents: 900000,
      // A person tenant withholds nothing (decision 0074).
      withheldCents: 0,
      feesCents: 262000,
      netCents: 638000,
      transferredCents: 135000,
      pendingCents: 503000,
    });
  });

  it("gives the tenant's rents paid month by month, and lists everyone of the year", async () => {
    const r = await tenantIncome(db, tenantB, 2026);
    expect(r!.months.filter((m) => m.paidCents > 0)).toEqual([
      { month: "2026-10", paidCents: 400000, withheldCents: 0 },
      { month: "2026-11", paidCents: 200000, withheldCents: 0 },
    ]);
    expect(r!.client.owners.map((o) => [o.name, o.share_bp])).toEqual([["Helena Duarte", 10000]]);
    const year = await incomeYear(db, 2026);
    expect(year.owners.map((o) => [o.name, o.grossCents, o.netCents])).toEqual([["Helena Duarte", 900000, 638000]]);
    expect(year.tenants.map((t) => [t.name, t.paidCents])).toEqual([
      ["Carlos Prado", 300000],
      ["Marina Souza", 600000],
    ]);
    expect(await incomeYear(db, 2025)).toEqual({ owners: [], tenants: [] });
  });

  it("queues each person once and emails each informe once, with its PDF", async () => {
    expect(await queueIncomeReports(db, 2026, actor)).toEqual({ queued: 3, withoutEmail: 0 });
    expect(await queueIncomeReports(db, 2026, actor)).toEqual({ queued: 0, withoutEmail: 0 });
    expect(await prepareIncomeReportEmails(db)).toEqual({ queued: 3 });
    expect(await prepareIncomeReportEmails(db)).toEqual({ queued: 0 });
    expect(await sendQueuedEmails(db)).toEqual({ sent: 3, failed: 0 });
    expect(await sendQueuedEmails(db)).toEqual({ sent: 0, failed: 0 });
    const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), "utf8"));
    expect(mails).toHaveLength(4); // the statement's and the three informes
    // Helena: the October statement and her informe; each tenant: their informe.
    for (const [to, n] of [
      ["helena@exemplo.com", 2],
      ["carlosprado@teste.com", 1],
      ["marinasouza@teste.com", 1],
    ] as const)
      expect(mails.filter((m) => m.includes(to) && m.includes("JVBERi0"))).toHaveLength(n);
  });
});

describe("a late payment of a month never transferred", () => {
  it("keeps a payment received in a month never transferred in that month's statement", async () => {
    // August was never made final: a payment received then and recorded now
    // stays in August, even though October (before November) is final.
    const aug = await paid(tenantA, "2026-08", 150000, "2026-08-20");
    expect((await ownerStatement(db, owner, "2026-08"))?.lines.map((l) => l.billingId)).toContain(aug);
    expect((await ownerStatement(db, owner, "2026-11"))?.lines.map((l) => l.billingId)).not.toContain(aug);
    const { pending } = await monthTransfers(db, "2026-11");
    expect(pending.rows.map((p) => [p.ownerName, p.rents])).toEqual([["Helena Duarte", 2]]);
  });
});

describe("a late payment after several final months", () => {
  it("moves through the run of final months to the first one not final, never past a month not final", async () => {
    const rui = await createOwner(db, ownerSchema.parse({ name: "Rui Lopes", cpf_cnpj: "529.982.247-25" }), null);
    owner = rui;
    const tenantC = await tenant("Paulo Reis", { admin_fee_percent: 1000, first_rent_fee_percent: 0 });
    await paid(tenantC, "2026-07", 100000, "2026-07-05"); // July: never made final
    for (const month of ["2026-08", "2026-09", "2026-10"]) {
      await paid(tenantC, month, 100000, `${month}-05`);
      const net = (await ownerStatement(db, rui, month))!.statement.netCents;
      const done = await markTransferDone(
        db,
        rui,
        month,
        { transferredOn: "2026-11-05", expectedNetCents: net },
        actor,
        issuer.today,
      );
      expect(done.ok).toBe(true);
    }
    // November's Repasses read (and kept until the next write) before the
    // late payments are recorded.
    const before = await monthTransfers(db, "2026-11", { search: "rui", page: 1, donePage: 1 });
    expect(before.pending.rows).toEqual([]);
    // Received in August (August, September and October final): November's.
    const aug = await paid(tenantC, "2026-06", 100000, "2026-08-25");
    // Received in July (not final): July's, even though August-October are final.
    const jul = await paid(tenantC, "2026-05", 100000, "2026-07-25");
    const nov = await ownerStatement(db, rui, "2026-11");
    expect(nov?.lines.map((l) => [l.billingId, l.paymentMonth])).toEqual([[aug, "2026-08"]]);
    expect((await ownerStatement(db, rui, "2026-07"))?.lines.map((l) => l.billingId)).toContain(jul);
    const after = await monthTransfers(db, "2026-11", { search: "rui", page: 1, donePage: 1 });
    expect(after.pending.rows.map((p) => [p.ownerName, p.rents, p.netCents])).toEqual([["Rui Lopes", 1, 90000]]);
    expect((await monthTransfers(db, "2026-11")).pending.rows.map((p) => [p.ownerName, p.rents])).toEqual([
      ["Helena Duarte", 2],
      ["Rui Lopes", 1],
    ]);
  });

  it("draws a statement's PDF when it is asked for before the drawer ran, for staff only", async () => {
    const pending = await db
      .selectFrom("owner_statements")
      .select(["id", "file_key"])
      .where(PDF_PENDING)
      .orderBy("id")
      .execute();
    expect(pending.map((r) => r.file_key)).toEqual(pending.map((r) => `pending:${r.id}`));
    expect(pending).toHaveLength(3); // Rui's August to October
    // The drawer's query (a batch after an id) reads the partial index, not every statement.
    const plan = await sql<{
      detail: string;
    }>`explain query plan select id from owner_statements where ${PDF_PENDING} and id > 0 order by id limit 100`.execute(
      db,
    );
    expect(plan.rows.map((r) => r.detail).join()).toContain("owner_statements_pdf_pending");
    // No email for an undrawn statement from the hourly sweep: the drawer sends it.
    expect(await queueOwnerStatementEmails(db)).toEqual({ queued: 0 });
    const [first] = pending;
    expect(await findOwnerStatementFile(db, first.id, { kind: "client", clientId: 1 })).toBeNull();
    const file = await findOwnerStatementFile(db, first.id, { kind: "staff" });
    expect(file).toEqual({
      file_key: expect.stringMatching(/^[A-Za-z0-9_-]{32}\.pdf$/),
      file_name: `Extrato do Proprietário nº ${first.id}.pdf`,
      mime_type: "application/pdf",
    });
    expect(fs.readFileSync(privateFilePath(file!.file_key)).subarray(0, 5).toString()).toBe("%PDF-");
    // Asked again, the same file; the drawer then draws only the other two.
    expect(await findOwnerStatementFile(db, first.id, { kind: "staff" })).toEqual(file);
    expect(await drawStatementPdfs(db)).toEqual({ drawn: 2 });
  });
});
