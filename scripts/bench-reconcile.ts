// npm run bench:reconcile
//
// Reconciliation at scale (issue 20; docs/decisions/0036-matching-credits.md):
// a 10,000-line OFX statement against 2,000 open billings, on a scratch
// database. Prints the time to read the file, to match its credits, and the
// whole "Importar extrato" (read, the open billings queried, matched, the file
// and its 10,000 lines written in one transaction), median of 5 runs, with
// the counts by kind. Target: matched in under 2 s. Never fails: the machine
// may be shared.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-reconcile-"));
process.env.UPLOADS_DIR = path.join(scratch, "uploads");

const { addDays } = await import("#app/models/shared/days");
const { cents } = await import("#app/models/shared/money");
const { billingTxid } = await import("#app/models/billing/pix");
const { importStatement, openBillingsToMatch } = await import("#app/models/reconciliation/imports.server");
const { matchCredits } = await import("#app/models/reconciliation/match");
const { parseStatement } = await import("#app/models/reconciliation/statement");
const { bankBarcodeToLine, buildBankBarcode } = await import("#app/models/boletos/boleto-line");
const { tempDatabase } = await import("#tests/fixtures/temp-db");
const { buildOfx } = await import("#tests/fixtures/statements/build");

const BILLINGS = 2_000;
const LINES = 10_000;
const RUNS = 5;
const TODAY = "2026-11-20";
const ISSUE_DAYS = 20;
const TARGET_MS = 2_000;

const FIRST = ["Ana", "Bruno", "Carla", "Diego", "Elaine", "Fábio", "Gisele", "Hugo", "Iara", "João", "Kátia", "Luís"];
const LAST = ["Souza", "Oliveira", "Pereira", "Lima", "Carvalho", "Gomes", "Ribeiro", "Martins", "Araújo", "Rocha"];
// A deterministic sequence, so every run of the bench sees the same data.
let seed = 20;
const rand = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed % n;
};

const { db, cleanup } = await tempDatabase("bench-reconcile-db-");
try {
  // 2,000 tenants, one open billing each, due within 25 days of today; one in four with a boleto.
  const now = new Date().toISOString();
  const billings: { id: number; name: string; due: string; amount: number }[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < BILLINGS; i++) {
      const name = `${FIRST[rand(FIRST.length)]} ${LAST[rand(LAST.length)]} ${LAST[rand(LAST.length)]} ${i}`;
      const client = await trx
        .insertInto("clients")
        .values({ name, email: `b${i}@bench.test`, payment_due_day: 10, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      const due = addDays(TODAY, rand(36) - 15);
      const amount = 80_000 + rand(200) * 1_000;
      const billing = await trx
        .insertInto("billing")
        .values({
          client_id: client.id,
          month_year: due.slice(0, 7),
          amount_cents: cents(amount),
          due_date: due,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      billings.push({ id: billing.id, name, due, amount });
      if (i % 4 === 0) {
        const free = `109${String(10_000_000 + i).padStart(8, "0")}30057123456000`;
        const line = bankBarcodeToLine(
          buildBankBarcode({ bank: "341", dueDate: due, amountCents: amount, freeField: free }),
        );
        await trx
          .insertInto("billing_documents")
          .values({
            billing_id: billing.id,
            file_name: "boleto.pdf",
            file_key: `bench-${i}.pdf`,
            mime_type: "application/pdf",
            size: 1,
            digitable_line: line,
            uploaded_by_name: "Bench",
            uploaded_at: now,
          })
          .execute();
      }
    }
  });

  // 10,000 lines: 1,200 Pix with the txid, 600 by the payer's name, 8,200 others (a tenth of them debits).
  const lines = Array.from({ length: LINES }, (_, i) => {
    const b = billings[i % BILLINGS]!;
    const date = addDays(TODAY, -rand(5));
    if (i < 1_200) return { fitid: `F${i}`, date, amountCents: b.amount, memo: `PIX RECEBIDO ${billingTxid(b.id)}` };
    if (i < 1_800)
      return { fitid: `F${i}`, date: b.due, amountCents: b.amount, memo: `PIX RECEBIDO - ${b.name.toUpperCase()}` };
    const amount = 1_000 + rand(500_000);
    return {
      fitid: `F${i}`,
      date,
      amountCents: i % 10 === 0 ? -amount : amount,
      memo: `TED RECEBIDA EMPRESA ${rand(9_999)}`,
    };
  });
  const file = buildOfx({ bankId: "0341", acctId: "BENCH-1", lines });
  console.log(
    `Extrato: ${LINES} lançamentos, ${(file.byteLength / 1024).toFixed(0)} KB; ${BILLINGS} cobranças em aberto`,
  );

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const time = async <T>(f: () => T | Promise<T>) => {
    const start = performance.now();
    const value = await f();
    return { ms: performance.now() - start, value };
  };
  const parseMs: number[] = [];
  const matchMs: number[] = [];
  const importMs: number[] = [];
  let counts = "";
  for (let run = 0; run < RUNS; run++) {
    const parsed = await time(() => parseStatement(file));
    if (!parsed.value.ok) throw new Error(parsed.value.message);
    parseMs.push(parsed.ms);
    const open = await openBillingsToMatch(db, TODAY, ISSUE_DAYS);
    const credits = parsed.value.statement.lines.filter((l) => l.credit);
    const matched = await time(() => matchCredits(credits, open));
    matchMs.push(matched.ms);
    const kinds = { exact: 0, probable: 0, none: 0 };
    for (const m of matched.value) kinds[m.kind]++;
    counts = `${credits.length} créditos: ${kinds.exact} exatas, ${kinds.probable} prováveis, ${kinds.none} sem correspondência`;
    const imported = await time(() =>
      importStatement(db, { fileName: "bench.ofx", bytes: file, actor: null, issueDays: ISSUE_DAYS, today: TODAY }),
    );
    if (!imported.value.ok) throw new Error(imported.value.message);
    importMs.push(imported.ms);
  }
  const fmt = (xs: number[]) => `mediana ${median(xs).toFixed(0)} ms, máx ${Math.max(...xs).toFixed(0)} ms`;
  console.log(counts);
  console.log(`Leitura do OFX:            ${fmt(parseMs)}`);
  console.log(`Correspondência:           ${fmt(matchMs)}`);
  const whole = median(importMs);
  console.log(
    `Importar extrato completo: ${fmt(importMs)} (meta: < ${TARGET_MS} ms: ${whole < TARGET_MS ? "atingida" : "não atingida"})`,
  );
} finally {
  await cleanup();
  fs.rmSync(scratch, { recursive: true, force: true });
}
