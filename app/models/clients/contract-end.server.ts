import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { otherLeaseIds } from "#app/models/leases/tenant-leases.server";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { abandonQueuedEmail } from "#app/models/email/outbox.server";
import { readjustmentEmailKey } from "#app/models/owners/readjustments.server";
import { localToday } from "#app/models/shared/days";
import type { Cents } from "#app/models/shared/money";
import type { BillingStatus } from "#app/models/billing/status";

// "Encerrar contrato" and "Reabrir contrato" (docs/decisions/0062-nothing-fiscal-deleted.md).
// Ending a contract records the day and why (clients.ended_on, ended_reason)
// and deletes nothing: its billings, receipts, files, owner statements, DIMOB
// and informes stay. From then on the charging job bills no month after the
// end (billedUntil, clients/status.ts), no readjustment applies after it,
// and the billings of later months already issued get no more charge notices
// (billing/notices.server.ts); its open billings stay open and payable, and
// the tenant's login still opens the client area. Reopening clears both
// columns. Each is one transaction with its audit row.

type DB = Kysely<Database>;

export type OpenBilling = {
  id: number;
  month_year: string;
  due_date: string;
  grace_until: string;
  status: BillingStatus;
  amount_cents: Cents;
};

// The contract as the two dialogs show it.
export async function getContractEnd(db: DB, id: number) {
  return (
    (await db
      .selectFrom("clients")
      .select([
        "id",
        "name",
        "contract_start_date",
        "contract_end_date",
        "ended_on",
        "ended_reason",
        "personal_data_erased_at",
      ])
      .where("id", "=", id)
      .executeTakeFirst()) ?? null
  );
}

// The client's unpaid billings, oldest first: they stay, and can be paid, after the end.
export async function openBillings(db: DB, id: number): Promise<OpenBilling[]> {
  return db
    .selectFrom("billing")
    .select(["id", "month_year", "due_date", "grace_until", "status", "amount_cents"])
    .where("client_id", "=", id)
    .where("status", "in", ["pending", "overdue"])
    .orderBy("due_date")
    .orderBy("id")
    .execute();
}

// A billing of a month after the end's month: issued ahead before the contract
// ended (the issue window is BILLING_ISSUE_DAYS), it gets no more charge notices.
export const afterEnd = (monthYear: string, endedOn: string) => monthYear > endedOn.slice(0, 7);

export type EndResult =
  | { ok: true; name: string; endedOn: string; later: OpenBilling[] }
  | { ok: false; reason: "already" | "future" | "before-start" };

// Ends the contract on `endedOn` (from the contract's start to today).
// null: no such client.
export async function endContract(
  db: DB,
  id: number,
  input: { ended_on: string; ended_reason?: string | null },
  actor: AuditActor,
  today = localToday(),
): Promise<EndResult | null> {
  return db.transaction().execute(async (trx) => {
    const c = await trx
      .selectFrom("clients")
      .select(["name", "contract_start_date", "ended_on"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!c) return null;
    if (c.ended_on) return { ok: false, reason: "already" };
    if (input.ended_on > today) return { ok: false, reason: "future" };
    if (c.contract_start_date && input.ended_on < c.contract_start_date) return { ok: false, reason: "before-start" };
    const values = { ended_on: input.ended_on, ended_reason: input.ended_reason || null };
    await trx
      .updateTable("clients")
      .set({ ...values, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "end_contract",
      entity: "client",
      entityId: id,
      before: { ended_on: null, ended_reason: null },
      after: values,
    });
    // A readjustment announced for an anniversary after the end never applies
    // (readjustments.server.ts): its email, if still unsent, is given up.
    const announced = await trx
      .selectFrom("readjustments")
      .select("id")
      .where("client_id", "=", id)
      .where("applied_at", "is", null)
      .where("anniversary", ">", input.ended_on)
      .execute();
    for (const r of announced) await abandonQueuedEmail(trx, readjustmentEmailKey(r.id));
    const later = await trx
      .selectFrom("billing")
      .select(["id", "month_year", "due_date", "grace_until", "status", "amount_cents"])
      .where("client_id", "=", id)
      .where("status", "in", ["pending", "overdue"])
      .where("month_year", ">", input.ended_on.slice(0, 7))
      .orderBy("due_date")
      .orderBy("id")
      .execute();
    return { ok: true, name: c.name, endedOn: input.ended_on, later };
  });
}

export type ReopenResult = { ok: true; name: string } | { ok: false; reason: "not-ended" | "settled" | "succeeded" };

// Undoes the end: the contract is billed and readjusted again as its dates
// say (months missed meanwhile: "Gerar Cobranças do Contrato"). null: no such client.
export async function reopenContract(db: DB, id: number, actor: AuditActor): Promise<ReopenResult | null> {
  return db.transaction().execute(async (trx) => {
    const c = await trx
      .selectFrom("clients")
      .select(["name", "ended_on", "ended_reason"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!c) return null;
    if (!c.ended_on) return { ok: false, reason: "not-ended" };
    // Settled (decision 0069): the end is final, its money in the ledger.
    const settled = await trx
      .selectFrom("lease_settlements")
      .select("id")
      .where("client_id", "=", id)
      .executeTakeFirst();
    if (settled) return { ok: false, reason: "settled" };
    // The tenant's next lease exists (decision 0073): two would run at once,
    // and the login is on the new one.
    if ((await otherLeaseIds(trx, id)).some((other) => other > id)) return { ok: false, reason: "succeeded" };
    await trx
      .updateTable("clients")
      .set({ ended_on: null, ended_reason: null, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "reopen_contract",
      entity: "client",
      entityId: id,
      before: { ended_on: c.ended_on, ended_reason: c.ended_reason },
      after: { ended_on: null, ended_reason: null },
    });
    return { ok: true, name: c.name };
  });
}
