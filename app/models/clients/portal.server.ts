import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";

// What the client area reads about the signed-in client (docs/product.md
// §Área do Cliente): its record, found by the login it is linked to, and its
// own contract files. Nothing here writes.

type DB = Kysely<Database>;

export type PortalClient = {
  id: number;
  name: string;
  email: string;
  property_address: string | null;
  monthly_rent_cents: number | null;
  payment_due_day: number;
  contract_start_date: string | null;
  contract_end_date: string | null;
  // "Encerrar contrato": the login still opens the area (documents, receipts).
  ended_on: string | null;
};

// The client record linked to a login (clients.user_id), or null.
export async function getClientForUser(db: DB, userId: number): Promise<PortalClient | null> {
  return (
    (await db
      .selectFrom("clients")
      .select([
        "id",
        "name",
        "email",
        "property_address",
        "monthly_rent_cents",
        "payment_due_day",
        "contract_start_date",
        "contract_end_date",
        "ended_on",
      ])
      .where("user_id", "=", userId)
      .executeTakeFirst()) ?? null
  );
}

// The client's own contract files, newest first.
export async function listOwnContracts(db: DB, clientId: number) {
  return db
    .selectFrom("contracts")
    .select(["id", "file_name", "mime_type", "size", "uploaded_by_name", "uploaded_at"])
    .where("client_id", "=", clientId)
    .orderBy("uploaded_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

// The login to send a recovery link to: an active `client`-role account whose
// client record, or owner record (decision 0077), has that email (case
// ignored), or null.
export async function findClientLoginByEmail(db: DB, email: string) {
  const lower = email.toLowerCase();
  const tenant = await db
    .selectFrom("clients")
    .innerJoin("users", "users.id", "clients.user_id")
    .select(["users.id as userId", "clients.name", "clients.email"])
    .where((eb) => eb(eb.fn("lower", ["clients.email"]), "=", lower))
    .where("users.role", "=", "client")
    .where("users.active", "=", 1)
    .orderBy("clients.id")
    .executeTakeFirst();
  if (tenant) return tenant;
  const owner = await db
    .selectFrom("owners")
    .innerJoin("users", "users.id", "owners.user_id")
    .select(["users.id as userId", "owners.name", "owners.email"])
    .where((eb) => eb(eb.fn("lower", ["owners.email"]), "=", lower))
    .where("users.role", "=", "client")
    .where("users.active", "=", 1)
    .orderBy("owners.id")
    .executeTakeFirst();
  return owner && owner.email !== null ? { ...owner, email: owner.email } : null;
}
