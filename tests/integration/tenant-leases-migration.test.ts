import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/db.server";
import { migrations } from "#migrations";

// Migration 0042 (docs/decisions/0073-tenant-leases.md) on the shape before
// it: every contract, logins and all, becomes its own tenant's first lease;
// none is lost, none merged (two rows with the same CPF stay two tenants).

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "it-0042-"));
const db = openDatabase(path.join(dir, "app.db"));
afterAll(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const now = "2026-06-01T12:00:00.000Z";

describe("migration 0042", () => {
  it("makes each contract its own tenant's first lease and groups the next ones by the trigger", async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("0041_third_party_payouts")).error).toBeUndefined();
    for (const name of ["ana", "ana-de-novo", "bia"]) {
      await sql`insert into clients (name, email, cpf_cnpj, created_at, updated_at)
        values (${name}, ${`${name}@t.com`}, ${name === "bia" ? "11144477735" : "52998224725"}, ${now}, ${now})`.execute(
        db,
      );
    }
    const before = await db.selectFrom("clients").select(["id", "name"]).orderBy("id").execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const after = await db.selectFrom("clients").select(["id", "name", "tenant_group_id"]).orderBy("id").execute();
    expect(after).toEqual(before.map((c) => ({ ...c, tenant_group_id: c.id })));

    // A row written later without a group starts its own; one naming a group joins it.
    const fresh = await db
      .insertInto("clients")
      .values({ name: "nova", email: "nova@t.com", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const joined = await db
      .insertInto("clients")
      .values({ name: "ana-3", email: "ana3@t.com", tenant_group_id: before[0].id, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const groups = await db
      .selectFrom("clients")
      .select(["id", "tenant_group_id"])
      .where("id", "in", [fresh.id, joined.id])
      .orderBy("id")
      .execute();
    expect(groups).toEqual([
      { id: fresh.id, tenant_group_id: fresh.id },
      { id: joined.id, tenant_group_id: before[0].id },
    ]);
  });
});
