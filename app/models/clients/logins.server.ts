import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { hashPassword } from "#app/models/accounts/password.server";
import { generatePassword } from "#app/models/accounts/staff.server";
import { DuplicateUserError, assertUnique, insertAccount } from "#app/models/accounts/users.server";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { EMAIL_TAKEN, USERNAME_TAKEN } from "./client.schema";

// A rental client's login (docs/decisions/0025-client-logins.md): a `users`
// row with role `client`, linked by clients.user_id. "Dar login", "Redefinir
// senha" and "Desativar login" of /admin/clients; how a login moves between a
// tenant's leases and follows the lease's name and email (decision 0073).
// Every write in one transaction with its audit rows, the password hashed
// before it starts.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// The generated password: 8 letters and digits
// (docs/decisions/0025-client-logins.md).
export const GENERATED_PASSWORD_LENGTH = 8;

export type FieldError = { ok: false; field: "username" | "email" | "property_id"; message: string };

export function clash(error: unknown): FieldError | null {
  if (!(error instanceof DuplicateUserError)) return null;
  return error.field === "username"
    ? { ok: false, field: "username", message: USERNAME_TAKEN }
    : { ok: false, field: "email", message: EMAIL_TAKEN };
}

// Links (or unlinks, null) the client's login, with its audit row.
async function linkLogin(trx: Trx, id: number, before: number | null, after: number | null, actor: AuditActor) {
  await trx
    .updateTable("clients")
    .set({ user_id: after, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
  await recordAudit(trx, {
    actor,
    action: "update",
    entity: "client",
    entityId: id,
    before: { user_id: before },
    after: { user_id: after },
  });
}

// A login for a client without one. The password (generated when empty) is
// returned to be shown once.
export async function giveClientLogin(
  db: DB,
  id: number,
  input: { username: string; password?: string },
  actor: AuditActor,
) {
  const password = input.password || generatePassword(GENERATED_PASSWORD_LENGTH);
  const client = await db
    .selectFrom("clients")
    .select(["name", "email", "user_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!client) return { ok: false as const, reason: "missing" as const };
  if (client.user_id !== null) return { ok: false as const, reason: "has-login" as const };
  try {
    await assertUnique(db, input.username, client.email);
    const password_hash = await hashPassword(password);
    return await db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom("clients").select("user_id").where("id", "=", id).executeTakeFirst();
      if (!current) return { ok: false as const, reason: "missing" as const };
      if (current.user_id !== null) return { ok: false as const, reason: "has-login" as const };
      const userId = await insertAccount(
        trx,
        { username: input.username, email: client.email, name: client.name, role: "client" },
        password_hash,
        actor,
      );
      await linkLogin(trx, id, null, userId, actor);
      return { ok: true as const, name: client.name, password: input.password ? null : password };
    });
  } catch (error) {
    const field = clash(error);
    if (field) return { ok: false as const, reason: "clash" as const, message: field.message };
    throw error;
  }
}

// A new generated password for the client's login (its sessions end); null
// when the client or its login does not exist.
export async function resetClientPassword(db: DB, id: number, actor: AuditActor) {
  const client = await db.selectFrom("clients").select(["name", "user_id"]).where("id", "=", id).executeTakeFirst();
  if (!client || client.user_id === null) return null;
  const password = await resetOutsiderPassword(db, client.user_id, actor);
  return password ? { name: client.name, password } : null;
}

// A new generated password for an outside person's login (a tenant's, an
// owner's: decision 0077), its sessions ended, audited; null: no such login.
export async function resetOutsiderPassword(db: DB, userId: number, actor: AuditActor) {
  const password = generatePassword(GENERATED_PASSWORD_LENGTH);
  const password_hash = await hashPassword(password);
  const done = await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select("id")
      .where("id", "=", userId)
      .where("role", "=", "client")
      .executeTakeFirst();
    if (!user) return false;
    await trx
      .updateTable("users")
      .set({ password_hash, updated_at: new Date().toISOString() })
      .where("id", "=", user.id)
      .execute();
    await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    await recordAudit(trx, { actor, action: "password_reset", entity: "client_account", entityId: user.id });
    return true;
  });
  return done ? password : null;
}

// Removes a client's login inside a transaction (sessions and reset tokens go
// with it); the record stays, "Sem Login". A login that also opens an owner's
// area (decision 0077) stays for that area: only the caller's link to the
// lease goes.
export async function removeLogin(trx: Trx, userId: number, actor: AuditActor) {
  const owner = await trx.selectFrom("owners").select("id").where("user_id", "=", userId).executeTakeFirst();
  if (owner) return;
  await deleteLogin(trx, userId, actor);
}

// The account row itself, audited.
export async function deleteLogin(trx: Trx, userId: number, actor: AuditActor) {
  const user = await trx
    .selectFrom("users")
    .select(["username", "email", "name"])
    .where("id", "=", userId)
    .where("role", "=", "client")
    .executeTakeFirst();
  if (!user) return;
  await trx.deleteFrom("users").where("id", "=", userId).execute();
  await recordAudit(trx, { actor, action: "delete", entity: "client_account", entityId: userId, before: user });
}

// "Desativar login": the client can no longer sign in. null: no such client.
export async function disableClientLogin(db: DB, id: number, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const client = await trx.selectFrom("clients").select(["name", "user_id"]).where("id", "=", id).executeTakeFirst();
    if (!client) return null;
    if (client.user_id !== null) {
      await removeLogin(trx, client.user_id, actor);
      await linkLogin(trx, id, client.user_id, null, actor);
    }
    return { name: client.name };
  });
}

// A lease's name, email and (when given) username copied to its login, so
// signing in by email and password recovery find the person as they are now.
// A clash throws the unique error the callers turn into the field's message.
export async function copyToLogin(
  trx: Trx,
  userId: number,
  values: { name: string; email: string; username?: string },
  actor: AuditActor,
  now: string,
) {
  const login = { name: values.name, email: values.email, ...(values.username ? { username: values.username } : {}) };
  await assertUnique(trx, values.username ?? null, values.email, userId);
  const old = await trx
    .selectFrom("users")
    .select(["name", "email", "username"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable("users")
    .set({ ...login, updated_at: now })
    .where("id", "=", userId)
    .execute();
  await recordAudit(trx, {
    actor,
    action: "update",
    entity: "client_account",
    entityId: userId,
    before: old,
    after: { ...old, ...login },
  });
}

// A lease's login set (or cleared), with its audit row: the login moving
// between a tenant's leases (decision 0073).
export async function setLeaseLogin(
  trx: Trx,
  leaseId: number,
  userId: number | null,
  before: number | null,
  actor: AuditActor,
) {
  await trx
    .updateTable("clients")
    .set({ user_id: userId, updated_at: new Date().toISOString() })
    .where("id", "=", leaseId)
    .execute();
  await recordAudit(trx, {
    actor,
    action: "update",
    entity: "client",
    entityId: leaseId,
    before: { user_id: before },
    after: { user_id: userId },
  });
}
