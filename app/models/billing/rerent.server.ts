import type { Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { chargeRent } from "#app/models/ledger/rent-charge.server";
import { daysBetween, localToday } from "#app/models/shared/days";
import type { Cents } from "#app/models/shared/money";
import { rentForDays } from "./months";

// A contract's new rent on its unpaid billings due on or after `from` (never a
// paid one, nor one with part of it received): the readjustment on its
// anniversary (owners/readjustments.server.ts) and a renewal or addendum
// (leases/renewal.server.ts). A pro rata month keeps its days (decision 0066).
export async function rerentOpenBillings(
  trx: Transaction<Database>,
  clientId: number,
  from: string,
  newRent: Cents,
  actor: AuditActor,
  stamp: string,
  reason: string,
) {
  const billings = await trx
    .selectFrom("billing")
    .select(["id", "amount_cents", "due_date", "period_start", "period_end", "period_days"])
    .where("client_id", "=", clientId)
    .where("status", "in", ["pending", "overdue"])
    .where("amount_paid_cents", "is", null)
    .where("due_date", ">=", from)
    .execute();
  let changed = 0;
  for (const b of billings) {
    const amount =
      b.period_start && b.period_end && b.period_days
        ? rentForDays(newRent, daysBetween(b.period_start, b.period_end) + 1, b.period_days)
        : newRent;
    if (amount === b.amount_cents) continue;
    await trx.updateTable("billing").set({ amount_cents: amount, updated_at: stamp }).where("id", "=", b.id).execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "billing",
      entityId: b.id,
      before: { amount_cents: b.amount_cents },
      after: { amount_cents: amount },
    });
    await chargeRent(trx, { id: b.id, client_id: clientId, due_date: b.due_date }, amount, actor, localToday(), reason);
    changed += 1;
  }
  return changed;
}
