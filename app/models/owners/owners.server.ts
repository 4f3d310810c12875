import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { queryBatches, pageOf } from "#app/models/shared/paging.server";
import { searchCondition } from "#app/models/shared/search.server";
import type { OwnerInput } from "./owner.schema";
import type { OwnersQuery } from "./owners-query";
import { anyRow } from "#app/models/shared/exists.server";
import { localToday } from "#app/models/shared/days";
import { rewithholdOpenBillings } from "#app/models/withholding/irrf.server";
import { copyToLogin } from "#app/models/clients/logins.server";

// Owners (Proprietários, issue 22): who receives the rent of a contract (the
// client record points to its owner). One owner may have several contracts.
// Every write is one transaction with its audit row.

type DB = Kysely<Database>;

// "Proprietários" (docs/product.md §Proprietários): one page, alphabetical,
// with how many contracts name each owner; ?busca= finds the name, CPF/CNPJ,
// email or Pix key, ?contratos= whether any contract names them
// (owners-query.ts). The count is a subquery, so the filtered query stays one
// row an owner and counts as such.
function ownersList(db: DB, q: OwnersQuery) {
  let filtered = db.selectFrom("owners");
  if (q.contracts)
    filtered = filtered.where((eb) => {
      const named = anyRow(
        eb
          .selectFrom("lease_owners")
          .select("lease_owners.client_id")
          .whereRef("lease_owners.owner_id", "=", "owners.id"),
      );
      return q.contracts === "com" ? eb.exists(named) : eb.not(eb.exists(named));
    });
  const found = searchCondition(q.search, {
    text: ["owners.name", "owners.email", "owners.pix_key"],
    documents: ["owners.cpf_cnpj"],
  });
  if (found) filtered = filtered.where(found);
  const ordered = (query: typeof filtered) =>
    query
      .select(["owners.id", "owners.name", "owners.cpf_cnpj", "owners.email", "owners.phone", "owners.pix_key"])
      .select(sql<number>`(select count(*) from lease_owners where lease_owners.owner_id = owners.id)`.as("contracts"))
      // The owner's area (decision 0077): a login, a payout change waiting for staff.
      .select(sql<number>`owners.user_id is not null`.as("has_access"))
      .select(
        sql<number>`exists (select 1 from owner_bank_requests r where r.owner_id = owners.id and r.outcome is null)`.as(
          "bank_request_waiting",
        ),
      )
      // As people read the names ("Álvaro" among the A's), as fold() compares.
      .orderBy("owners.name_fold")
      .orderBy("owners.id");
  return { filtered, ordered };
}

export async function listOwners(db: DB, q: OwnersQuery) {
  const { filtered, ordered } = ownersList(db, q);
  return pageOf(filtered, q.page, ordered);
}

// Every owner of the list, batch by batch (Exportar CSV).
export function ownersExportBatches(db: DB, q: OwnersQuery) {
  const { filtered, ordered } = ownersList(db, q);
  return queryBatches(ordered(filtered));
}
export type OwnerListItem = Awaited<ReturnType<typeof listOwners>>["rows"][number];

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
  ...(input.approval_limit !== undefined ? { approval_limit_cents: input.approval_limit } : {}),
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
    const stored = await trx
      .selectFrom("owners")
      .select(["name", "cpf_cnpj", "email", "phone", "pix_key", "bank_account", "approval_limit_cents"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!stored) return false;
    const after = values(input);
    // The limit left out of the form stays as it is, and out of the audit row.
    const { approval_limit_cents, ...rest } = stored;
    const before = "approval_limit_cents" in after ? { ...rest, approval_limit_cents } : rest;
    await trx
      .updateTable("owners")
      .set({ ...after, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, { actor, action: "update", entity: "owner", entityId: id, before, after });
    // The owner's own login (decision 0077) signs in and recovers by this
    // email; a login shared with a lease keeps the tenant's record's email.
    // Throws DuplicateUserError when another account has it.
    if (after.email && after.email !== before.email) {
      const login = await trx
        .selectFrom("owners")
        .innerJoin("users", "users.id", "owners.user_id")
        .select(["users.id", "users.name"])
        .where("owners.id", "=", id)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom("clients").select("clients.id").whereRef("clients.user_id", "=", "users.id"))),
        )
        .executeTakeFirst();
      if (login)
        await copyToLogin(trx, login.id, { name: after.name, email: after.email }, actor, new Date().toISOString());
    }
    // A person or a company decides a company tenant's IRRF (decision 0074):
    // the open billings of the owner's contracts follow the new document.
    if (before.cpf_cnpj !== after.cpf_cnpj) {
      const leases = await trx.selectFrom("lease_owners").select("client_id").where("owner_id", "=", id).execute();
      for (const l of leases) await rewithholdOpenBillings(trx, l.client_id, actor, localToday());
    }
    return true;
  });
}
