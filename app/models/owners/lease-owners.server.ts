import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { localToday } from "#app/models/shared/days";
import { rewithholdOpenBillings } from "#app/models/withholding/irrf.server";
import type { LeaseOwnersInput } from "./lease-owners.schema";

// A contract's owners and their shares (migration 0036,
// docs/decisions/0067-co-owners.md): read for the contract's page and every
// owner report, written by "Proprietários do contrato".

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// The first final statement that took a share of billing `table` (null:
// none): any share transferred, the payment can no longer change.
export const TRANSFERRED_IN = (table: "billing" | "b") =>
  sql<
    number | null
  >`(select min(t.owner_statement_id) from billing_transfers t where t.billing_id = ${sql.ref(`${table}.id`)})`.as(
    "owner_statement_id",
  );

export type LeaseOwner = { ownerId: number; name: string; cpfCnpj: string | null; shareBp: number };

export async function leaseOwners(db: DB | Trx, clientId: number): Promise<LeaseOwner[]> {
  return db
    .selectFrom("lease_owners as lo")
    .innerJoin("owners", "owners.id", "lo.owner_id")
    .select(["lo.owner_id as ownerId", "owners.name", "owners.cpf_cnpj as cpfCnpj", "lo.share_bp as shareBp"])
    .where("lo.client_id", "=", clientId)
    .orderBy("lo.position")
    .execute();
}

export type SaveOwnersResult = { ok: true; changed: boolean } | { ok: false; reason: "client" | "owner" };

// Replaces the contract's owners with `input` (shares already checked to sum
// to the whole by the schema): one transaction, audited, clients.owner_id
// set to the first. Rents already in a final statement keep their split
// (frozen there); any payment not transferred yet is split by the new shares.
export async function saveLeaseOwners(
  db: DB,
  clientId: number,
  input: LeaseOwnersInput,
  actor: AuditActor,
): Promise<SaveOwnersResult> {
  return db.transaction().execute(async (trx) => {
    const client = await trx.selectFrom("clients").select("id").where("id", "=", clientId).executeTakeFirst();
    if (!client) return { ok: false, reason: "client" } as const;
    const ids = input.owners.map((o) => o.ownerId);
    const found = await trx.selectFrom("owners").select("id").where("id", "in", ids).execute();
    if (found.length !== new Set(ids).size) return { ok: false, reason: "owner" } as const;
    const before = await leaseOwners(trx, clientId);
    const same =
      before.length === input.owners.length &&
      before.every((b, i) => b.ownerId === input.owners[i].ownerId && b.shareBp === input.owners[i].shareBp);
    if (same) return { ok: true, changed: false } as const;
    await trx.deleteFrom("lease_owners").where("client_id", "=", clientId).execute();
    await trx
      .insertInto("lease_owners")
      .values(
        input.owners.map((o, position) => ({
          client_id: clientId,
          owner_id: o.ownerId,
          share_bp: o.shareBp,
          position,
        })),
      )
      .execute();
    // The first owner is the one the lists name; the trigger leaves a
    // co-owned contract's rows alone (migration 0036).
    await trx
      .updateTable("clients")
      .set({ owner_id: input.owners[0].ownerId, updated_at: new Date().toISOString() })
      .where("id", "=", clientId)
      .execute();
    const shares = (list: readonly { ownerId: number; shareBp: number }[]) =>
      list.map((o) => `${o.ownerId}:${o.shareBp}`).join(", ");
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "client",
      entityId: clientId,
      before: { owners: shares(before) },
      after: { owners: shares(input.owners) },
    });
    // Who is a person among the owners decides a company tenant's IRRF.
    await rewithholdOpenBillings(trx, clientId, actor, localToday());
    return { ok: true, changed: true } as const;
  });
}
