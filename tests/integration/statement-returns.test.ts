import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { billingTxid } from "#app/models/billing/pix";
import { registerPayment } from "#app/models/billing/payments.server";
import { confirmStatementImport } from "#app/models/reconciliation/confirm.server";
import { importStatement } from "#app/models/reconciliation/imports.server";
import { targetValue } from "#app/models/reconciliation/return-target";
import { statementConfirmSchema } from "#app/models/reconciliation/review.schema";
import { getStatementReview } from "#app/models/reconciliation/review.server";
import { closeStatementThread } from "#app/models/reconciliation/statement-pool.server";
import { checkProjection } from "#app/models/ledger/check.server";
import { tenantCreditLeft } from "#app/models/ledger/ledger.server";
import { buildOfx, type OfxLine } from "#tests/fixtures/statements/build";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { tenantFactory } from "#tests/fixtures/tenants";

// Returns and second credits in a statement (issue 35; docs/decisions/0037-reconciliation.md):
// a "DEVOLUCAO PIX" debit reverses the payment it gives back, whether that
// payment came in the same statement or an earlier one; a tenant who paid
// twice gets the second payment as credit, with a warning on the page.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-returns-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 1, name: "Equipe" };
const TODAY = "2026-11-20";
const ISSUE_DAYS = 20;
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: TODAY };

const { newClient, bill } = tenantFactory(() => db, "d");

let file = 0;
async function imported(lines: OfxLine[]) {
  file += 1;
  const outcome = await importStatement(db, {
    fileName: `extrato-${file}.ofx`,
    bytes: buildOfx({ bankId: "001", acctId: `DEV-${file}`, lines }),
    actor,
    issueDays: ISSUE_DAYS,
    today: TODAY,
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.id;
}

const review = (id: number) =>
  getStatementReview(db, id, { issueDays: ISSUE_DAYS, today: TODAY, size: 100 }).then((r) => r!);

// The page's form as the browser posts it with its defaults (review-form.tsx):
// the matches' boxes and proposals, the second credits' boxes, the returns
// checked when exact; `more` adds or overrides fields.
async function pagePost(id: number, more: Record<string, unknown> = {}) {
  const page = await review(id);
  const form: Record<string, unknown> = { escopo: "pagina", linha: page.lines.map((l) => String(l.id)) };
  const matched = page.lines.filter((l) => l.match_kind === "exact" || l.match_kind === "probable");
  form.accept = matched.filter((l) => l.match_kind === "exact").map((l) => String(l.id));
  for (const l of matched) form[`proposta-${l.id}`] = String(l.billing_id);
  const seconds = page.lines.filter((l) => l.second !== null);
  form.creditar = seconds.map((l) => String(l.id));
  for (const l of seconds) form[`credito-${l.id}`] = String(l.billing_id);
  form.devolver = page.returns.filter((r) => r.match?.exact).map((r) => String(r.lineId));
  for (const r of page.returns) if (r.match) form[`devolucao-${r.lineId}`] = targetValue(r.match.target);
  const parsed = statementConfirmSchema.safeParse({ ...form, ...more });
  if (!parsed.success) throw new Error("form");
  return parsed.data;
}

const billingRow = (id: number) =>
  db
    .selectFrom("billing")
    .select(["status", "open_cents", "amount_paid_cents"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const receiptsOf = (billingId: number) =>
  db
    .selectFrom("billing_receipts")
    .select(["id", "voided_at", "void_reason"])
    .where("billing_id", "=", billingId)
    .orderBy("id")
    .execute();

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-returns-db-"));
  await newClient("Equipe Usuaria");
});

afterAll(async () => {
  await closeStatementThread();
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("a return debit", () => {
  it("in the same statement as the Pix it returns: the billing is paid, then open again, its receipt cancelled", async () => {
    const ana = await newClient("Ana Devolvida Prado");
    const b = await bill(ana, "2026-11-10", 178_050);
    const id = await imported([
      { fitid: "A1", date: "2026-11-09", amountCents: 178_050, memo: `PIX RECEBIDO ${billingTxid(b)}` },
      { fitid: "A2", date: "2026-11-12", amountCents: -178_050, memo: `DEVOLUCAO PIX ${billingTxid(b)}` },
      // The agency's own transfer of the same amount is not a return.
      { fitid: "A3", date: "2026-11-12", amountCents: -178_050, memo: "TED PARA PROPRIETARIO" },
    ]);
    const page = await review(id);
    expect(page.returns).toHaveLength(1);
    expect(page.returns[0]).toMatchObject({
      amountCents: 178_050,
      match: { reason: "txid", exact: true, clientName: "Ana Devolvida Prado", months: ["2026-11"] },
    });
    expect(page.returns[0]!.match!.target.kind).toBe("line");

    const outcome = await confirmStatementImport(db, id, await pagePost(id), actor, issuer);
    expect(outcome).toMatchObject({ ok: true, settled: 1, returned: 1 });
    // Due the 10th, today the 20th: late again, nothing paid into it.
    expect(await billingRow(b)).toMatchObject({ status: "overdue", open_cents: 178_050, amount_paid_cents: null });
    const receipts = await receiptsOf(b);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.voided_at).not.toBeNull();
    expect(receipts[0]!.void_reason).toContain("Devolução no extrato em 12/11/2026");
    const lines = await db
      .selectFrom("statement_lines")
      .select(["memo", "settled_at"])
      .where("import_id", "=", id)
      .orderBy("position")
      .execute();
    expect(lines.map((l) => l.settled_at !== null)).toEqual([true, true, false]);
    expect(await checkProjection(db)).toEqual([]);
  });

  it("of a payment settled by an earlier statement, found by the Pix end-to-end id or only offered by payer", async () => {
    const bia = await newClient("Beatriz Retorno Lima", "529.982.247-25");
    const b1 = await bill(bia, "2026-11-05", 90_000);
    const caio = await newClient("Caio Pagador Nunes");
    const b2 = await bill(caio, "2026-11-06", 61_000);
    const e2e = "E00000000202611041200abcdeFGHIJ1";
    const first = await imported([
      { fitid: "B1", date: "2026-11-04", amountCents: 90_000, memo: `PIX ${billingTxid(b1)} ${e2e}` },
      { fitid: "B2", date: "2026-11-05", amountCents: 61_000, memo: `PIX ${billingTxid(b2)}` },
    ]);
    expect(await confirmStatementImport(db, first, await pagePost(first), actor, issuer)).toMatchObject({
      ok: true,
      settled: 2,
    });
    const receipt = (await receiptsOf(b1))[0]!.id;
    const second = await imported([
      { fitid: "C1", date: "2026-11-14", amountCents: -90_000, memo: `DEVOLUCAO PIX ${e2e.toLowerCase()}` },
      { fitid: "C2", date: "2026-11-14", amountCents: -61_000, memo: "DEV PIX CAIO PAGADOR NUNES" },
      { fitid: "C3", date: "2026-11-14", amountCents: -12_345, memo: "ESTORNO PIX DESCONHECIDO" },
    ]);
    const page = await review(second);
    expect(page.returns.map((r) => r.match && { reason: r.match.reason, exact: r.match.exact })).toEqual([
      { reason: "e2e", exact: true },
      { reason: "payer", exact: false },
      null,
    ]);
    expect(page.returns[0]!.match).toMatchObject({ receipts: [receipt], clientName: "Beatriz Retorno Lima" });

    // Confirmed as the page proposes: the e2e return only.
    expect(await confirmStatementImport(db, second, await pagePost(second), actor, issuer)).toMatchObject({
      ok: true,
      returned: 1,
    });
    expect(await billingRow(b1)).toMatchObject({ status: "overdue", open_cents: 90_000 });
    expect((await receiptsOf(b1))[0]!.voided_at).not.toBeNull();
    expect(await billingRow(b2)).toMatchObject({ status: "paid" });
  });

  it("refused, with nothing written, when the page's credit is no longer what it returns", async () => {
    const dora = await newClient("Dora Mudada Reis");
    const b = await bill(dora, "2026-11-10", 50_000);
    const id = await imported([
      { fitid: "D1", date: "2026-11-08", amountCents: 50_000, memo: `PIX ${billingTxid(b)}` },
      { fitid: "D2", date: "2026-11-12", amountCents: -50_000, memo: `DEVOLUCAO ${billingTxid(b)}` },
    ]);
    const page = await review(id);
    const debit = page.returns[0]!.lineId;
    const stale = await confirmStatementImport(
      db,
      id,
      await pagePost(id, { [`devolucao-${debit}`]: "c999999" }),
      actor,
      issuer,
    );
    expect(stale).toMatchObject({ ok: false, reason: "invalid" });
    if (!stale.ok && stale.reason === "invalid")
      expect(stale.errors).toEqual([
        "A devolução de 12/11/2026 (R$ 500,00) não devolve mais o crédito mostrado: reveja a página.",
      ]);
    // The credit it returns left unchecked: refused too.
    const unsettled = await confirmStatementImport(db, id, await pagePost(id, { accept: [] }), actor, issuer);
    expect(unsettled).toMatchObject({ ok: false, reason: "invalid" });
    expect(await billingRow(b)).toMatchObject({ status: "pending", open_cents: 50_000 });
    expect(
      await db
        .selectFrom("ledger_entries")
        .select("id")
        .where("client_id", "=", dora)
        .where("kind", "=", "credit")
        .execute(),
    ).toEqual([]);
  });
});

describe("a second credit for a paid billing", () => {
  it("is the tenant's credit, with a warning, whether paid by hand before or by another line of the statement", async () => {
    const eva = await newClient("Eva Dobrada Costa");
    const b = await bill(eva, "2026-11-10", 120_000);
    await registerPayment(db, b, { payment_date: "2026-11-08", amount_paid: null }, actor, issuer);
    const fabio = await newClient("Fabio Duas Vezes");
    const f = await bill(fabio, "2026-11-10", 80_000);
    const id = await imported([
      { fitid: "E1", date: "2026-11-09", amountCents: 120_000, memo: `PIX ${billingTxid(b)}` },
      { fitid: "F1", date: "2026-11-09", amountCents: 80_000, memo: `PIX ${billingTxid(f)}` },
      { fitid: "F2", date: "2026-11-09", amountCents: 80_000, memo: `BOLETO PAGO ${billingTxid(f)}` },
    ]);
    const page = await review(id);
    const seconds = page.lines.filter((l) => l.second !== null);
    expect(seconds.map((l) => [l.billing_id, l.second!.paid])).toEqual([
      [b, true],
      [f, false],
    ]);
    const receiptsBefore = (await receiptsOf(b)).length;
    const outcome = await confirmStatementImport(db, id, await pagePost(id), actor, issuer);
    expect(outcome).toMatchObject({ ok: true, settled: 1, credited: 2 });
    expect(await tenantCreditLeft(db, eva)).toBe(120_000);
    expect(await tenantCreditLeft(db, fabio)).toBe(80_000);
    expect(await billingRow(f)).toMatchObject({ status: "paid", amount_paid_cents: 80_000 });
    // No receipt for money that paid nothing yet.
    expect(await receiptsOf(b)).toHaveLength(receiptsBefore);
    expect(await receiptsOf(f)).toHaveLength(1);
    // The next billing uses it (the ledger's rule).
    expect(await checkProjection(db)).toEqual([]);
  });
});
