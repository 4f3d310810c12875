import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { creditsOfBilling } from "#app/models/billing/payments.server";
import { notReversal } from "./ledger.server";
import { transferredLines } from "#app/models/owners/owner-entries.server";

// What "Estornar pagamento" of a billing would reverse, for its
// confirmation page: each credit standing that paid into it, the months it
// paid and the receipts it would cancel, and what of it the owner was paid
// already. null: no such billing.
export async function paymentsToReverse(db: Kysely<Database>, billingId: number) {
  const billing = await db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select(["billing.id", "billing.client_id", "billing.month_year", "clients.name as client_name"])
    .where("billing.id", "=", billingId)
    .executeTakeFirst();
  if (!billing) return null;
  const credits = await creditsOfBilling(db, billingId);
  const ids = credits.map((c) => c.id);
  const paid =
    ids.length === 0
      ? []
      : await db
          .selectFrom("ledger_entries")
          .innerJoin("billing", "billing.id", "ledger_entries.billing_id")
          .select(["ledger_entries.credit_id", "billing.id", "billing.month_year"])
          .distinct()
          .where("ledger_entries.credit_id", "in", ids)
          .where("ledger_entries.kind", "=", "allocation")
          .where(notReversal("ledger_entries.reverses_id"))
          .orderBy("billing.month_year")
          .execute();
  const receipts =
    ids.length === 0
      ? []
      : await db
          .selectFrom("billing_receipts")
          .select(["id", "credit_id"])
          .where("credit_id", "in", ids)
          .where("voided_at", "is", null)
          .orderBy("id")
          .execute();
  // Money of these billings already transferred: the owner's next
  // statement takes it back (decision 0064).
  const transferred = await transferredLines(db, [...new Set([billingId, ...paid.map((p) => p.id)])]);
  return {
    billing,
    transferred: transferred.map((t) => ({
      statementId: t.statementId,
      ownerName: t.ownerName,
      monthYear: t.monthYear,
      netCents: t.netCents,
    })),
    payments: credits.map((c) => ({
      ...c,
      months: paid.filter((p) => p.credit_id === c.id).map((p) => p.month_year),
      receipts: receipts.filter((r) => r.credit_id === c.id).map((r) => r.id),
    })),
  };
}
