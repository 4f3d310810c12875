import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit } from "#app/models/audit/audit.server";
import { localToday } from "#app/models/shared/days";

// The overdue step (docs/decisions/0009-billing.md) of the hourly charging job
// (jobs.server.ts, docs/decisions/0034-billing-notices.md): stores overdue on
// pending billings whose due date has passed in the agency's zone. Reads judge
// this on their own (grouping.ts); the job makes the stored status agree. Each
// change is audited as the system's.

// Billings changed per transaction: the housekeeping thread shares the write
// lock with the server's requests, so a day of thousands (the first start
// after an outage) is written in short transactions, not one long one.
const CHUNK = 200;

// Returns how many billings changed. Reads only the pending ones past due
// and past their grace day (decision 0066)
// (billing_status_due), whatever the size of the history.
export async function markOverdue(db: Kysely<Database>, today = localToday()) {
  const due = await db
    .selectFrom("billing")
    .select("id")
    .where("status", "=", "pending")
    .where("due_date", "<", today)
    .where("grace_until", "<", today)
    .orderBy("id")
    .execute();
  let changed = 0;
  for (let i = 0; i < due.length; i += CHUNK) {
    const part = due.slice(i, i + CHUNK);
    changed += await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      let n = 0;
      for (const { id } of part) {
        // Still pending: paid meanwhile is left alone.
        const done = await trx
          .updateTable("billing")
          .set({ status: "overdue", updated_at: now })
          .where("id", "=", id)
          .where("status", "=", "pending")
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) === 0) continue;
        await recordAudit(trx, {
          actor: null,
          action: "update",
          entity: "billing",
          entityId: id,
          before: { status: "pending" },
          after: { status: "overdue" },
        });
        n += 1;
      }
      return n;
    });
  }
  return changed;
}
