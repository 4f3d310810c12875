import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/db.server";
import { migrations } from "#migrations";

// Migration 0034 (docs/decisions/0066-lease-dates.md) on the shape before it:
// each billing gets its grace day (weekends and the seeded holidays), every
// client row stays, contracts keep their whole months, and a term that ended
// over 30 days ago with nothing billed after it is ended on its end date,
// while a recent one, or one billed on, runs on (an indefinite term).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "it-0034-"));
const db = openDatabase(path.join(dir, "app.db"));
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const now = "2026-06-01T12:00:00.000Z";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function client(name: string, end: string) {
  const row = await sql<{ id: number }>`
    insert into clients (name, email, created_at, updated_at, monthly_rent_cents, contract_start_date, contract_end_date)
    values (${name}, ${`${name}@t.com`}, ${now}, ${now}, 100000, '2024-01-01', ${end}) returning id`.execute(db);
  return row.rows[0]!.id;
}
async function billing(clientId: number, due: string) {
  const row = await sql<{ id: number }>`
    insert into billing (client_id, month_year, amount_cents, due_date, created_at, updated_at)
    values (${clientId}, ${due.slice(0, 7)}, 100000, ${due}, ${now}, ${now}) returning id`.execute(db);
  return row.rows[0]!.id;
}

describe("migration 0034", () => {
  it("gives billings their grace day and leaves the old contracts as they were, past terms ended", async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0033_payment_proofs")).error).toBeUndefined();
    const running = await client("corrente", "2030-12-31");
    const longGone = await client("antigo", day(-90));
    const recent = await client("recente", day(-10));
    const billedOn = await client("continuou", day(-90));
    await billing(billedOn, day(-5));
    const saturday = await billing(running, "2026-11-28");
    const carnival = await billing(running, "2027-02-06"); // Saturday before Carnival
    const friday = await billing(running, "2026-11-27");
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const grace = async (id: number) =>
      (await db.selectFrom("billing").select("grace_until").where("id", "=", id).executeTakeFirstOrThrow()).grace_until;
    expect(await grace(saturday)).toBe("2026-11-30");
    expect(await grace(carnival)).toBe("2027-02-10");
    expect(await grace(friday)).toBe("2026-11-27");

    const rows = await db
      .selectFrom("clients")
      .select(["id", "first_month", "readjustment_lag_months", "ended_on", "contract_end_date"])
      .orderBy("id")
      .execute();
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.first_month === "full" && r.readjustment_lag_months === 1)).toBe(true);
    const ended = Object.fromEntries(rows.map((r) => [r.id, r.ended_on]));
    expect(ended[running]).toBeNull();
    expect(ended[longGone]).toBe(rows.find((r) => r.id === longGone)!.contract_end_date);
    expect(ended[recent]).toBeNull();
    expect(ended[billedOn]).toBeNull();
  });
});
