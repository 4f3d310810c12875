import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import type { OwnerInput } from "./owner.schema";

// Owners (Proprietários, issue 22): who receives the rent of a contract (the
// client record points to its owner). One owner may have several contracts.
// Every write is one transaction with its audit row.

type DB = Kysely<Database>;

// "Proprietários": every owner, alphabetical, with how many contracts name them.
export async function listOwners(db: DB) {
  return db
    .selectFrom("owners")
    .leftJoin("clients", "clients.owner_id", "owners.id")
    .select(["owners.id", "owners.name", "owners.cpf_cnpj", "owners.email", "owners.phone", "owners.pix_key"])
    .select((eb) => eb.fn.count<number>("clients.id").as("contracts"))
    .groupBy("owners.id")
    .orderBy("owners.name")
    .execute();
}
export type OwnerListItem = Awaited<ReturnType<typeof listOwners>>[number];

// The client form's select.
export async function listOwnerChoices(db: DB) {
  return db.selectFrom("owners").select(["id", "name"]).orderBy("name").orderBy("id").execute();
}

export async function getOwner(db: DB, id: number) {
  return (await db.selectFrom("owners").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

const values = (input: OwnerInput) => ({
  name: input.name,
  cpf_cnpj: input.cpf_cnpj ?? null,
  email: input.email ?? null,
  phone: input.phone ?? null,
  pix_key: input.pix_key ?? null,
  bank_account: input.bank_account ?? null,
});

export async function createOwner(db: DB, input: OwnerInput, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const after = values(input);
    const row = await trx
      .insertInto("owners")
      .values({ ...after, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { actor, action: "create", entity: "owner", entityId: row.id, after });
    return row.id;
  });
}

// false: no such owner.
export async function updateOwner(db: DB, id: number, input: OwnerInput, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("owners")
      .select(["name", "cpf_cnpj", "email", "phone", "pix_key", "bank_account"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return false;
    const after = values(input);
    await trx
      .updateTable("owners")
      .set({ ...after, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, { actor, action: "update", entity: "owner", entityId: id, before, after });
    return true;
  });
}
