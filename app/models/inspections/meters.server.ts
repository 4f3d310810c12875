import type { Kysely } from "kysely";
import type { Database, InspectionMeter } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import type { MetersInput } from "./inspection.schema";
import { openInspectionOf, touch, type EditOutcome } from "./inspections.server";
import { withStoredPhotos } from "./photos.server";

// Keys and meters of an inspection (docs/decisions/0044-inspections.md): the
// keys handed over, the water and electricity readings, and one photo of each
// meter, stored like an item's photo (WebP without metadata, the time taken
// kept). Every write refuses a finalized inspection.

type DB = Kysely<Database>;

export async function updateMeters(
  db: DB,
  inspectionId: number,
  input: MetersInput,
  actor: AuditActor,
): Promise<EditOutcome> {
  return db.transaction().execute(async (trx) => {
    const open = await openInspectionOf(trx, { inspectionId });
    if (typeof open === "string") return open;
    const after = {
      keys_count: input.keys_count ?? null,
      water_reading: input.water_reading || null,
      power_reading: input.power_reading || null,
    };
    await trx
      .updateTable("inspections")
      .set({ ...after, updated_at: new Date().toISOString() })
      .where("id", "=", inspectionId)
      .execute();
    await recordAudit(trx, { actor, action: "update", entity: "inspection", entityId: inspectionId, after });
    return "ok";
  });
}

// A meter's photo, in place of the one it had: the new file first, the row
// swapped in one transaction, the replaced file removed once it has committed.
// "unreadable": passed the check by content and still could not be decoded.
export async function setMeterPhoto(
  db: DB,
  inspectionId: number,
  meter: InspectionMeter,
  image: Buffer,
  actor: AuditActor,
): Promise<EditOutcome | "unreadable"> {
  const place = await db
    .selectFrom("inspections")
    .select("finalized_at")
    .where("id", "=", inspectionId)
    .executeTakeFirst();
  if (!place) return "missing";
  if (place.finalized_at) return "locked";
  let replaced: string | null = null;
  const outcome = await withStoredPhotos([image], ([photo]) =>
    db.transaction().execute(async (trx) => {
      const open = await openInspectionOf(trx, { inspectionId });
      if (typeof open === "string") return open;
      const old = await trx
        .selectFrom("inspection_meter_photos")
        .select(["id", "file_key"])
        .where("inspection_id", "=", inspectionId)
        .where("meter", "=", meter)
        .executeTakeFirst();
      if (old) await trx.deleteFrom("inspection_meter_photos").where("id", "=", old.id).execute();
      const row = await trx
        .insertInto("inspection_meter_photos")
        .values({ inspection_id: inspectionId, meter, ...photo, created_at: new Date().toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      await touch(trx, inspectionId);
      await recordAudit(trx, {
        actor,
        action: "update",
        entity: "inspection",
        entityId: inspectionId,
        after: { meter_photo: row.id, meter, replaced: old?.id ?? null },
      });
      replaced = old?.file_key ?? null;
      return "ok" as const;
    }),
  );
  if (outcome === "ok" && replaced) await removePrivateFiles([replaced]);
  return outcome;
}
