import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { AuditActor } from "#app/models/audit/audit.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { localToday } from "#app/models/shared/days";
import { spendTenantCredit } from "./credits.server";
import { tenantCreditLeft } from "./ledger.server";
import type { ReceiptIssuer } from "./receipts.server";

// The tenant's credit (money received beyond what was owed) spent on the
// billings made after it came: called once a billing's own transaction has
// committed (Nova Cobrança, the contract's months, the monthly job, a boleto),
// a transaction per tenant. A credit left unspent by a stop is spent the next
// time: spending is idempotent (only what is left is spent).
export async function spendCreditsOf(
  db: Kysely<Database>,
  clientIds: Iterable<number>,
  actor: AuditActor,
  issuer: ReceiptIssuer = { agency: pdfAgency() },
) {
  const today = issuer.today ?? localToday();
  let receipts = 0;
  for (const clientId of new Set(clientIds)) {
    if ((await tenantCreditLeft(db, clientId)) <= 0) continue;
    const created: string[] = [];
    try {
      receipts += (
        await db.transaction().execute((trx) => spendTenantCredit(trx, clientId, actor, { ...issuer, today }, created))
      ).length;
    } catch (error) {
      await removePrivateFiles(created);
      throw error;
    }
  }
  return receipts;
}
