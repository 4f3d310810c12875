import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import type { ItemInput } from "./inspection.schema";
import { openInspectionOf, touch, type EditOutcome } from "./inspections.server";

// "Salvar cômodo" (issue 38): every item of a room, its name, state and note,
// in one post and one transaction, so a room is one tap on a phone instead of
// one "Salvar" per item. Only the items that changed are written and audited.

type DB = Kysely<Database>;

export async function saveRoomItems(
  db: DB,
  roomId: number,
  inputs: readonly { itemId: number; input: ItemInput }[],
  actor: AuditActor,
): Promise<{ outcome: EditOutcome; changed: number }> {
  return db.transaction().execute(async (trx) => {
    const open = await openInspectionOf(trx, { roomId });
    if (typeof open === "string") return { outcome: open, changed: 0 };
    const current = await trx
      .selectFrom("inspection_items")
      .select(["id", "name", "condition", "note"])
      .where("room_id", "=", roomId)
      .execute();
    const byId = new Map(current.map((i) => [i.id, i]));
    // An item of another room, or removed meanwhile: the room changed under the form.
    if (inputs.some((i) => !byId.has(i.itemId))) return { outcome: "missing", changed: 0 };
    let changed = 0;
    for (const { itemId, input } of inputs) {
      const { id: _id, ...before } = byId.get(itemId)!;
      const after = { name: input.name, condition: input.condition ?? null, note: input.note || null };
      if (before.name === after.name && before.condition === after.condition && before.note === after.note) continue;
      await trx.updateTable("inspection_items").set(after).where("id", "=", itemId).execute();
      await recordAudit(trx, { actor, action: "update", entity: "inspection_item", entityId: itemId, before, after });
      changed++;
    }
    if (changed > 0) await touch(trx, open);
    return { outcome: "ok", changed };
  });
}
