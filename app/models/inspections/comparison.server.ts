import type { Kysely } from "kysely";
import type { Database, ItemCondition } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { contestsOf } from "./contests.server";
import { getInspection } from "./inspections.server";
import type { Cents } from "#app/models/shared/money";

// "Comparar com a entrada" (docs/decisions/0044-inspections.md): room by room,
// each exit item whose condition is worse than at the entry, with both notes
// and photos; staff put a repair cost on each, the total is what to settle.
// The costs are the settlement, not the record: they can be set after the
// exit inspection is finalized.

type DB = Kysely<Database>;

const RANK: Record<ItemCondition, number> = { novo: 0, bom: 1, regular: 2, ruim: 3, danificado: 4 };
export const isWorse = (entry: ItemCondition | null, exit: ItemCondition | null) =>
  entry !== null && exit !== null && RANK[exit] > RANK[entry];

export async function compareWithEntry(db: DB, exitId: number) {
  const exit = await getInspection(db, exitId);
  if (!exit || exit.kind !== "saida") return null;
  const entry = exit.entry_id ? await getInspection(db, exit.entry_id) : null;
  if (!entry) return { exit, entry: null, rooms: [], totalCents: 0 };
  // An entry item whose contest was upheld counts as the state the answer
  // gave it (decision 0080), not the state first recorded (kept as `recorded`).
  const upheld = new Map(
    (await contestsOf(db, entry.id)).flatMap((c) =>
      c.outcome_condition ? [[c.item_id, c.outcome_condition] as const] : [],
    ),
  );
  const entryItems = new Map(
    entry.rooms.flatMap((r) =>
      r.items.map((i) => [i.id, { ...i, recorded: i.condition, condition: upheld.get(i.id) ?? i.condition }] as const),
    ),
  );
  const rooms = exit.rooms
    .map((room) => ({
      id: room.id,
      name: room.name,
      differences: room.items.flatMap((item) => {
        const before = item.entry_item_id ? entryItems.get(item.entry_item_id) : undefined;
        return before && isWorse(before.condition, item.condition) ? [{ entry: before, exit: item }] : [];
      }),
    }))
    .filter((r) => r.differences.length > 0);
  const totalCents = rooms.flatMap((r) => r.differences).reduce((s, d) => s + (d.exit.repair_cost_cents ?? 0), 0);
  return { exit, entry, rooms, totalCents };
}

// The repair cost of a worsened exit item (null clears it). false: the item
// is not a difference of this exit inspection.
export async function setRepairCost(db: DB, exitId: number, itemId: number, cents: Cents | null, actor: AuditActor) {
  const compared = await compareWithEntry(db, exitId);
  const ok = compared?.rooms.some((r) => r.differences.some((d) => d.exit.id === itemId));
  if (!ok) return false;
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("inspection_items")
      .select("repair_cost_cents")
      .where("id", "=", itemId)
      .executeTakeFirstOrThrow();
    await trx.updateTable("inspection_items").set({ repair_cost_cents: cents }).where("id", "=", itemId).execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "inspection_item",
      entityId: itemId,
      before,
      after: { repair_cost_cents: cents },
    });
  });
  return true;
}
