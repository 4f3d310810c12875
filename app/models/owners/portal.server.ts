import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";

// Who the owner's area is for (issue 37, docs/decisions/0077-owner-area.md):
// the owner record a login is linked to (owners.user_id). Nothing here writes.

type DB = Kysely<Database>;

export type PortalOwner = { id: number; name: string; email: string | null };

export async function getOwnerForUser(db: DB, userId: number): Promise<PortalOwner | null> {
  return (
    (await db.selectFrom("owners").select(["id", "name", "email"]).where("user_id", "=", userId).executeTakeFirst()) ??
    null
  );
}

// The areas a `client`-role login opens: the tenant's (its lease), the
// owner's (its owner record), or both for a person who is both.
export async function areasOf(db: DB, userId: number) {
  const [tenant, owner] = await Promise.all([
    db.selectFrom("clients").select("name").where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("owners").select("name").where("user_id", "=", userId).executeTakeFirst(),
  ]);
  return { tenant: tenant ?? null, owner: owner ?? null };
}
