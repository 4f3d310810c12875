import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { createBilling } from "#app/models/billing/billing.server";
import { createClient } from "#app/models/clients/clients.server";
import { confirmStatementImport } from "#app/models/reconciliation/confirm.server";
import { importStatement } from "#app/models/reconciliation/imports.server";
import { getStatementReview } from "#app/models/reconciliation/review.server";
import { getSplitPage, splitStatementCredit } from "#app/models/reconciliation/split.server";
import { getZodConstraint } from "@conform-to/zod/v4";
import { splitFieldsSchema, splitSchema } from "#app/models/reconciliation/split.schema";
import { buildOfx } from "#tests/fixtures/statements/build";
import { confirmedWith } from "#tests/fixtures/statements/confirmed";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents, type Cents } from "#app/models/shared/money";

// "Dividir crédito" (issue 35, decision 0037): one credit of a statement
// paying several billings before Confirmar. One person renting two
// properties (two client rows) pays both with one Pix; the split pays each
// billing its part, with a receipt, both credits naming the bank line, and
// settles the line so that Confirmar and a second post leave it alone. A
// refused split writes nothing.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-split-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 1, name: "Equipe" };
const TODAY = "2026-11-20";
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: TODAY };
const ISSUE_DAYS = 20;
const KEY = "0f0e0d0c-0b0a-4988-8776-655443322110";

const privateFiles = () =>
  fs.existsSync(path.join(uploads, "private")) ? fs.readdirSync(path.join(uploads, "private")).sort() : [];

let seq = 0;
async function newClient(name: string, cpf_cnpj = "") {
  seq += 1;
  const created = await createClient(
    db,
    { name, email: `s${seq}@teste.com`, username: `s${seq}`, password: "senha1234", payment_due_day: 10, cpf_cnpj },
    null,
  );
  if (!created.ok) throw new Error("client");
  return created.id;
}

async function bill(client_id: number, due_date: string, amount_cents: number) {
  const r = await createBilling(
    db,
    { client_id, month_year: due_date.slice(0, 7), amount_cents: cents(amount_cents), due_date },
    null,
  );
  if (!r.ok) throw new Error("billing");
  return r.id;
}

const billingRow = (id: number) =>
  db
    .selectFrom("billing")
    .select(["status", "payment_date", "amount_paid_cents"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const receiptsOf = (id: number) =>
  db
    .selectFrom("billing_receipts")
    .select(["id"])
    .where("billing_id", "=", id)
    .where("voided_at", "is", null)
    .execute();
const creditsOfLine = (lineId: number) =>
  db
    .selectFrom("ledger_entries")
    .select(["client_id", "amount_cents", "method", "on_date"])
    .where("kind", "=", "credit")
    .where("statement_line_id", "=", lineId)
    .orderBy("id")
    .execute();
const lineRow = (lineId: number) =>
  db
    .selectFrom("statement_lines")
    .select(["settled_billing_id", "settled_at"])
    .where("id", "=", lineId)
    .executeTakeFirstOrThrow();

async function importOfx(acctId: string, lines: Parameters<typeof buildOfx>[0]["lines"]) {
  const outcome = await importStatement(db, {
    fileName: "extrato.ofx",
    bytes: buildOfx({ bankId: "001", acctId, lines }),
    actor,
    issueDays: ISSUE_DAYS,
    today: TODAY,
  });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

async function linesOf(importId: number) {
  const review = await getStatementReview(db, importId, { issueDays: ISSUE_DAYS, today: TODAY, size: 1000 });
  return review!;
}

const parts = (...list: [number, number][]) => ({
  key: KEY,
  parts: list.map(([billingId, amount], i) => ({ row: i + 1, billingId, amount: amount as Cents })),
});

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-split-db-"));
});

afterAll(async () => {
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("splitting a statement credit", () => {
  it("pays two contracts of one person with one Pix, once; Confirmar leaves the line alone", async () => {
    // Two rows of one person: two properties, two contracts (same CPF).
    const casa = await newClient("Helena Duarte Campos", "52998224725");
    const sala = await newClient("Helena Duarte Campos", "52998224725");
    const casaBill = await bill(casa, "2026-11-25", 120_000);
    const salaBill = await bill(sala, "2026-11-25", 80_000);
    const other = await newClient("Igor Pacheco");
    const otherBill = await bill(other, "2026-11-25", 50_000);
    const imported = await importOfx("5555-5", [
      { fitid: "S1", date: "2026-11-19", amountCents: 200_000, memo: "PIX RECEBIDO HELENA D C 529.982.247-25" },
      { fitid: "S2", date: "2026-11-19", amountCents: 50_000, memo: "DEP 9" },
    ]);
    const review = await linesOf(imported.id);
    const line = review.lines.find((l) => l.amount_cents === 200_000)!;
    const plain = review.lines.find((l) => l.amount_cents === 50_000)!;

    // The page offers both contracts' billings (the payer's CPF in the memo).
    const page = (await getSplitPage(db, imported.id, line.id, { today: TODAY, issueDays: ISSUE_DAYS, search: "" }))!;
    expect(page.state).toBe("open");
    expect(page.payer.map((o) => o.id).sort()).toEqual([casaBill, salaBill].sort());
    const searched = await getSplitPage(db, imported.id, line.id, {
      today: TODAY,
      issueDays: ISSUE_DAYS,
      search: "igor",
    });
    expect(searched!.found.map((o) => o.id)).toEqual([otherBill]);

    // The parts must add up to the credit: refused, nothing written.
    const filesBefore = privateFiles();
    expect(
      await splitStatementCredit(
        db,
        imported.id,
        line.id,
        parts([casaBill, 120_000], [salaBill, 70_000]),
        actor,
        issuer,
      ),
    ).toEqual({
      ok: false,
      reason: "invalid",
      formErrors: ["A soma das partes (R$ 1.900,00) difere do crédito (R$ 2.000,00)."],
      fieldErrors: {},
    });
    expect(await creditsOfLine(line.id)).toEqual([]);
    expect(await lineRow(line.id)).toEqual({ settled_billing_id: null, settled_at: null });
    expect(privateFiles()).toEqual(filesBefore);

    const done = await splitStatementCredit(
      db,
      imported.id,
      line.id,
      parts([casaBill, 120_000], [salaBill, 80_000]),
      actor,
      issuer,
    );
    expect(done).toMatchObject({ ok: true, amount: 200_000, parts: 2 });
    expect(await billingRow(casaBill)).toEqual({
      status: "paid",
      payment_date: "2026-11-19",
      amount_paid_cents: 120_000,
    });
    expect(await billingRow(salaBill)).toEqual({
      status: "paid",
      payment_date: "2026-11-19",
      amount_paid_cents: 80_000,
    });
    expect(await receiptsOf(casaBill)).toHaveLength(1);
    expect(await receiptsOf(salaBill)).toHaveLength(1);
    expect(await creditsOfLine(line.id)).toEqual([
      { client_id: casa, amount_cents: 120_000, method: "extrato", on_date: "2026-11-19" },
      { client_id: sala, amount_cents: 80_000, method: "extrato", on_date: "2026-11-19" },
    ]);
    expect(await lineRow(line.id)).toEqual({ settled_billing_id: casaBill, settled_at: expect.any(String) });

    // The same form again (a double click): its first answer, nothing more written.
    const again = await splitStatementCredit(
      db,
      imported.id,
      line.id,
      parts([casaBill, 120_000], [salaBill, 80_000]),
      actor,
      issuer,
    );
    expect(again).toEqual(done);
    // Another form on the settled line: refused.
    expect(
      await splitStatementCredit(
        db,
        imported.id,
        line.id,
        { ...parts([casaBill, 100_000], [salaBill, 100_000]), key: "another-key-0123456789" },
        actor,
        issuer,
      ),
    ).toEqual({ ok: false, reason: "settled" });
    expect(await creditsOfLine(line.id)).toHaveLength(2);
    expect(await receiptsOf(casaBill)).toHaveLength(1);

    // The review shows the line settled, with both receipts; the summary counts it.
    const after = await linesOf(imported.id);
    const shown = after.lines.find((l) => l.id === line.id)!;
    expect(shown.settled_at).not.toBeNull();
    expect(shown.paid.map((p) => p.client_name)).toEqual(["Helena Duarte Campos", "Helena Duarte Campos"]);
    expect(after.summary.credits.settled).toEqual({ count: 1, totalCents: 200_000 });
    const split = (await getSplitPage(db, imported.id, line.id, { today: TODAY, issueDays: ISSUE_DAYS, search: "" }))!;
    expect(split.state).toBe("settled");

    // Confirmar, even told to assign the split line: refused whole; without it, the line is left alone.
    const refused = await confirmStatementImport(
      db,
      imported.id,
      { accept: [], assign: [{ lineId: line.id, billingId: otherBill }] },
      actor,
      issuer,
    );
    expect(refused).toMatchObject({ ok: false, reason: "invalid" });
    const confirmed = await confirmStatementImport(
      db,
      imported.id,
      { accept: [], assign: [{ lineId: plain.id, billingId: otherBill }] },
      actor,
      issuer,
    );
    expect(confirmed).toEqual(confirmedWith({ settled: 1 }));
    expect(await creditsOfLine(line.id)).toHaveLength(2);
    expect(await lineRow(line.id)).toEqual({ settled_billing_id: casaBill, settled_at: expect.any(String) });
    expect(await billingRow(otherBill)).toMatchObject({ status: "paid" });
    // Once confirmed, the import's credits are no longer split.
    expect(
      await splitStatementCredit(db, imported.id, plain.id, parts([casaBill, 1], [salaBill, 1]), actor, issuer),
    ).toEqual({ ok: false, reason: "confirmed" });
  });

  it("refuses a paid billing, a billing that does not exist and a future credit, writing nothing", async () => {
    const joana = await newClient("Joana Rezende");
    const kleber = await newClient("Kleber Antunes");
    const joanaBill = await bill(joana, "2026-11-25", 60_000);
    const kleberBill = await bill(kleber, "2026-11-25", 40_000);
    const imported = await importOfx("6666-6", [
      { fitid: "T1", date: "2026-11-19", amountCents: 100_000, memo: "DEP 1" },
      { fitid: "T2", date: "2026-11-19", amountCents: 60_000, memo: "DEP 2" },
      { fitid: "T3", date: "2026-11-21", amountCents: 100_000, memo: "DEP 3" },
    ]);
    const { lines } = await linesOf(imported.id);
    const [first, second, future] = lines;
    // Kleber's billing paid meanwhile, by a split of the other credit.
    const paidFirst = await splitStatementCredit(
      db,
      imported.id,
      second!.id,
      {
        key: "first-split-key-0123456",
        parts: [
          { row: 1, billingId: kleberBill, amount: cents(40_000) },
          { row: 2, billingId: joanaBill, amount: cents(20_000) },
        ],
      },
      actor,
      issuer,
    );
    expect(paidFirst).toMatchObject({ ok: true });
    expect(await billingRow(kleberBill)).toMatchObject({ status: "paid" });
    const filesBefore = privateFiles();
    expect(
      await splitStatementCredit(
        db,
        imported.id,
        first!.id,
        parts([joanaBill, 60_000], [kleberBill, 40_000]),
        actor,
        issuer,
      ),
    ).toEqual({
      ok: false,
      reason: "invalid",
      formErrors: [],
      fieldErrors: { cobranca2: ["A cobrança de Kleber Antunes (novembro de 2026) já está paga."] },
    });
    expect(
      await splitStatementCredit(
        db,
        imported.id,
        first!.id,
        parts([joanaBill, 60_000], [999_999, 40_000]),
        actor,
        issuer,
      ),
    ).toMatchObject({ ok: false, reason: "invalid", fieldErrors: { cobranca2: ["Esta cobrança não existe mais."] } });
    expect(
      await splitStatementCredit(
        db,
        imported.id,
        future!.id,
        parts([joanaBill, 60_000], [kleberBill, 40_000]),
        actor,
        issuer,
      ),
    ).toMatchObject({
      ok: false,
      reason: "invalid",
      formErrors: ["Este crédito tem data futura: não pode pagar uma cobrança."],
    });
    expect(await creditsOfLine(first!.id)).toEqual([]);
    expect(await creditsOfLine(future!.id)).toEqual([]);
    expect(privateFiles()).toEqual(filesBefore);
    // A line of another import, or a debit: not found.
    expect(
      await splitStatementCredit(
        db,
        imported.id + 1000,
        first!.id,
        parts([joanaBill, 1], [kleberBill, 1]),
        actor,
        issuer,
      ),
    ).toEqual({ ok: false, reason: "line" });
  });

  it("reads the form: two parts at least, each with its billing and amount, a billing once", () => {
    const read = (fields: Record<string, string>) => {
      const r = splitSchema.safeParse({ chave: KEY, ...fields });
      return r.success
        ? r.data
        : Object.fromEntries(r.error.issues.map((i) => [i.path.join(".") || "form", i.message]));
    };
    expect(read({ cobranca1: "3", valor1: "1.200,00", cobranca3: "4", valor3: "800" })).toEqual({
      key: KEY,
      parts: [
        { row: 1, billingId: 3, amount: 120_000 },
        { row: 3, billingId: 4, amount: 80_000 },
      ],
    });
    // The page's HTML constraints come from the fields (a page that read them from the whole form was a 500).
    expect(getZodConstraint(splitFieldsSchema).valor1).toEqual({ required: false, minLength: 1, maxLength: 30 });
    expect(read({ cobranca1: "3", valor1: "1.200,00" })).toEqual({
      form: "Divida o crédito entre ao menos duas cobranças.",
    });
    expect(read({ cobranca1: "3", valor2: "10", cobranca3: "3", valor3: "5", cobranca4: "4", valor4: "5" })).toEqual({
      valor1: "Informe o valor desta parte, maior que zero.",
      cobranca2: "Escolha a cobrança desta parte.",
    });
    expect(read({ cobranca1: "3", valor1: "5", cobranca2: "3", valor2: "5" })).toEqual({
      cobranca2: "Esta cobrança já está em outra parte.",
    });
    expect(read({ cobranca1: "3", valor1: "0", cobranca2: "4", valor2: "abc" })).toEqual({
      valor1: "Informe o valor desta parte, maior que zero.",
      valor2: "Informe o valor desta parte, maior que zero.",
    });
  });
});
