import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { PaidRange } from "./received-rents.server";

// Who has rents paid in a range (docs/decisions/0043-income-reports.md): the
// contracts the informes and the DIMOB cover, with their owners (decision 0067).

type DB = Kysely<Database>;

// Contracts scanned a query by payingClients.
const CLIENT_SCAN = 1000;

// Contracts (with an owner or not) with a rent paid in the range, by id: who
// has an informe or a DIMOB line. A seek each in billing_client_paid,
// CLIENT_SCAN contracts a query (by id), the event loop given a turn between
// queries: one query over 5,000 contracts took 15 ms alone and over 150 ms on
// the loaded machine.
export async function payingClients(db: DB, range: PaidRange) {
  const found: { id: number; ownerIds: number[] }[] = [];
  for (let after = 0; ;) {
    await new Promise((resolve) => setImmediate(resolve));
    const rows = await db
      .selectFrom("clients")
      .select("clients.id")
      .select(
        sql<string>`(select json_group_array(owner_id) from lease_owners where client_id = clients.id)`.as("owners"),
      )
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom("billing")
              .select("billing.id")
              .whereRef("billing.client_id", "=", "clients.id")
              .where("billing.status", "=", "paid")
              .where("billing.payment_date", ">=", range.paidFrom)
              .where("billing.payment_date", "<", range.paidBefore),
          )
          .as("paid"),
      )
      .where("clients.id", ">", after)
      .orderBy("clients.id")
      .limit(CLIENT_SCAN)
      .execute();
    for (const r of rows) if (r.paid) found.push({ id: r.id, ownerIds: JSON.parse(r.owners) as number[] });
    if (rows.length < CLIENT_SCAN) return found;
    after = rows[rows.length - 1].id;
  }
}
