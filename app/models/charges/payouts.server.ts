import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import type { Cents } from "#app/models/shared/money";

// "A repassar a terceiros" (issue 36, docs/decisions/0072-third-party-payouts.md):
// the charges the tenants paid for a third party (condomínio, IPTU to the
// city, the insurer, a contractor), which the agency holds until it pays them
// on, and "Marcar como pago", once a charge.

type DB = Kysely<Database>;

export const PAYOUT_PAGE = 25;

// The third parties' charges not paid on (rent_charges_to_pay_on), whose
// billing is paid and which were not cancelled.
function toPayOn(db: DB | Transaction<Database>) {
  return db
    .selectFrom("rent_charges as c")
    .innerJoin("billing", "billing.id", "c.billing_id")
    .innerJoin("clients", "clients.id", "c.client_id")
    .where("c.receiver", "=", "third_party")
    .where("c.payout_id", "is", null)
    .where("billing.status", "=", "paid")
    .where(sql<boolean>`not exists (select 1 from ledger_entries r where r.reverses_id = c.entry_id limit 1)`);
}

export async function pendingPayouts(db: DB, page: number) {
  const totals = await toPayOn(db)
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.sum<number>("c.amount_cents").as("cents")])
    .executeTakeFirstOrThrow();
  const count = Number(totals.count);
  const pages = Math.max(1, Math.ceil(count / PAYOUT_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await toPayOn(db)
    .select([
      "c.id",
      "c.kind",
      "c.description",
      "c.amount_cents",
      "clients.name as tenant_name",
      "billing.month_year",
      "billing.payment_date",
    ])
    .orderBy("c.id", "desc")
    .limit(PAYOUT_PAGE)
    .offset((current - 1) * PAYOUT_PAGE)
    .execute();
  return { rows, count, totalCents: Number(totals.cents ?? 0) as Cents, page: current, pages };
}

export type PayoutResult = { ok: true; duplicate: boolean } | { ok: false; reason: "charge" | "date" };

// "Marcar como pago": the charge paid on to its third party on `paidOn` (at
// most today). Posted twice: the first one stands, nothing more.
export async function markPaidOn(
  db: DB,
  chargeId: number,
  values: { paidOn: string; reference: string | null },
  actor: AuditActor,
  today: string,
): Promise<PayoutResult> {
  if (values.paidOn > today) return { ok: false, reason: "date" };
  try {
    return await write();
  } catch (error) {
    // The same charge marked twice at once: the other one wrote it.
    if (error instanceof Error && /UNIQUE constraint failed: third_party_payouts\.charge_id/.test(error.message))
      return { ok: true, duplicate: true };
    throw error;
  }

  function write() {
    return db.transaction().execute(async (trx): Promise<PayoutResult> => {
      const charge = await trx
        .selectFrom("rent_charges")
        .select(["id", "payout_id"])
        .where("id", "=", chargeId)
        .where("receiver", "=", "third_party")
        .executeTakeFirst();
      if (!charge) return { ok: false, reason: "charge" };
      if (charge.payout_id !== null) return { ok: true, duplicate: true };
      const pending = await toPayOn(trx).select("c.id").where("c.id", "=", chargeId).executeTakeFirst();
      if (!pending) return { ok: false, reason: "charge" };
      const row = {
        charge_id: chargeId,
        paid_on: values.paidOn,
        reference: values.reference,
        created_by_name: actor?.name ?? "Sistema",
        created_at: new Date().toISOString(),
      };
      const { id } = await trx.insertInto("third_party_payouts").values(row).returning("id").executeTakeFirstOrThrow();
      await trx.updateTable("rent_charges").set({ payout_id: id }).where("id", "=", chargeId).execute();
      await recordAudit(trx, { actor, action: "create", entity: "third_party_payout", entityId: id, after: row });
      return { ok: true, duplicate: false };
    });
  }
}
