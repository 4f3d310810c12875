import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";

// The property address of each lease named (clientId → address), for the
// owner's statement and area, which name rents by the property (decision 0077).
export async function leaseAddresses(
  db: Kysely<Database>,
  clientIds: readonly number[],
): Promise<Map<number, string | null>> {
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("clients").select(["id", "property_address"]).where("id", "in", ids).execute();
  return new Map(rows.map((r) => [r.id, r.property_address]));
}
