import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";

// Live counts for the dashboard cards.
export async function loadDashboardCounts(db: Kysely<Database>) {
  const count = async (q: Promise<{ n: number | string | bigint } | undefined>) => Number((await q)?.n ?? 0);
  const [properties, featured, activeBanners, pendingIdeal, pendingOwnerRequests, clients] = await Promise.all([
    count(
      db
        .selectFrom("properties")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom("properties")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("featured", "=", 1)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom("banners")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("is_active", "=", 1)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom("ideal_property_requests")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "pending")
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom("property_listing_requests")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "pending")
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("role", "=", "client")
        .executeTakeFirst(),
    ),
  ]);
  return { properties, featured, activeBanners, pendingIdeal, pendingOwnerRequests, clients };
}
