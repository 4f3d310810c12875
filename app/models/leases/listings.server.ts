import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { formatPropertyCode } from "#app/models/properties/search";

// The listings a contract may name as the property it rents (decision 0070):
// those advertised for rent that no other running contract rents, and the
// contract's own. A few hundred at an agency's size: a select.
export async function leasableListings(db: Kysely<Database>, clientId: number | null = null) {
  const rows = await db
    .selectFrom("properties")
    .select(["id", "property_code", "name", "location"])
    .where("advertised_for", "=", "LOCAÇÃO")
    .where((eb) =>
      eb.or([
        eb("leased_client_id", "is", null),
        ...(clientId === null ? [] : [eb("leased_client_id", "=", clientId)]),
      ]),
    )
    .orderBy("property_code")
    .execute();
  return rows.map((r) => ({ id: r.id, label: `${formatPropertyCode(r.property_code)} · ${r.name} · ${r.location}` }));
}
