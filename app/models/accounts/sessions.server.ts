import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { getUserById, type SessionUser } from "./users.server";

type DB = Kysely<Database>;

export const SESSION_DAYS = 7;

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

export async function createSession(db: DB, userId: number, userAgent: string | null) {
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
      user_agent: userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

type SessionLookup =
  { status: "ok"; user: SessionUser; sessionId: string } | { status: "expired" } | { status: "none" };

// "expired" covers a session that timed out, was ended elsewhere (password
// change, account disabled) or whose account is gone: the visitor had logged in.
export async function lookupSession(db: DB, token: string | null | undefined): Promise<SessionLookup> {
  if (!token) return { status: "none" };
  const id = hashToken(token);
  const row = await db.selectFrom("sessions").select(["user_id", "expires_at"]).where("id", "=", id).executeTakeFirst();
  if (!row) return { status: "expired" };
  if (row.expires_at <= new Date().toISOString()) {
    await db.deleteFrom("sessions").where("id", "=", id).execute();
    return { status: "expired" };
  }
  const user = await getUserById(db, row.user_id);
  if (!user || !user.active) return { status: "expired" };
  return { status: "ok", user, sessionId: id };
}

export async function deleteSession(db: DB, token: string | null | undefined) {
  if (token) await db.deleteFrom("sessions").where("id", "=", hashToken(token)).execute();
}
