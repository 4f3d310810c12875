import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { checkListing, recordValues, type RecordInput } from "#app/models/clients/clients.server";
import { clash, copyToLogin, setLeaseLogin, type FieldError } from "#app/models/clients/logins.server";
import { listOwnContracts } from "#app/models/clients/portal.server";
import { ownLeaseDocuments, type LeaseDocument } from "./documents.server";

// A tenant's leases over time (issue 36, docs/decisions/0073-tenant-leases.md).
// A clients row is one lease; the leases of one tenant share tenant_group_id.
// "Novo contrato" starts the next lease of a tenant whose lease has ended: the
// person's data comes from the form, the login moves to the new lease, and the
// ended one keeps its money, files and Termos, which the tenant still reads.

type DB = Kysely<Database>;

// The tenant's other leases, the files of which the client area still opens.
export async function otherLeaseIds(db: DB | Transaction<Database>, clientId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("clients as c")
    .innerJoin("clients as other", "other.tenant_group_id", "c.tenant_group_id")
    .select("other.id")
    .where("c.id", "=", clientId)
    .where("other.id", "!=", clientId)
    .orderBy("other.id")
    .execute();
  return rows.map((r) => r.id);
}

export type NextLeaseResult =
  { ok: true; id: number } | FieldError | { ok: false; reason: "running" | "erased" | "succeeded" } | null;

// The next lease of the tenant of `previousId`, in one transaction with its
// audit rows. Refused while the previous lease runs (a second property at the
// same time is a new client, with its own login) and for a person whose data
// the LGPD erasure removed. null: no such lease.
export async function startNextLease(
  db: DB,
  previousId: number,
  input: RecordInput,
  actor: AuditActor,
): Promise<NextLeaseResult> {
  const values = recordValues(input);
  const listing = await checkListing(db, values.property_id);
  if (listing) return listing;
  try {
    return await db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom("clients")
        .select(["id", "user_id", "tenant_group_id", "ended_on", "personal_data_erased_at"])
        .where("id", "=", previousId)
        .executeTakeFirst();
      if (!previous) return null;
      if (previous.personal_data_erased_at !== null) return { ok: false as const, reason: "erased" as const };
      if (previous.ended_on === null) return { ok: false as const, reason: "running" as const };
      // Started from an older lease while a later one exists: that one is the tenant's.
      if ((await otherLeaseIds(trx, previous.id)).some((other) => other > previous.id))
        return { ok: false as const, reason: "succeeded" as const };
      const now = new Date().toISOString();
      const userId = previous.user_id;
      if (userId !== null) {
        // clients.user_id is unique: the login leaves the ended lease first.
        await setLeaseLogin(trx, previous.id, null, userId, actor);
        await copyToLogin(trx, userId, values, actor, now);
      }
      const row = await trx
        .insertInto("clients")
        .values({
          ...values,
          user_id: userId,
          tenant_group_id: previous.tenant_group_id,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actor,
        action: "create",
        entity: "client",
        entityId: row.id,
        after: {
          ...values,
          user_id: userId,
          tenant_group_id: previous.tenant_group_id,
          previous_lease_id: previous.id,
        },
      });
      return { ok: true as const, id: row.id };
    });
  } catch (error) {
    const field = clash(error);
    if (field) return field;
    throw error;
  }
}

export type OtherLease = {
  id: number;
  property_address: string | null;
  contract_start_date: string | null;
  contract_end_date: string | null;
  ended_on: string | null;
  contracts: Awaited<ReturnType<typeof listOwnContracts>>;
  documents: LeaseDocument[];
};

// A tenant has a handful of leases in a lifetime; the newest ten are shown.
const OTHER_LEASES_SHOWN = 10;

// The tenant's other leases for the client area's Contrato tab, newest first,
// each with its contract files and Termos.
export async function otherLeases(db: DB, clientId: number): Promise<OtherLease[]> {
  const leases = await db
    .selectFrom("clients as c")
    .innerJoin("clients as other", "other.tenant_group_id", "c.tenant_group_id")
    .select([
      "other.id",
      "other.property_address",
      "other.contract_start_date",
      "other.contract_end_date",
      "other.ended_on",
    ])
    .where("c.id", "=", clientId)
    .where("other.id", "!=", clientId)
    .orderBy("other.id", "desc")
    .limit(OTHER_LEASES_SHOWN)
    .execute();
  return Promise.all(
    leases.map(async (lease) => ({
      ...lease,
      contracts: await listOwnContracts(db, lease.id),
      documents: await ownLeaseDocuments(db, lease.id),
    })),
  );
}
