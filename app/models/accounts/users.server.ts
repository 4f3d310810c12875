import type { Kysely, Transaction } from "kysely";
import type { Database, Role } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { hashPassword, verifyPassword } from "./password.server";

type DB = Kysely<Database>;

export type SessionUser = { id: number; username: string; email: string; name: string; role: Role; active: boolean };

const userColumns = ["id", "username", "email", "name", "role", "active"] as const;

function toUser(r: {
  id: number;
  username: string;
  email: string;
  name: string;
  role: Role;
  active: number;
}): SessionUser {
  return { ...r, active: r.active === 1 };
}

export async function getUserById(db: DB, id: number) {
  const row = await db.selectFrom("users").select(userColumns).where("id", "=", id).executeTakeFirst();
  return row ? toUser(row) : null;
}

// Login accepts the username or the email, whatever the case (columns are NOCASE).
export async function findUserForLogin(db: DB, identifier: string) {
  const id = identifier.trim();
  if (!id) return null;
  return (
    (await db
      .selectFrom("users")
      .select([...userColumns, "password_hash"])
      .where((eb) => eb.or([eb("username", "=", id), eb("email", "=", id)]))
      .executeTakeFirst()) ?? null
  );
}

export async function findUserByEmail(db: DB, email: string) {
  const row = await db.selectFrom("users").select(userColumns).where("email", "=", email.trim()).executeTakeFirst();
  return row ? toUser(row) : null;
}

export class DuplicateUserError extends Error {
  constructor(public field: "username" | "email") {
    super(field === "username" ? "Este nome de usuário já está em uso." : "Este email já está em uso.");
  }
}

export async function assertUnique(
  db: DB | Transaction<Database>,
  username: string | null,
  email: string | null,
  exceptId?: number,
) {
  if (username) {
    let q = db.selectFrom("users").select("id").where("username", "=", username);
    if (exceptId) q = q.where("id", "!=", exceptId);
    if (await q.executeTakeFirst()) throw new DuplicateUserError("username");
  }
  if (email) {
    let q = db.selectFrom("users").select("id").where("email", "=", email);
    if (exceptId) q = q.where("id", "!=", exceptId);
    if (await q.executeTakeFirst()) throw new DuplicateUserError("email");
  }
}

// Staff and tenant accounts are audited under their own entity names.
const accountEntity = (role: Role) => (role === "client" ? "client_account" : "staff_account");

// The password is hashed first (~50 ms), outside the transaction, so the
// database is not held while argon2 works.
export async function createUser(
  db: DB,
  input: { username: string; email: string; name: string; password: string; role: Role },
  actor: AuditActor,
) {
  const username = input.username.trim();
  const email = input.email.trim();
  await assertUnique(db, username, email);
  const now = new Date().toISOString();
  const password_hash = await hashPassword(input.password);
  return db
    .transaction()
    .execute((trx) => insertAccount(trx, { ...input, username, email }, password_hash, actor, now));
}

// The account row and its audit row, inside the caller's transaction (a
// client's login is written with its client record). Throws DuplicateUserError.
export async function insertAccount(
  trx: Transaction<Database>,
  input: { username: string; email: string; name: string; role: Role },
  password_hash: string,
  actor: AuditActor,
  now = new Date().toISOString(),
) {
  // Checked again inside the write: another request may have taken the name meanwhile.
  await assertUnique(trx, input.username.trim(), input.email.trim());
  const values = {
    username: input.username.trim(),
    email: input.email.trim(),
    name: input.name.trim(),
    role: input.role,
    active: 1,
  };
  const row = await trx
    .insertInto("users")
    .values({ ...values, password_hash, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    actor,
    action: "create",
    entity: accountEntity(input.role),
    entityId: row.id,
    after: values,
  });
  return row.id;
}

export async function updateProfile(db: DB, id: number, input: { name: string; email: string }, actor: AuditActor) {
  await db.transaction().execute(async (trx) => {
    await assertUnique(trx, null, input.email.trim(), id);
    const before = await trx
      .selectFrom("users")
      .select(["name", "email", "role"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return;
    const after = { name: input.name.trim(), email: input.email.trim() };
    await trx
      .updateTable("users")
      .set({ ...after, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: accountEntity(before.role),
      entityId: id,
      before: { name: before.name, email: before.email },
      after,
    });
  });
}

// Whether `password` is the account's current one (to change the email or
// the password, a borrowed session is not enough).
export async function checkPassword(db: DB, id: number, password: string) {
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirst();
  return row ? verifyPassword(row.password_hash, password) : false;
}

// A new password ends every session of the account but the one given. The
// audit row says that the password was changed (by its owner) or reset (by
// someone else), never what it is.
export async function setPassword(db: DB, id: number, password: string, actor: AuditActor, keepSessionId?: string) {
  const password_hash = await hashPassword(password);
  await db.transaction().execute((trx) => writePassword(trx, id, password_hash, actor, { keepSessionId }));
}

// The one write of a password (the profile, a master's reset, the emailed
// recovery link): the hash, the end of the account's other sessions, and the
// audit row (never the password), inside the caller's transaction.
export async function writePassword(
  trx: Transaction<Database>,
  id: number,
  password_hash: string,
  actor: AuditActor,
  opts: { keepSessionId?: string; action?: "password_change" | "password_reset" | "password_recovery" } = {},
) {
  const user = await trx.selectFrom("users").select("role").where("id", "=", id).executeTakeFirst();
  if (!user) return;
  await trx
    .updateTable("users")
    .set({ password_hash, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .execute();
  let del = trx.deleteFrom("sessions").where("user_id", "=", id);
  if (opts.keepSessionId) del = del.where("id", "!=", opts.keepSessionId);
  await del.execute();
  const action = opts.action ?? (actor?.id === id ? "password_change" : "password_reset");
  await recordAudit(trx, { actor, action, entity: accountEntity(user.role), entityId: id });
}

export async function listStaff(db: DB) {
  const rows = await db
    .selectFrom("users")
    .select([...userColumns, "created_at"])
    .where("role", "in", ["master", "admin"])
    .orderBy("name")
    .execute();
  return rows.map((r) => ({ ...toUser(r), created_at: r.created_at }));
}

// The "Responsável" choices of the request inboxes
// (docs/decisions/0023-visitor-requests.md).
export async function listActiveStaffNames(db: DB) {
  const rows = await db
    .selectFrom("users")
    .select("name")
    .where("role", "in", ["master", "admin"])
    .where("active", "=", 1)
    .orderBy("name")
    .execute();
  return rows.map((r) => r.name);
}

export async function setActive(db: DB, id: number, active: boolean, actor: AuditActor) {
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("users").select(["active", "role"]).where("id", "=", id).executeTakeFirst();
    if (!before) return;
    await trx
      .updateTable("users")
      .set({ active: active ? 1 : 0, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    if (!active) await trx.deleteFrom("sessions").where("user_id", "=", id).execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: accountEntity(before.role),
      entityId: id,
      before: { active: before.active },
      after: { active: active ? 1 : 0 },
    });
  });
}

export async function countUsers(db: DB, role?: Role) {
  let q = db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n"));
  if (role) q = q.where("role", "=", role);
  return Number((await q.executeTakeFirstOrThrow()).n);
}
