import fs from "node:fs/promises";
import type { Kysely } from "kysely";
import { randomBytes } from "node:crypto";
import type { Database } from "#app/db/schema";
import { recordAudit } from "#app/models/audit/audit.server";
import { privateFilePath, removePrivateFiles } from "#app/models/files/private-store.server";

// A correction of a finalized inspection (docs/decisions/0044-inspections.md):
// the locked one stays as it was; a new draft copies it whole (rooms, items,
// states, notes, keys, meters, photos and meter photos, as new files) and
// names it in `replaces_id`, to be corrected and finalized in turn.

type DB = Kysely<Database>;

export async function createCorrection(db: DB, id: number, actor: { id: number; name: string }) {
  const source = await db.selectFrom("inspections").selectAll().where("id", "=", id).executeTakeFirst();
  if (!source) return { outcome: "missing" } as const;
  if (!source.finalized_at) return { outcome: "open" } as const;
  const photos = await db
    .selectFrom("inspection_photos")
    .innerJoin("inspection_items", "inspection_items.id", "inspection_photos.item_id")
    .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
    .selectAll("inspection_photos")
    .where("inspection_rooms.inspection_id", "=", id)
    .execute();
  const meterPhotos = await db
    .selectFrom("inspection_meter_photos")
    .selectAll()
    .where("inspection_id", "=", id)
    .execute();
  // The photos' copies first (by the original's file key); removed again if
  // the rows are not written.
  const copies = new Map<string, string>();
  try {
    for (const { file_key } of [...photos, ...meterPhotos]) {
      const key = `${randomBytes(16).toString("hex")}.webp`;
      await fs.copyFile(privateFilePath(file_key), privateFilePath(key));
      copies.set(file_key, key);
    }
    const newId = await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const row = await trx
        .insertInto("inspections")
        .values({
          client_id: source.client_id,
          kind: source.kind,
          date: source.date,
          inspector_id: actor.id,
          inspector_name: actor.name,
          keys_count: source.keys_count,
          water_reading: source.water_reading,
          power_reading: source.power_reading,
          replaces_id: source.id,
          entry_id: source.entry_id,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (meterPhotos.length)
        await trx
          .insertInto("inspection_meter_photos")
          .values(
            meterPhotos.map(({ id: _id, file_key, ...p }) => ({
              ...p,
              inspection_id: row.id,
              file_key: copies.get(file_key)!,
              created_at: now,
            })),
          )
          .execute();
      const rooms = await trx.selectFrom("inspection_rooms").selectAll().where("inspection_id", "=", id).execute();
      for (const room of rooms) {
        const r = await trx
          .insertInto("inspection_rooms")
          .values({ inspection_id: row.id, name: room.name, position: room.position })
          .returning("id")
          .executeTakeFirstOrThrow();
        const items = await trx.selectFrom("inspection_items").selectAll().where("room_id", "=", room.id).execute();
        for (const item of items) {
          const { id: itemId, room_id: _room, ...rest } = item;
          const copy = await trx
            .insertInto("inspection_items")
            .values({ ...rest, room_id: r.id })
            .returning("id")
            .executeTakeFirstOrThrow();
          const own = photos.filter((p) => p.item_id === itemId);
          if (own.length)
            await trx
              .insertInto("inspection_photos")
              .values(
                own.map((p) => ({
                  item_id: copy.id,
                  file_key: copies.get(p.file_key)!,
                  width: p.width,
                  height: p.height,
                  taken_at: p.taken_at,
                  created_at: now,
                })),
              )
              .execute();
        }
      }
      await recordAudit(trx, {
        actor,
        action: "create",
        entity: "inspection",
        entityId: row.id,
        after: { replaces_id: source.id },
      });
      return row.id;
    });
    return { outcome: "ok", id: newId } as const;
  } catch (error) {
    await removePrivateFiles([...copies.values()]);
    throw error;
  }
}
