import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { hashPassword } from "#app/models/accounts/password.server";
import { generatePassword } from "#app/models/accounts/staff.server";
import { insertAccount } from "#app/models/accounts/users.server";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { setLeaseLogin } from "#app/models/clients/logins.server";
import {
  GENERATED_PASSWORD_LENGTH,
  clash,
  deleteLogin,
  resetOutsiderPassword,
} from "#app/models/clients/logins.server";

// An owner's access to the owner's area (issue 37, decision 0077): "Dar
// acesso" makes a `client`-role login for the owner, or links the login the
// same person already has as a tenant (one login, both areas); "Redefinir
// senha"; "Remover acesso" unlinks it, and deletes the account unless it still
// opens a tenant's area. Each write in one transaction with its audit rows.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

export type OwnerAccess = {
  id: number;
  name: string;
  email: string | null;
  login: { userId: number; username: string; alsoTenant: boolean } | null;
  // The tenant login staff may link instead of a new one: the login of a
  // lease whose tenant has the owner's CPF/CNPJ or email (staff confirm it;
  // nothing is linked by guess).
  tenantLogin: { userId: number; username: string; tenantName: string } | null;
  // The other way round: a running lease without a login whose tenant has the
  // owner's CPF/CNPJ or email, that the owner's login could open too (staff
  // confirm it).
  leaseToShare: { clientId: number; tenantName: string } | null;
};

export async function ownerAccess(db: DB, ownerId: number): Promise<OwnerAccess | null> {
  const owner = await db
    .selectFrom("owners")
    .leftJoin("users", "users.id", "owners.user_id")
    .select(["owners.id", "owners.name", "owners.email", "owners.cpf_cnpj", "users.id as userId", "users.username"])
    .where("owners.id", "=", ownerId)
    .executeTakeFirst();
  if (!owner) return null;
  const { userId, username, cpf_cnpj, ...rest } = owner;
  if (userId !== null && username !== null) {
    const lease = await db.selectFrom("clients").select("id").where("user_id", "=", userId).executeTakeFirst();
    return {
      ...rest,
      login: { userId, username, alsoTenant: lease !== undefined },
      tenantLogin: null,
      leaseToShare: lease ? null : await matchingLeaseWithoutLogin(db, cpf_cnpj, owner.email),
    };
  }
  return {
    ...rest,
    login: null,
    tenantLogin: await matchingTenantLogin(db, cpf_cnpj, owner.email),
    leaseToShare: null,
  };
}

// A running lease without a login, of a tenant none of whose leases has one,
// with the owner's CPF/CNPJ or email, the newest first.
async function matchingLeaseWithoutLogin(db: DB | Trx, cpfCnpj: string | null, email: string | null) {
  if (!cpfCnpj && !email) return null;
  const row = await db
    .selectFrom("clients as c")
    .select(["c.id as clientId", "c.name as tenantName"])
    .where("c.user_id", "is", null)
    .where("c.ended_on", "is", null)
    .where("c.personal_data_erased_at", "is", null)
    .where((eb) =>
      eb.or([
        ...(cpfCnpj ? [eb("c.cpf_cnpj", "=", cpfCnpj)] : []),
        ...(email ? [eb(eb.fn("lower", ["c.email"]), "=", email.toLowerCase())] : []),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("clients as g")
            .select("g.id")
            .whereRef("g.tenant_group_id", "=", "c.tenant_group_id")
            .where("g.user_id", "is not", null),
        ),
      ),
    )
    .orderBy("c.id", "desc")
    .executeTakeFirst();
  return row ?? null;
}

// "Usar este login também como inquilino": the owner's login opens the lease
// ownerAccess offered (only that one), in one transaction with its audit row.
export async function shareOwnerLogin(db: DB, ownerId: number, clientId: number, actor: AuditActor) {
  const access = await ownerAccess(db, ownerId);
  if (!access?.login) return { ok: false as const, reason: "no-login" as const };
  if (access.leaseToShare?.clientId !== clientId) return { ok: false as const, reason: "not-linkable" as const };
  const { userId } = access.login;
  return db.transaction().execute(async (trx) => {
    const lease = await trx.selectFrom("clients").select("user_id").where("id", "=", clientId).executeTakeFirst();
    if (!lease || lease.user_id !== null) return { ok: false as const, reason: "not-linkable" as const };
    await setLeaseLogin(trx, clientId, userId, null, actor);
    return { ok: true as const, name: access.name, tenantName: access.leaseToShare!.tenantName };
  });
}

async function matchingTenantLogin(db: DB, cpfCnpj: string | null, email: string | null) {
  if (!cpfCnpj && !email) return null;
  const row = await db
    .selectFrom("clients")
    .innerJoin("users", "users.id", "clients.user_id")
    .select(["users.id as userId", "users.username", "clients.name as tenantName"])
    .where("users.role", "=", "client")
    .where((eb) =>
      eb.or([
        ...(cpfCnpj ? [eb("clients.cpf_cnpj", "=", cpfCnpj)] : []),
        ...(email ? [eb(eb.fn("lower", ["clients.email"]), "=", email.toLowerCase())] : []),
      ]),
    )
    .where((eb) => eb.not(eb.exists(eb.selectFrom("owners").select("id").whereRef("owners.user_id", "=", "users.id"))))
    .orderBy("clients.id", "desc")
    .executeTakeFirst();
  return row ?? null;
}

async function linkOwner(trx: Trx, ownerId: number, before: number | null, after: number | null, actor: AuditActor) {
  await trx
    .updateTable("owners")
    .set({ user_id: after, updated_at: new Date().toISOString() })
    .where("id", "=", ownerId)
    .execute();
  await recordAudit(trx, {
    actor,
    action: "update",
    entity: "owner",
    entityId: ownerId,
    before: { user_id: before },
    after: { user_id: after },
  });
}

export type GiveAccessResult =
  | { ok: true; name: string; username: string; password: string | null }
  | { ok: false; reason: "missing" | "has-access" | "no-email" | "not-linkable" }
  | { ok: false; reason: "clash"; field: "username" | "email"; message: string };

// A new login for the owner (the password generated when empty, returned to
// be shown once), or the tenant login ownerAccess offered (linkUserId).
export async function giveOwnerAccess(
  db: DB,
  ownerId: number,
  input: { username: string; password?: string } | { linkUserId: number },
  actor: AuditActor,
): Promise<GiveAccessResult> {
  const access = await ownerAccess(db, ownerId);
  if (!access) return { ok: false, reason: "missing" };
  if (access.login) return { ok: false, reason: "has-access" };
  if ("linkUserId" in input) {
    // Only the login offered: never any account an id names.
    if (access.tenantLogin?.userId !== input.linkUserId) return { ok: false, reason: "not-linkable" };
    const { userId, username } = access.tenantLogin;
    return db.transaction().execute(async (trx) => {
      const now = await trx.selectFrom("owners").select("user_id").where("id", "=", ownerId).executeTakeFirst();
      if (!now) return { ok: false, reason: "missing" } as const;
      if (now.user_id !== null) return { ok: false, reason: "has-access" } as const;
      await linkOwner(trx, ownerId, null, userId, actor);
      return { ok: true, name: access.name, username, password: null } as const;
    });
  }
  if (!access.email) return { ok: false, reason: "no-email" };
  const email = access.email;
  const password = input.password || generatePassword(GENERATED_PASSWORD_LENGTH);
  const password_hash = await hashPassword(password);
  try {
    return await db.transaction().execute(async (trx) => {
      const now = await trx.selectFrom("owners").select("user_id").where("id", "=", ownerId).executeTakeFirst();
      if (!now) return { ok: false, reason: "missing" } as const;
      if (now.user_id !== null) return { ok: false, reason: "has-access" } as const;
      const userId = await insertAccount(
        trx,
        { username: input.username, email, name: access.name, role: "client" },
        password_hash,
        actor,
      );
      await linkOwner(trx, ownerId, null, userId, actor);
      return {
        ok: true,
        name: access.name,
        username: input.username,
        password: input.password ? null : password,
      } as const;
    });
  } catch (error) {
    const field = clash(error);
    if (field)
      return {
        ok: false,
        reason: "clash",
        field: field.field === "email" ? "email" : "username",
        message: field.message,
      } as const;
    throw error;
  }
}

// "Redefinir senha" of the owner's login; null: no owner or no login.
export async function resetOwnerPassword(db: DB, ownerId: number, actor: AuditActor) {
  const access = await ownerAccess(db, ownerId);
  if (!access?.login) return null;
  const password = await resetOutsiderPassword(db, access.login.userId, actor);
  return password ? { name: access.name, username: access.login.username, password } : null;
}

// "Remover acesso": the owner's area closes; the login itself is deleted
// unless it still opens the person's tenant area. null: no such owner.
export async function removeOwnerAccess(db: DB, ownerId: number, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom("owners")
      .select(["name", "user_id"])
      .where("id", "=", ownerId)
      .executeTakeFirst();
    if (!owner) return null;
    if (owner.user_id !== null) {
      const userId = owner.user_id;
      await linkOwner(trx, ownerId, userId, null, actor);
      // Its sessions stay for the tenant's area: the owner's guard reads the link on every request.
      const lease = await trx.selectFrom("clients").select("id").where("user_id", "=", userId).executeTakeFirst();
      if (!lease) await deleteLogin(trx, userId, actor);
    }
    return { name: owner.name };
  });
}
