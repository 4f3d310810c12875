import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql, type Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/db.server";
import { migrateToLatest } from "#app/db/migrate.server";
import type { Database } from "#app/db/schema";
import { createClient, getClient, updateClient } from "#app/models/clients/clients.server";
import { editClientSchema } from "#app/models/clients/client.schema";
import { ownerSchema } from "#app/models/owners/owner.schema";
import { createOwner, listOwners, updateOwner } from "#app/models/owners/owners.server";
import { migrations } from "#migrations";

// Owners (issue 22): the clients' three owner fields become owner rows on
// migration, one per email (else name), nothing lost; the form's owner and
// fees are stored per contract; the owner form checks the CPF/CNPJ and Pix key.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "it-owners-"));
const opened: Kysely<Database>[] = [];
afterAll(async () => {
  for (const db of opened) await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

function open(name: string) {
  const db = openDatabase(path.join(dir, name));
  opened.push(db);
  return db;
}

describe("migration 0011", () => {
  it("turns each client's owner fields into an owner row, one per email or name, and links the contract", async () => {
    const db = open("migrate.db");
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const upTo = await migrator.migrateTo("0010_reconciliation");
    expect(upTo.error).toBeUndefined();
    const now = "2026-01-01T00:00:00.000Z";
    // The columns as 0004 made them (the types of schema.ts no longer have them).
    const client = (name: string, ownerName: string | null, ownerEmail: string | null, ownerPhone: string | null) =>
      sql`insert into clients (name, email, created_at, updated_at, owner_name, owner_email, owner_phone)
          values (${name}, ${`${name}@t.com`}, ${now}, ${now}, ${ownerName}, ${ownerEmail}, ${ownerPhone})`.execute(db);
    await client("a", "José Andrade", "Jose@Exemplo.com", "(67) 99911-2233");
    await client("b", "José C. Andrade", "jose@exemplo.com", null);
    await client("c", "Helena Martins", null, null);
    await client("d", null, null, null);
    await migrateToLatest(db);

    const owners = await db.selectFrom("owners").select(["id", "name", "email", "phone"]).orderBy("id").execute();
    expect(owners).toEqual([
      { id: 1, name: "José Andrade", email: "Jose@Exemplo.com", phone: "(67) 99911-2233" },
      { id: 2, name: "Helena Martins", email: null, phone: null },
    ]);
    const links = await db.selectFrom("clients").select(["name", "owner_id"]).orderBy("name").execute();
    expect(links).toEqual([
      { name: "a", owner_id: 1 },
      { name: "b", owner_id: 1 },
      { name: "c", owner_id: 2 },
      { name: "d", owner_id: null },
    ]);
  });
});

describe("owners and contracts", () => {
  it("stores the contract's owner, fees and readjustment from the client form, and counts an owner's contracts", async () => {
    const db = open("app.db");
    await migrateToLatest(db);
    const owner = await createOwner(db, ownerSchema.parse({ name: "Helena Duarte", cpf_cnpj: "153.509.460-56" }), null);
    const created = await createClient(
      db,
      {
        name: "Inquilina",
        email: "i@t.com",
        username: "inq1",
        password: "senha1234",
        payment_due_day: 5,
        owner_id: owner,
      },
      null,
    );
    if (!created.ok) throw new Error(created.message);
    // Defaults: 10% administration, the first rent kept (100%), no readjustment.
    expect(await getClient(db, created.id)).toMatchObject({
      owner_id: owner,
      admin_fee_bp: 1000,
      first_rent_fee_bp: 10_000,
      readjustment_index: null,
      readjustment_lowers: 0,
    });
    const edited = editClientSchema.safeParse({
      name: "Inquilina",
      email: "i@t.com",
      owner_id: String(owner),
      admin_fee_percent: "8,5",
      first_rent_fee_percent: "0",
      readjustment_index: "IGPM",
      readjustment_lowers: "on",
    });
    if (!edited.success) throw new Error(edited.error.message);
    await updateClient(db, created.id, edited.data, null);
    expect(await getClient(db, created.id)).toMatchObject({
      admin_fee_bp: 850,
      first_rent_fee_bp: 0,
      readjustment_index: "IGPM",
      readjustment_lowers: 1,
    });
    expect((await listOwners(db, { search: "", contracts: null, page: 1 })).rows).toMatchObject([
      { id: owner, name: "Helena Duarte", cpf_cnpj: "15350946056", contracts: 1 },
    ]);
    expect(await updateOwner(db, 999, ownerSchema.parse({ name: "X" }), null)).toBe(false);
  });

  it("refuses a wrong CPF/CNPJ, a Pix key of no known kind and a fee above 100%", () => {
    const owner = ownerSchema.safeParse({ name: "X", cpf_cnpj: "123.456.789-00", pix_key: "minha chave" });
    expect(owner.success).toBe(false);
    const issues = owner.success ? [] : owner.error.issues.map((i) => i.path.join("."));
    expect(issues.sort()).toEqual(["cpf_cnpj", "pix_key"]);
    expect(ownerSchema.parse({ name: "X", pix_key: "+55 (67) 99911-2233" }).pix_key).toBe("+5567999112233");
    const fee = editClientSchema.safeParse({ name: "I", email: "i@t.com", admin_fee_percent: "101" });
    expect(fee.success).toBe(false);
  });
});
