import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { WINDOW_MS } from "./throttle.server";

// Periodic housekeeping: expired sessions, used or expired reset tokens, and
// throttling windows that are over.
export async function cleanupAccounts(db: Kysely<Database>) {
  const now = new Date().toISOString();
  await db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
  await db
    .deleteFrom("password_reset_tokens")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("used_at", "is not", null)]))
    .execute();
  await db
    .deleteFrom("login_attempts")
    .where("window_started_at", "<=", new Date(Date.now() - WINDOW_MS).toISOString())
    .execute();
}
