import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { AuditActor } from "#app/models/audit/audit.server";
import type { NewStaff } from "./staff.schema";
import { DuplicateUserError, createUser, setActive, setPassword } from "./users.server";

type DB = Kysely<Database>;

// A master manages admin accounts only: the target must be an existing admin
// (a forged id of a master or a client changes nothing).
async function findAdmin(db: DB, id: number) {
  return db
    .selectFrom("users")
    .select(["id", "name"])
    .where("id", "=", id)
    .where("role", "=", "admin")
    .executeTakeFirst();
}

export async function setAdminActive(db: DB, id: number, active: boolean, actor: AuditActor) {
  const admin = await findAdmin(db, id);
  if (!admin) return null;
  await setActive(db, id, active, actor);
  return admin;
}

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";

// 12 letters and digits (no look-alikes), always with both kinds.
export function generatePassword(length = 12) {
  for (;;) {
    let out = "";
    for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
    if (/[A-Za-z]/.test(out) && /\d/.test(out)) return out;
  }
}

export async function resetAdminPassword(db: DB, id: number, actor: AuditActor) {
  const admin = await findAdmin(db, id);
  if (!admin) return null;
  const password = generatePassword();
  await setPassword(db, id, password, actor);
  return { name: admin.name, password };
}

// A new staff account, or which field clashes with an existing account.
export async function createStaff(db: DB, input: NewStaff, actor: AuditActor) {
  try {
    return { ok: true as const, id: await createUser(db, input, actor) };
  } catch (error) {
    if (error instanceof DuplicateUserError) return { ok: false as const, field: error.field, message: error.message };
    throw error;
  }
}
