import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createBilling } from "#app/models/billing/billing.server";
import { billingTxid } from "#app/models/billing/pix";
import { registerPayment } from "#app/models/billing/payments.server";
import { createClient } from "#app/models/clients/clients.server";
import { confirmStatementImport } from "#app/models/reconciliation/confirm.server";
import { importStatement } from "#app/models/reconciliation/imports.server";
import { matchHorizon, openBillingsToMatch } from "#app/models/reconciliation/open-billings.server";
import { parseReviewQuery, reviewHref } from "#app/models/reconciliation/review-query";
import { statementConfirmSchema } from "#app/models/reconciliation/review.schema";
import {
  ASSIGN_OPTIONS,
  closestInAmount,
  closestOpenBillings,
  getStatementReview,
} from "#app/models/reconciliation/review.server";
import { closeStatementThread } from "#app/models/reconciliation/statement-pool.server";
import { cents } from "#app/models/shared/money";
import { buildOfx } from "#tests/fixtures/statements/build";
import { confirmedWith } from "#tests/fixtures/statements/confirmed";
import { tempDatabase } from "#tests/fixtures/temp-db";

// The review of an import as a list (issue 34): one page of its credits,
// filtered by state, a summary of the whole statement on top, and Confirmar
// still acting on the whole statement from any page.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-review-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 1, name: "Equipe" };
const TODAY = "2026-11-20";
const ISSUE_DAYS = 20;
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: TODAY };

let seq = 0;
async function billFor(name: string, amount: number, due = "2026-11-22") {
  seq += 1;
  const client = await createClient(
    db,
    { name, email: `r${seq}@teste.com`, username: `r${seq}`, password: "senha1234", payment_due_day: 10, cpf_cnpj: "" },
    null,
  );
  if (!client.ok) throw new Error("client");
  const billing = await createBilling(
    db,
    { client_id: client.id, month_year: due.slice(0, 7), amount_cents: cents(amount), due_date: due },
    null,
  );
  if (!billing.ok) throw new Error("billing");
  return billing.id;
}

const review = (id: number, more: { state?: Parameters<typeof parseReviewQuery>[0] | null; page?: number }) =>
  getStatementReview(db, id, {
    issueDays: ISSUE_DAYS,
    today: TODAY,
    size: 2,
    page: more.page,
    state: more.state ? parseReviewQuery(more.state).state : null,
  }).then((r) => r!);
const params = (s: string) => new URLSearchParams(s);

let importId: number;
let exactBills: number[];

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-review-db-"));
  exactBills = [await billFor("Ana Exata Um", 100_000), await billFor("Bia Exata Dois", 110_000)];
  await billFor("Caio Provavel Tres", 120_000);
  await billFor("Dora Aberta Quatro", 130_000);
  // Seven lines: exact, none, probable, none, exact, a debit, none (in file order).
  const outcome = await importStatement(db, {
    fileName: "extrato.ofx",
    bytes: buildOfx({
      bankId: "001",
      acctId: "REV-1",
      lines: [
        { fitid: "R1", date: "2026-11-19", amountCents: 100_000, memo: `PIX ${billingTxid(exactBills[0]!)}` },
        { fitid: "R2", date: "2026-11-19", amountCents: 5_000, memo: "TED ESTRANHO A" },
        { fitid: "R3", date: "2026-11-19", amountCents: 120_000, memo: "PIX RECEBIDO - CAIO PROVAVEL TRES" },
        { fitid: "R4", date: "2026-11-19", amountCents: 7_000, memo: "TED ESTRANHO B" },
        { fitid: "R5", date: "2026-11-19", amountCents: 110_000, memo: `PIX ${billingTxid(exactBills[1]!)}` },
        { fitid: "R6", date: "2026-11-19", amountCents: -3_000, memo: "TARIFA" },
        { fitid: "R7", date: "2026-11-19", amountCents: 129_000, memo: "TED ESTRANHO C" },
      ],
    }),
    actor,
    issueDays: ISSUE_DAYS,
    today: TODAY,
  });
  if (!outcome.ok) throw new Error(outcome.message);
  expect(outcome).toMatchObject({ lines: 7, credits: 6, exact: 2, probable: 1, already: 0 });
  importId = outcome.id;
  // The import's checkpoint ran in the statement thread; SQLite's automatic
  // one is back on this connection afterwards.
  expect((await sql`pragma wal_autocheckpoint`.execute(db)).rows).toEqual([{ wal_autocheckpoint: 1000 }]);
});

afterAll(async () => {
  await closeStatementThread();
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("the review of an import, page by page", () => {
  it("pages the credits in file order, clamps a page past the end, and leaves debits out", async () => {
    const first = await review(importId, { page: 1 });
    expect(first).toMatchObject({ total: 6, page: 1, pages: 3 });
    expect(first.lines.map((l) => l.memo)).toEqual([expect.stringContaining("PIX"), "TED ESTRANHO A"]);
    const last = await review(importId, { page: 3 });
    expect(last.lines.map((l) => l.memo)).toEqual([expect.stringContaining("PIX"), "TED ESTRANHO C"]);
    // Page 9 of 3 is page 3; page 0 is page 1.
    expect(await review(importId, { page: 9 })).toMatchObject({ page: 3, lines: last.lines });
    expect(await review(importId, { page: 0 })).toMatchObject({ page: 1, lines: first.lines });
    const all = await getStatementReview(db, importId, { issueDays: ISSUE_DAYS, today: TODAY });
    expect(all!.lines.map((l) => l.memo)).not.toContain("TARIFA");
    expect(all).toMatchObject({ total: 6, pages: 1 });
  });

  it("filters by state from the URL, an unknown state or page being the whole list's first page", async () => {
    const none = await review(importId, { state: params("situacao=sem-correspondencia") });
    expect(none).toMatchObject({ state: "none", total: 3, pages: 2 });
    expect(none.lines.map((l) => l.memo)).toEqual(["TED ESTRANHO A", "TED ESTRANHO B"]);
    expect((await review(importId, { state: params("situacao=sem-correspondencia"), page: 2 })).lines).toHaveLength(1);
    const exact = await review(importId, { state: params("situacao=exata") });
    expect(exact.lines.map((l) => l.billing_id)).toEqual(exactBills);
    expect(await review(importId, { state: params("situacao=baixado") })).toMatchObject({
      total: 0,
      page: 1,
      pages: 1,
      lines: [],
    });
    expect(parseReviewQuery(params("situacao=DROP&pagina=-3"))).toEqual({ state: null, page: 1 });
    expect(parseReviewQuery(params("situacao=provavel&pagina=99999999"))).toEqual({ state: "probable", page: 1 });
    expect(reviewHref(7, "probable", 2)).toBe("/admin/extratos/7?situacao=provavel&pagina=2");
    expect(reviewHref(7, null, 1)).toBe("/admin/extratos/7");
  });

  it("sums the whole statement by state on every page", async () => {
    const { summary } = await review(importId, { state: params("situacao=exata"), page: 1 });
    expect(summary).toEqual({
      credits: {
        exact: { count: 2, totalCents: 210_000 },
        probable: { count: 1, totalCents: 120_000 },
        none: { count: 3, totalCents: 141_000 },
        already: { count: 0, totalCents: 0 },
        settled: { count: 0, totalCents: 0 },
      },
      debits: { count: 1, totalCents: -3_000 },
      info: { count: 0, totalCents: 0 },
    });
  });

  it("offers an unmatched credit the open billings closest to its amount, at most ASSIGN_OPTIONS", async () => {
    const last = await review(importId, { state: params("situacao=sem-correspondencia"), page: 2 });
    const [credit] = last.lines;
    // R$ 1.290,00: Dora's R$ 1.300,00 first, then Caio's R$ 1.200,00.
    expect(credit!.candidates.slice(0, 2).map((id) => last.options.find((o) => o.id === id)?.client_name)).toEqual([
      "Dora Aberta Quatro",
      "Caio Provavel Tres",
    ]);
    const sorted = Array.from({ length: 100 }, (_, i) => ({ id: i, amount_cents: i * 10 }));
    expect(closestInAmount(sorted, 505, ASSIGN_OPTIONS)).toHaveLength(ASSIGN_OPTIONS);
    expect(closestInAmount(sorted, 505, 3)).toEqual([50, 51, 49]);
    expect(closestInAmount(sorted, -1, 2)).toEqual([0, 1]);
    expect(closestInAmount(sorted, 99_999, 2)).toEqual([99, 98]);
  });

  it("keeps a page until the next write: a billing created meanwhile is offered on the next view", async () => {
    const query = { state: params("situacao=sem-correspondencia"), page: 2 };
    const first = await review(importId, query);
    // Kept: the same page, not read again.
    expect(await review(importId, query)).toBe(first);
    // R$ 1.290,00 exactly, for the R$ 1.290,00 credit: now its closest.
    const exact = await billFor("Ivo Novo Cinco", 129_000);
    const next = await review(importId, query);
    const [credit] = next.lines;
    expect(credit!.candidates[0]).toBe(exact);
    expect(next.options.find((o) => o.id === exact)?.client_name).toBe("Ivo Novo Cinco");
  });

  it("confirms the whole statement from one page: the exact matches of other pages as proposed, the page's as marked", async () => {
    // Page 2 of the unfiltered list shows the probable (checked here) and a none.
    const page2 = await review(importId, { page: 2 });
    const probable = page2.lines.find((l) => l.match_kind === "probable")!;
    // Bia's billing is paid by hand meanwhile: her exact match, on another page, is skipped, not refused.
    await registerPayment(db, exactBills[1]!, { payment_date: "2026-11-19", amount_paid: null }, actor, issuer);
    const form = new FormData();
    form.set("escopo", "pagina");
    for (const l of page2.lines) form.append("linha", String(l.id));
    form.append("accept", String(probable.id));
    const confirmation = statementConfirmSchema.parse(
      Object.fromEntries([...form.keys()].map((k) => [k, form.getAll(k).length > 1 ? form.getAll(k) : form.get(k)])),
    );
    expect(confirmation.shown).toEqual(page2.lines.map((l) => l.id));
    const outcome = await confirmStatementImport(db, importId, confirmation, actor, issuer);
    expect(outcome).toEqual(confirmedWith({ settled: 2, skipped: 1 }));
    const settled = await review(importId, { state: params("situacao=baixado") });
    expect(settled.lines.map((l) => l.client_name)).toEqual(["Ana Exata Um", "Caio Provavel Tres"]);
    expect(settled.summary.credits.settled).toEqual({ count: 2, totalCents: 220_000 });
    expect(settled.summary.credits.exact).toEqual({ count: 1, totalCents: 110_000 });
  });

  it("offers, read from the index, what the closest of every open billing would be: none paid or due past the horizon", async () => {
    // Two open billings of R$ 2.000,00 (a tie: the lower id first), one due
    // after the horizon, one paid: neither of the last two is ever offered.
    const tie = [await billFor("Eva Empate Um", 200_000), await billFor("Fabio Empate Dois", 200_000)];
    const future = await billFor("Gil Futuro", 200_000, "2027-01-30");
    const paid = await billFor("Hugo Pago", 199_000);
    await registerPayment(db, paid, { payment_date: "2026-11-19", amount_paid: null }, actor, issuer);
    const horizon = matchHorizon(TODAY, ISSUE_DAYS);
    expect(horizon < "2027-01-30").toBe(true);
    const amounts = [200_000, 199_000, 150_000, 1, 10_000_000];
    const open = (await openBillingsToMatch(db, TODAY, ISSUE_DAYS)).sort(
      (a, b) => a.amount_cents - b.amount_cents || a.id - b.id,
    );
    for (const count of [1, 3, ASSIGN_OPTIONS]) {
      const got = await closestOpenBillings(db, amounts, horizon, count);
      expect(got).toEqual(amounts.map((a) => closestInAmount(open, a, count)));
      for (const ids of got) expect(ids.filter((id) => id === future || id === paid)).toEqual([]);
    }
    expect((await closestOpenBillings(db, [200_000], horizon, 2))[0]).toEqual(tie);
    expect(await closestOpenBillings(db, [], horizon, 2)).toEqual([]);
  });

  it("turns SQLite's automatic checkpoint back on after two imports at once", async () => {
    const file = (fitid: string) =>
      buildOfx({
        bankId: "001",
        acctId: "REV-2",
        lines: [{ fitid, date: "2026-11-19", amountCents: 1_234, memo: "TED NINGUEM" }],
      });
    const outcomes = await Promise.all(
      ["C1", "C2"].map((fitid) =>
        importStatement(db, {
          fileName: `${fitid}.ofx`,
          bytes: file(fitid),
          actor,
          issueDays: ISSUE_DAYS,
          today: TODAY,
        }),
      ),
    );
    expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
    expect((await sql`pragma wal_autocheckpoint`.execute(db)).rows).toEqual([{ wal_autocheckpoint: 1000 }]);
  });
});
