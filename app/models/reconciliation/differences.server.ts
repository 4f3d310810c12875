import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";

// "Diferenças" on the Cobranças tab (docs/decisions/0037-reconciliation.md):
// paid billings whose confirmed credit differed from the amount due by more
// than the tolerance, until staff mark the difference resolved (the rest was
// received, or the agency let it go). Correcting the payment by hand, or
// taking the billing back from Pago, clears it (payments.server.ts).

type DB = Kysely<Database>;

export async function listDifferences(db: DB) {
  return db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select([
      "billing.id",
      "billing.month_year",
      "billing.due_date",
      "billing.payment_date",
      "billing.amount_paid_cents",
      "billing.payment_difference_cents",
      "clients.name as client_name",
    ])
    .where("billing.payment_difference_cents", "is not", null)
    .where("billing.difference_resolved_at", "is", null)
    .where("billing.status", "=", "paid")
    .orderBy("billing.payment_date")
    .orderBy("billing.id")
    .execute();
}
export type DifferenceItem = Awaited<ReturnType<typeof listDifferences>>[number];

// "Marcar como resolvida". false: no open difference on that billing.
export async function resolveDifference(db: DB, billingId: number, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const row = await trx
      .updateTable("billing")
      .set({ difference_resolved_at: now })
      .where("id", "=", billingId)
      .where("payment_difference_cents", "is not", null)
      .where("difference_resolved_at", "is", null)
      .returning(["payment_difference_cents"])
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "billing",
      entityId: billingId,
      before: { difference_resolved_at: null },
      after: { difference_resolved_at: now },
    });
    return true;
  });
}
