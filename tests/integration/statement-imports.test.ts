import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultAgency } from "#app/config/agency";
import type { Database } from "#app/db/schema";
import { billingTxid } from "#app/models/billing/pix";
import { registerPayment } from "#app/models/billing/payments.server";
import { bankBarcodeToLine, buildBankBarcode } from "#app/models/boletos/boleto-line";
import { confirmStatementImport } from "#app/models/reconciliation/confirm.server";
import { importStatement } from "#app/models/reconciliation/imports.server";
import { statementConfirmSchema } from "#app/models/reconciliation/review.schema";
import { getStatementReview } from "#app/models/reconciliation/review.server";
import { closeStatementThread } from "#app/models/reconciliation/statement-pool.server";
import { cents } from "#app/models/shared/money";
import { buildCnab400, buildOfx } from "#tests/fixtures/statements/build";
import { confirmedWith } from "#tests/fixtures/statements/confirmed";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { tenantFactory } from "#tests/fixtures/tenants";

// Imports as banks deliver them (issue 35): a file imported twice is one
// import, named to whoever brings it again; the review's proposals are those
// of the day it is read (a billing created after the import is proposed, one
// paid since is not); a CNAB 400 retorno's movements that move no money are
// information, apart from its debits.

const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "it-imports-"));
vi.stubEnv("UPLOADS_DIR", uploads);

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const actor = { id: 1, name: "Equipe" };
const TODAY = "2026-11-20";
const ISSUE_DAYS = 20;
const issuer = { agency: { ...defaultAgency, cnpj: null }, today: TODAY };

const { newClient, bill } = tenantFactory(() => db, "i");

const importBytes = (bytes: Uint8Array, fileName = "extrato.ofx") =>
  importStatement(db, { fileName, bytes, actor, issueDays: ISSUE_DAYS, today: TODAY });

async function imported(bytes: Uint8Array, fileName?: string) {
  const outcome = await importBytes(bytes, fileName);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

const review = (id: number, state: "debit" | "info" | null = null) =>
  getStatementReview(db, id, { issueDays: ISSUE_DAYS, today: TODAY, size: 100, state }).then((r) => r!);

// The page's form, as the browser posts it (review-form.tsx): the box of each
// match, the billing it proposes, the lines shown.
function pagePost(lines: { id: number; match_kind: string; billing_id: number | null }[]) {
  const form: Record<string, unknown> = { escopo: "pagina", linha: lines.map((l) => String(l.id)) };
  const matched = lines.filter((l) => l.match_kind === "exact" || l.match_kind === "probable");
  form.accept = matched.map((l) => String(l.id));
  for (const l of matched) form[`proposta-${l.id}`] = String(l.billing_id);
  const parsed = statementConfirmSchema.safeParse(form);
  if (!parsed.success) throw new Error("form");
  return parsed.data;
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-imports-db-"));
  // The actor's login (users.id 1): an import records who made it.
  await newClient("Equipe Usuaria");
});

afterAll(async () => {
  await closeStatementThread();
  await cleanup();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("a file imported again", () => {
  it("is refused, naming the first import; another file with the same lines is imported", async () => {
    const lia = await newClient("Lia Repetida Gomes");
    const id = await bill(lia, "2026-11-15", 90_000);
    const lines = [{ fitid: "J1", date: "2026-11-14", amountCents: 90_000, memo: `PIX ${billingTxid(id)}` }];
    const bytes = buildOfx({ bankId: "001", acctId: "JA-1", lines });
    const first = await imported(bytes, "novembro.ofx");
    const countBefore = (await db.selectFrom("statement_imports").select("id").execute()).length;

    const again = await importBytes(bytes, "outro-nome.ofx");
    expect(again).toEqual({
      ok: false,
      message: "Este arquivo já foi importado.",
      duplicate: { id: first.id, createdAt: expect.any(String), createdByName: "Equipe" },
    });
    expect((await db.selectFrom("statement_imports").select("id").execute()).length).toBe(countBefore);

    // Confirmed, then another download covering the same day and one more: imported, the line "already".
    const [line] = (await review(first.id)).lines;
    await confirmStatementImport(db, first.id, { accept: [line!.id], assign: [] }, actor, issuer);
    const wider = await imported(
      buildOfx({
        bankId: "001",
        acctId: "JA-1",
        lines: [...lines, { fitid: "J2", date: "2026-11-16", amountCents: 1_000, memo: "OUTRO" }],
      }),
    );
    expect(wider).toMatchObject({ credits: 2, already: 1 });
  });

  it("is one import when two people bring it at the same moment", async () => {
    const bytes = buildOfx({
      bankId: "001",
      acctId: "JA-2",
      lines: [{ fitid: "K1", date: "2026-11-14", amountCents: 12_345, memo: "TED QUALQUER" }],
    });
    const outcomes = await Promise.all([importBytes(bytes), importBytes(bytes), importBytes(bytes)]);
    const done = outcomes.filter((o) => o.ok);
    expect(done).toHaveLength(1);
    const firstId = (done[0] as { id: number }).id;
    for (const o of outcomes.filter((x) => !x.ok))
      expect(o).toMatchObject({ ok: false, duplicate: { id: firstId, createdByName: "Equipe" } });
    const rows = await db
      .selectFrom("statement_lines")
      .select("id")
      .where("line_key", "like", "ofx:001:JA-2:%")
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe("the review's proposals, computed when it is read", () => {
  it("proposes a billing created after the import, and Confirmar settles it as shown", async () => {
    const nina = await newClient("Nina Posterior Alves");
    const outcome = await imported(
      buildOfx({
        bankId: "001",
        acctId: "PROP-1",
        lines: [{ fitid: "P1", date: "2026-11-18", amountCents: 132_000, memo: "PIX RECEBIDO - NINA POSTERIOR ALVES" }],
      }),
    );
    expect(outcome).toMatchObject({ credits: 1, exact: 0, probable: 0 });
    expect((await review(outcome.id)).lines[0]).toMatchObject({ match_kind: "none", billing_id: null });

    // The month's billing is generated after the statement came in.
    const id = await bill(nina, "2026-11-20", 132_000);
    const [line] = (await review(outcome.id)).lines;
    expect(line).toMatchObject({
      match_kind: "probable",
      match_reason: "name",
      billing_id: id,
      client_name: "Nina Posterior Alves",
      stored_kind: "none",
      difference_cents: 0,
    });
    // What the summary and filter count stays the import's.
    expect((await review(outcome.id)).summary.credits.none.count).toBe(1);

    const confirmed = await confirmStatementImport(db, outcome.id, pagePost([line!]), actor, issuer);
    expect(confirmed).toEqual(confirmedWith({ settled: 1 }));
    expect(
      await db.selectFrom("billing").select(["status", "amount_paid_cents"]).where("id", "=", id).executeTakeFirst(),
    ).toEqual({ status: "paid", amount_paid_cents: 132_000 });
  });

  it("finds tenants by their folded first name and surname, kept by triggers through a rename", async () => {
    const id = await newClient("Úrsula D'Ávila Conceição-Brandão 2");
    const folded = () =>
      db.selectFrom("clients").select(["name_fold", "surname_fold"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(await folded()).toEqual({ name_fold: "ursula d'avila conceicao-brandao 2", surname_fold: "brandao" });
    await db.updateTable("clients").set({ name: "Úrsula Prado" }).where("id", "=", id).execute();
    expect(await folded()).toEqual({ name_fold: "ursula prado", surname_fold: "prado" });
    const billing = await bill(id, "2026-11-20", 55_500);
    const outcome = await imported(
      buildOfx({
        bankId: "001",
        acctId: "PROP-9",
        lines: [{ fitid: "U1", date: "2026-11-19", amountCents: 55_500, memo: "PIX RECEBIDO URSULA PRADO" }],
      }),
    );
    expect((await review(outcome.id)).lines[0]).toMatchObject({ match_kind: "probable", billing_id: billing });
  });

  it("no longer proposes a billing paid by hand since, and shows a line another import settled as already", async () => {
    const otto = await newClient("Otto Pago Antes");
    const id = await bill(otto, "2026-11-18", 75_000);
    const lines = [{ fitid: "Q1", date: "2026-11-18", amountCents: 75_000, memo: `PIX ${billingTxid(id)}` }];
    const outcome = await imported(buildOfx({ bankId: "001", acctId: "PROP-2", lines }));
    expect((await review(outcome.id)).lines[0]).toMatchObject({ match_kind: "exact", billing_id: id });
    const paid = await registerPayment(
      db,
      id,
      { payment_date: "2026-11-18", amount_paid: cents(75_000) },
      actor,
      issuer,
    );
    expect(paid.ok).toBe(true);
    // Not a payment of it any more: a second one, the tenant's credit if confirmed (0037).
    expect((await review(outcome.id)).lines[0]).toMatchObject({
      match_kind: "none",
      billing_id: id,
      second: { paid: true },
    });

    // The same bank line in another file, confirmed there first: "already" here.
    const pia = await newClient("Pia Duas Vezes");
    const other = await bill(pia, "2026-11-19", 64_000);
    const shared = [{ fitid: "Q2", date: "2026-11-19", amountCents: 64_000, memo: `PIX ${billingTxid(other)}` }];
    const a = await imported(buildOfx({ bankId: "001", acctId: "PROP-3", lines: shared }));
    const b = await imported(
      buildOfx({
        bankId: "001",
        acctId: "PROP-3",
        lines: [...shared, { fitid: "Q3", date: "2026-11-19", amountCents: 5, memo: "X" }],
      }),
    );
    const [inB] = (await review(b.id)).lines;
    expect(inB).toMatchObject({ match_kind: "exact", billing_id: other });
    await confirmStatementImport(db, b.id, pagePost([inB!]), actor, issuer);
    expect((await review(a.id)).lines[0]).toMatchObject({ match_kind: "already", stored_kind: "exact" });
  });

  // The boleto of a billing (Itaú's free field carries the nosso número).
  const attachBoleto = (billing_id: number, nossoNumero: string, amountCents: number) =>
    db
      .insertInto("billing_documents")
      .values({
        billing_id,
        file_name: "boleto.pdf",
        file_key: `boleto-${billing_id}.pdf`,
        mime_type: "application/pdf",
        size: 1,
        digitable_line: bankBarcodeToLine(
          buildBankBarcode({
            bank: "341",
            dueDate: "2026-11-18",
            amountCents,
            freeField: `109${nossoNumero}50057123456000`,
          }),
        ),
        uploaded_by_name: "Equipe",
        uploaded_at: "2026-11-19T12:00:00.000Z",
      })
      .execute();
  const retorno = (nossoNumero: string, paidCents: number, payerName: string) =>
    buildCnab400({
      bank: "341",
      agency: "0057",
      account: "12345-6",
      items: [
        {
          nossoNumero,
          ocorrencia: "06",
          occurrenceDate: "2026-11-17",
          creditDate: "2026-11-18",
          paidCents,
          feesCents: 250,
          payerName,
        },
      ],
    });

  it("finds a CNAB nosso número among the boletos attached after the import", async () => {
    // A billing created after the retorno came in, with its boleto.
    const rui = await newClient("Rui Boleto Novo");
    const outcome = await imported(retorno("00123987", 210_000, "RUI BOLETO NOVO"), "retorno.ret");
    expect(outcome).toMatchObject({ credits: 1, exact: 0 });
    const id = await bill(rui, "2026-11-18", 210_000);
    await attachBoleto(id, "00123987", 210_000);
    expect((await review(outcome.id)).lines[0]).toMatchObject({
      match_kind: "exact",
      match_reason: "boleto",
      billing_id: id,
    });

    // A billing that was there, paid by a boleto whose file (and digitable line) was attached later.
    const sara = await bill(await newClient("Sara Boleto Tardio"), "2026-11-18", 98_700);
    const late = await imported(retorno("00456123", 98_700, "SARA B T"), "retorno2.ret");
    expect(late).toMatchObject({ credits: 1, exact: 0 });
    await attachBoleto(sara, "00456123", 98_700);
    expect((await review(late.id)).lines[0]).toMatchObject({ match_kind: "exact", billing_id: sara });
  });

  it("proposes the tenant a memo's CNPJ names, even paid late with a round sum", async () => {
    const pereira = await newClient("Pereira Materiais de Construção Ltda", "11.222.333/0001-81");
    const id = await bill(pereira, "2026-11-05", 420_000);
    const outcome = await imported(
      buildOfx({
        bankId: "001",
        acctId: "DOC-1",
        lines: [{ fitid: "C1", date: "2026-11-18", amountCents: 420_000, memo: "TED RECEBIDA 11.222.333/0001-81" }],
      }),
    );
    expect(outcome).toMatchObject({ probable: 1 });
    const [line] = (await review(outcome.id)).lines;
    expect(line).toMatchObject({ match_kind: "probable", match_reason: "document", billing_id: id });
    expect(line!.difference_cents).toBeLessThan(0); // the multa and juros of 13 days were not paid
  });
});

describe("a CNAB 400 retorno's lines", () => {
  it("counts its liquidations as credits, its tarifas as debits, its other movements as information", async () => {
    const outcome = await imported(
      buildCnab400({
        bank: "237",
        company: "4540691",
        items: [
          {
            nossoNumero: "000000000303",
            ocorrencia: "06",
            occurrenceDate: "2026-11-16",
            creditDate: "2026-11-17",
            paidCents: 80_000,
          },
          {
            nossoNumero: "000000000304",
            ocorrencia: "02",
            occurrenceDate: "2026-11-16",
            creditDate: null,
            paidCents: 0,
          },
          {
            nossoNumero: "000000000305",
            ocorrencia: "09",
            occurrenceDate: "2026-11-16",
            creditDate: null,
            paidCents: 0,
          },
          {
            nossoNumero: "000000000303",
            ocorrencia: "28",
            occurrenceDate: "2026-11-16",
            creditDate: null,
            paidCents: 0,
            feesCents: 160,
          },
        ],
      }),
      "CB161100.RET",
    );
    expect(outcome).toMatchObject({ lines: 4, credits: 1 });
    const { summary, statement } = await review(outcome.id);
    expect(statement.kind).toBe("cnab400");
    expect(summary.debits).toEqual({ count: 1, totalCents: -160 });
    expect(summary.info).toEqual({ count: 2, totalCents: 0 });
    const info = await review(outcome.id, "info");
    expect(info.total).toBe(2);
    expect(info.lines.map((l) => [l.movement, l.movement_name])).toEqual([
      ["02", "Entrada confirmada"],
      ["09", "Baixado automaticamente via arquivo"],
    ]);
    const debits = await review(outcome.id, "debit");
    expect(debits.lines.map((l) => [l.movement_name, l.amount_cents])).toEqual([["Débito de tarifas/custas", -160]]);
  });
});
