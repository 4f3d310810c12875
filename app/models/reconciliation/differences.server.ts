import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";

// "Diferenças" on the Cobranças tab (docs/decisions/0037-reconciliation.md):
// paid billings whose confirmed credit differed from the amount due by more
// than the tolerance, until staff mark the difference resolved (the rest was
// received, or the agency let it go). Correcting the payment by hand, or
// taking the billing back from Pago, clears it (payments.server.ts).

type DB = Kysely<Database>;

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
