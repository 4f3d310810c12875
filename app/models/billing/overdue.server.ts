import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit } from "#app/models/audit/audit.server";
import { localToday } from "#app/models/shared/days";

// The overdue step (docs/decisions/0009-billing.md) of the hourly charging job
// (jobs.server.ts, docs/decisions/0034-billing-notices.md): stores overdue on
// pending billings whose due date has passed in the agency's zone. Reads judge
// this on their own (grouping.ts); the job makes the stored status agree. Each
// change is audited as the system's.

// Returns how many billings changed.
export async function markOverdue(db: Kysely<Database>, today = localToday()) {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("billing")
      .select("id")
      .where("status", "=", "pending")
      .where("due_date", "<", today)
      .execute();
    if (due.length === 0) return 0;
    const now = new Date().toISOString();
    for (const { id } of due) {
      await trx
        .updateTable("billing")
        .set({ status: "overdue", updated_at: now })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .execute();
      await recordAudit(trx, {
        actor: null,
        action: "update",
        entity: "billing",
        entityId: id,
        before: { status: "pending" },
        after: { status: "overdue" },
      });
    }
    return due.length;
  });
}
