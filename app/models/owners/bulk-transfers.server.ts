import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { AuditActor } from "#app/models/audit/audit.server";
import { slicer } from "#app/models/shared/slicer";
import { log } from "#app/utils/log.server";
import type { BulkRefusal } from "./bulk-transfer.schema";
import { markTransferDone } from "./mark-transfer.server";

// "Marcar selecionados como repassados" on Repasses (issue 34, bulk): the
// transfers of the owners staff ticked, each marked done by markTransferDone
// in its own transaction, so that one owner refused (the receipts changed
// since the page was read, already done, nothing left) or failing never
// undoes or blocks the others. Posted twice, the second run refuses every
// owner as "done": nothing changes. Each owner is a few milliseconds of
// synchronous SQLite: the event loop gets a turn between owners (slicer), so
// a long selection never holds the other requests.

type DB = Kysely<Database>;

export type TransferPick = { ownerId: number; expectedNetCents: number };
export type BulkTransferOutcome =
  | { ownerId: number; ok: true; ownerName: string; number: number; netCents: number }
  | { ownerId: number; ok: false; ownerName: string | null; reason: BulkRefusal };

export async function markTransfersDone(
  db: DB,
  month: string,
  picks: readonly TransferPick[],
  transferredOn: string,
  actor: AuditActor,
  today: string,
): Promise<BulkTransferOutcome[]> {
  const names = new Map(
    (
      await db
        .selectFrom("owners")
        .select(["id", "name"])
        .where(
          "id",
          "in",
          picks.map((p) => p.ownerId),
        )
        .execute()
    ).map((o) => [o.id, o.name]),
  );
  const outcomes: BulkTransferOutcome[] = [];
  const pause = slicer();
  for (const pick of picks) {
    await pause();
    const ownerName = names.get(pick.ownerId) ?? null;
    try {
      const r = await markTransferDone(
        db,
        pick.ownerId,
        month,
        { transferredOn, expectedNetCents: pick.expectedNetCents },
        actor,
        today,
      );
      if (r.ok)
        outcomes.push({
          ownerId: pick.ownerId,
          ok: true,
          ownerName: r.ownerName,
          number: r.number,
          netCents: r.netCents,
        });
      // The date is checked once for all before (bulk-transfer.schema.ts).
      else
        outcomes.push({
          ownerId: pick.ownerId,
          ok: false,
          ownerName,
          reason: r.reason === "date" ? "failed" : r.reason,
        });
    } catch (error) {
      log.error("owner_statement.create_failed", { ownerId: pick.ownerId, month, error });
      outcomes.push({ ownerId: pick.ownerId, ok: false, ownerName, reason: "failed" });
    }
  }
  return outcomes;
}
