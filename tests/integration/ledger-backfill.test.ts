import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/db.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { checkProjection } from "#app/models/ledger/check.server";
import { tenantCreditLeft } from "#app/models/ledger/ledger.server";
import { migrations } from "#migrations";

// Migration 0028 turns the flat shape (a billing's status flag, amount paid,
// difference, its receipt) into ledger entries (docs/decisions/0061-rent-ledger.md,
// "How the flat shape becomes entries"): each kind of row the old code wrote,
// then the billing as the entries read it, and the explained differences.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "it-backfill-"));
const db = openDatabase(path.join(dir, "app.db"));
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const now = "2026-06-01T12:00:00.000Z";
let receiptSeq = 0;

async function billing(values: {
  amount: number;
  due: string;
  status: "paid" | "pending" | "overdue";
  paid_on?: string;
  amount_paid?: number;
  difference?: number;
  resolved?: boolean;
}) {
  const row = await sql<{ id: number }>`
    insert into billing (client_id, month_year, amount_cents, due_date, status, payment_date, amount_paid_cents,
      payment_difference_cents, difference_resolved_at, created_at, updated_at)
    values (1, ${values.due.slice(0, 7)}, ${values.amount}, ${values.due}, ${values.status}, ${values.paid_on ?? null},
      ${values.amount_paid ?? null}, ${values.difference ?? null}, ${values.resolved ? now : null}, ${now}, ${now})
    returning id`.execute(db);
  return row.rows[0]!.id;
}

async function receipt(
  billingId: number,
  r: { paid_on: string; rent: number; late_fee?: number; interest?: number; adjustment?: number; voided?: boolean },
) {
  receiptSeq += 1;
  const total = r.rent + (r.late_fee ?? 0) + (r.interest ?? 0) + (r.adjustment ?? 0);
  await sql`
    insert into billing_receipts (billing_id, payment_date, days_late, late_fee_bp, monthly_interest_bp, rent_cents,
      late_fee_cents, interest_cents, adjustment_cents, total_cents, file_name, file_key, mime_type, size, created_at, voided_at)
    values (${billingId}, ${r.paid_on}, 0, 1000, 100, ${r.rent}, ${r.late_fee ?? 0}, ${r.interest ?? 0},
      ${r.adjustment ?? 0}, ${total}, 'r.pdf', ${`k${receiptSeq}.pdf`}, 'application/pdf', 1, ${now}, ${r.voided ? now : null})`.execute(
    db,
  );
  return total;
}

const read = (id: number) =>
  db
    .selectFrom("billing")
    .select(["status", "open_cents", "amount_paid_cents"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe("migration 0028", () => {
  it("turns every billing, receipt and difference into entries that read as before, or say why not", async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0027_statement_pdf_pending")).error).toBeUndefined();
    await sql`insert into clients (name, email, created_at, updated_at, monthly_rent_cents)
              values ('Ana', 'ana@t.com', ${now}, ${now}, 100000)`.execute(db);

    const exact = await billing({
      amount: 100000,
      due: "2026-01-10",
      status: "paid",
      paid_on: "2026-01-09",
      amount_paid: 100000,
    });
    await receipt(exact, { paid_on: "2026-01-09", rent: 100000 });
    const late = await billing({
      amount: 100000,
      due: "2026-02-10",
      status: "paid",
      paid_on: "2026-03-02",
      amount_paid: 110667,
    });
    await receipt(late, { paid_on: "2026-03-02", rent: 100000, late_fee: 10000, interest: 667 });
    const discount = await billing({
      amount: 100000,
      due: "2026-03-10",
      status: "paid",
      paid_on: "2026-03-10",
      amount_paid: 95000,
    });
    await receipt(discount, { paid_on: "2026-03-10", rent: 100000, adjustment: -5000 });
    const short = await billing({
      amount: 463260,
      due: "2026-04-10",
      status: "paid",
      paid_on: "2026-04-10",
      amount_paid: 420000,
      difference: -43260,
    });
    await receipt(short, { paid_on: "2026-04-10", rent: 463260, adjustment: -43260 });
    const resolved = await billing({
      amount: 100000,
      due: "2026-05-10",
      status: "paid",
      paid_on: "2026-05-10",
      amount_paid: 90000,
      difference: -10000,
      resolved: true,
    });
    await receipt(resolved, { paid_on: "2026-05-10", rent: 100000, adjustment: -10000 });
    const over = await billing({
      amount: 120000,
      due: "2026-06-10",
      status: "paid",
      paid_on: "2026-06-10",
      amount_paid: 120073,
      difference: 73,
    });
    await receipt(over, { paid_on: "2026-06-10", rent: 120000, adjustment: 73 });
    const extra = await billing({
      amount: 100000,
      due: "2026-07-10",
      status: "paid",
      paid_on: "2026-07-10",
      amount_paid: 105000,
    });
    await receipt(extra, { paid_on: "2026-07-10", rent: 100000, adjustment: 5000 });
    const reopened = await billing({ amount: 100000, due: "2026-08-10", status: "pending" });
    await receipt(reopened, { paid_on: "2026-08-09", rent: 100000, voided: true });
    const bare = await billing({ amount: 100000, due: "2026-09-10", status: "paid", paid_on: "2026-09-10" });
    const open = await billing({ amount: 100000, due: "2099-01-10", status: "pending" });

    await migrateToLatest(db);

    expect(await read(exact)).toEqual({ status: "paid", open_cents: 0, amount_paid_cents: 100000 });
    expect(await read(late)).toEqual({ status: "paid", open_cents: 0, amount_paid_cents: 110667 });
    expect(await read(discount)).toEqual({ status: "paid", open_cents: 0, amount_paid_cents: 95000 });
    // The short payment that read Pago: 432,60 stays open.
    expect(await read(short)).toEqual({ status: "overdue", open_cents: 43260, amount_paid_cents: 420000 });
    expect(await read(resolved)).toEqual({ status: "paid", open_cents: 0, amount_paid_cents: 90000 });
    // The 0,73 over: the tenant's credit, not the billing's.
    expect(await read(over)).toEqual({ status: "paid", open_cents: 0, amount_paid_cents: 120000 });
    expect(await read(extra)).toEqual({ status: "paid", open_cents: 0, amount_paid_cents: 105000 });
    // Open as it was (stored pending; the hourly job stores overdue, every read judges it).
    expect(await read(reopened)).toEqual({ status: "pending", open_cents: 100000, amount_paid_cents: null });
    expect(await read(bare)).toEqual({ status: "paid", open_cents: 0, amount_paid_cents: 100000 });
    expect(await read(open)).toEqual({ status: "pending", open_cents: 100000, amount_paid_cents: null });
    expect(await tenantCreditLeft(db, 1)).toBe(73);

    // The late one's items, as its receipt had them: juros and multa charged, then paid first.
    const lateEntries = await db
      .selectFrom("ledger_entries")
      .select(["kind", "item", "amount_cents"])
      .where("billing_id", "=", late)
      .orderBy("kind")
      .orderBy("item")
      .execute();
    expect(lateEntries).toEqual([
      { kind: "allocation", item: "interest", amount_cents: 667 },
      { kind: "allocation", item: "late_fee", amount_cents: 10000 },
      { kind: "allocation", item: "rent", amount_cents: 100000 },
      { kind: "charge", item: "interest", amount_cents: 667 },
      { kind: "charge", item: "late_fee", amount_cents: 10000 },
      { kind: "charge", item: "rent", amount_cents: 100000 },
    ]);
    const discounts = await db
      .selectFrom("ledger_entries")
      .select(["billing_id", "amount_cents", "memo"])
      .where("kind", "=", "discount")
      .orderBy("billing_id")
      .execute();
    expect(discounts).toEqual([
      { billing_id: discount, amount_cents: 5000, memo: "Desconto" },
      { billing_id: resolved, amount_cents: 10000, memo: "Diferença marcada como resolvida" },
    ]);
    // Each receipt in force now names its credit; the voided one none.
    const receipts = await db
      .selectFrom("billing_receipts")
      .select(["billing_id", "credit_id"])
      .orderBy("billing_id")
      .execute();
    expect(receipts.filter((r) => r.credit_id === null).map((r) => r.billing_id)).toEqual([reopened]);

    expect(
      await db
        .selectFrom("ledger_backfill_notes")
        .select(["billing_id", "stored_status", "open_cents", "credit_left_cents", "reason"])
        .orderBy("billing_id")
        .execute(),
    ).toEqual([
      {
        billing_id: short,
        stored_status: "paid",
        open_cents: 43260,
        credit_left_cents: 0,
        reason: "Pago a menor sem resolução: agora Pago parcialmente, com o saldo em aberto",
      },
      {
        billing_id: over,
        stored_status: "paid",
        open_cents: 0,
        credit_left_cents: 73,
        reason: "Pago a maior: o excedente ficou como crédito do inquilino",
      },
      {
        billing_id: bare,
        stored_status: "paid",
        open_cents: 0,
        credit_left_cents: 0,
        reason: "Pago sem valor recebido registrado: o valor da cobrança foi tomado como recebido",
      },
    ]);
    expect(await checkProjection(db)).toEqual([]);
  });
});
