import type { Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, SYSTEM_ACTOR_NAME, type AuditActor } from "#app/models/audit/audit.server";

// Apart from proofs.server.ts so that the ledger, which calls it, does not
// load the upload and image code with it.

type Trx = Transaction<Database>;

// The billing became Pago (the ledger's projection, ledger.server.ts, in the
// same transaction): its proofs still waiting are closed as checked, by
// whoever made it Pago. A payment registered from a proof needs no second
// click, and a proof of a billing paid by the bank statement leaves the queue.
export async function closeProofsOfPaidBilling(trx: Trx, billingId: number, actor: AuditActor, now: string) {
  const closed = await trx
    .updateTable("payment_proofs")
    .set({
      status: "checked",
      reviewed_at: now,
      reviewed_by_name: actor?.name ?? SYSTEM_ACTOR_NAME,
      reviewed_by: "paid",
    })
    .where("billing_id", "=", billingId)
    .where("status", "=", "pending")
    .returning("id")
    .execute();
  for (const { id } of closed)
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "payment_proof",
      entityId: id,
      before: { status: "pending" },
      after: { status: "checked" },
    });
}
