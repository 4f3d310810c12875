import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { hashToken } from "./sessions.server";
import { hashPassword } from "./password.server";
import { writePassword } from "./users.server";

type DB = Kysely<Database>;
export const RESET_TOKEN_MINUTES = 60;

// A single-use token valid for one hour; only its hash is stored. Issuing a new
// one cancels the account's previous unused tokens.
export async function issueResetToken(db: DB, userId: number) {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("password_reset_tokens").where("user_id", "=", userId).where("used_at", "is", null).execute();
    await trx
      .insertInto("password_reset_tokens")
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
        used_at: null,
      })
      .execute();
  });
  return token;
}

export async function findValidResetToken(db: DB, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await db
    .selectFrom("password_reset_tokens")
    .innerJoin("users", "users.id", "password_reset_tokens.user_id")
    .select([
      "password_reset_tokens.user_id",
      "password_reset_tokens.expires_at",
      "password_reset_tokens.used_at",
      "users.active",
      "users.role",
    ])
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= new Date().toISOString() || row.active !== 1) return null;
  return { userId: row.user_id, role: row.role };
}

// Uses the token and sets the password in one transaction (and ends the
// account's sessions); false when the token is no longer valid.
export async function consumeResetToken(db: DB, token: string, password: string) {
  const valid = await findValidResetToken(db, token);
  if (!valid) return false;
  const password_hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable("password_reset_tokens")
      .set({ used_at: new Date().toISOString() })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    const owner = await trx
      .selectFrom("users")
      .select(["id", "name"])
      .where("id", "=", valid.userId)
      .executeTakeFirstOrThrow();
    await writePassword(trx, valid.userId, password_hash, owner, { action: "password_recovery" });
    return true;
  });
}
