import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/db.server";
import { migrations } from "#migrations";

// Migration 0036 (docs/decisions/0067-co-owners.md) on the shape before it:
// every contract with an owner has that owner at 100%, every transferred
// payment is tied to its owner's statement, and the triggers keep a
// one-owner contract in step with clients.owner_id.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "it-0036-"));
const db = openDatabase(path.join(dir, "app.db"));
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const now = "2026-06-01T12:00:00.000Z";
const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0]!;

async function owner(name: string) {
  return (
    await one(
      sql<{
        id: number;
      }>`insert into owners (name, created_at, updated_at) values (${name}, ${now}, ${now}) returning id`,
    )
  ).id;
}
async function client(name: string, ownerId: number | null) {
  return (
    await one(sql<{ id: number }>`insert into clients (name, email, owner_id, created_at, updated_at)
      values (${name}, ${`${name}@t.com`}, ${ownerId}, ${now}, ${now}) returning id`)
  ).id;
}
const leaseRows = () =>
  db
    .selectFrom("lease_owners")
    .select(["client_id", "owner_id", "share_bp", "position"])
    .orderBy("client_id")
    .execute();

describe("migration 0036", () => {
  it("gives each contract's owner the whole, ties transferred payments to their owner, and keeps one owner in step", async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0035_guarantees")).error).toBeUndefined();
    const helena = await owner("Helena");
    const owned = await client("com-dono", helena);
    const unowned = await client("sem-dono", null);
    const statement = (
      await one(sql<{ id: number }>`insert into owner_statements (owner_id, month, gross_cents, charges_cents,
        admin_fee_cents, first_rent_fee_cents, net_cents, items, transferred_on, created_by_name, created_at,
        file_key, file_name, mime_type, size)
        values (${helena}, '2026-05', 100000, 0, 10000, 0, 90000, '[]', '2026-05-10', 'Ana', ${now},
        'pending:1', 'extrato.pdf', 'application/pdf', 0) returning id`)
    ).id;
    const billing = async (statementId: number | null) =>
      (
        await one(sql<{ id: number }>`insert into billing (client_id, month_year, amount_cents, due_date, status,
          owner_statement_id, grace_until, created_at, updated_at)
          values (${owned}, '2026-05', 100000, '2026-05-05', 'paid', ${statementId}, '2026-05-05', ${now}, ${now}) returning id`)
      ).id;
    const transferred = await billing(statement);
    await billing(null);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    expect(await leaseRows()).toEqual([{ client_id: owned, owner_id: helena, share_bp: 10_000, position: 0 }]);
    expect(await db.selectFrom("billing_transfers").selectAll().execute()).toEqual([
      { billing_id: transferred, owner_id: helena, owner_statement_id: statement },
    ]);
    expect(await db.selectFrom("clients").select("id").orderBy("id").execute()).toEqual([
      { id: owned },
      { id: unowned },
    ]);

    // The triggers: a new contract with an owner; an owner changed; removed.
    const igor = await owner("Igor");
    const fresh = await client("novo", igor);
    await db.updateTable("clients").set({ owner_id: igor }).where("id", "=", owned).execute();
    await db.updateTable("clients").set({ owner_id: helena }).where("id", "=", unowned).execute();
    await db.updateTable("clients").set({ owner_id: null }).where("id", "=", fresh).execute();
    expect(await leaseRows()).toEqual([
      { client_id: owned, owner_id: igor, share_bp: 10_000, position: 0 },
      { client_id: unowned, owner_id: helena, share_bp: 10_000, position: 0 },
    ]);
    // A share above the whole is refused by the table itself.
    await expect(
      sql`insert into lease_owners (client_id, owner_id, share_bp, position) values (${fresh}, ${igor}, 10001, 0)`.execute(
        db,
      ),
    ).rejects.toThrow(/CHECK constraint failed/);
  });
});
