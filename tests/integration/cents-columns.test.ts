import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/db.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { migrations } from "#migrations";

// Migration 0018 gives the centavo columns one spelling, `*_cents`
// (docs/decisions/0052-money-and-days.md): a database written before keeps
// every amount, under the new name, and no column of the old name is left.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "it-cents-"));
const db = openDatabase(path.join(dir, "app.db"));
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("migration 0018", () => {
  it("renames the centavo columns in place, amounts kept", async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0017_email_outbox")).error).toBeUndefined();
    const now = "2026-01-01T00:00:00.000Z";
    await sql`insert into clients (name, email, created_at, updated_at, monthly_rent)
              values ('Ana', 'ana@t.com', ${now}, ${now}, 185000)`.execute(db);
    await sql`insert into billing (client_id, month_year, amount_cents, due_date, status, payment_date,
                amount_paid, payment_difference, created_at, updated_at)
              values (1, '2026-01', 185000, '2026-01-05', 'paid', '2026-01-06', 175000, -10000, ${now}, ${now})`.execute(
      db,
    );
    await migrateToLatest(db);

    expect(await db.selectFrom("clients").select("monthly_rent_cents").executeTakeFirst()).toEqual({
      monthly_rent_cents: 185000,
    });
    expect(
      await db
        .selectFrom("billing")
        .select(["amount_cents", "amount_paid_cents", "payment_difference_cents"])
        .executeTakeFirst(),
    ).toEqual({ amount_cents: 185000, amount_paid_cents: 175000, payment_difference_cents: -10000 });
    const columns = await sql<{ name: string; tbl: string }>`
      select m.name as tbl, p.name from sqlite_master m join pragma_table_info(m.name) p
      where m.type = 'table'`.execute(db);
    const names = new Set(columns.rows.map((c) => `${c.tbl}.${c.name}`));
    for (const [table, old] of [
      ["properties", "price"],
      ["property_listing_requests", "price"],
      ["clients", "monthly_rent"],
      ["billing", "amount_paid"],
      ["billing", "payment_difference"],
      ["readjustments", "old_rent"],
      ["readjustments", "new_rent"],
    ]) {
      expect(names.has(`${table}.${old}`), `${table}.${old}`).toBe(false);
      expect(names.has(`${table}.${old}_cents`), `${table}.${old}_cents`).toBe(true);
    }
  });
});
