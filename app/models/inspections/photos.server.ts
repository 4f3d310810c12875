import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import {
  photoTakenAt,
  PrivateImageError,
  storePrivateWebp,
  type StoredPrivateImage,
} from "#app/models/files/private-images.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { MAX_ITEM_PHOTOS, MAX_PHOTO_BYTES } from "./labels";

// An item's photos (docs/decisions/0044-inspections.md): at most
// MAX_ITEM_PHOTOS each, judged by content before this (JPEG, PNG, WebP, HEIC),
// stored as WebP without metadata, the time the camera recorded kept. Files
// first, rows in one transaction; a file whose row is not written is removed.
// "unreadable": a photo that passed the check by content and still could not
// be decoded (a truncated HEIC); nothing is stored.

type DB = Kysely<Database>;

export { MAX_ITEM_PHOTOS, MAX_PHOTO_BYTES };

export type PhotoOutcome = "ok" | "missing" | "locked" | "too-many" | "unreadable";

export async function addItemPhotos(db: DB, itemId: number, images: readonly Buffer[], actor: AuditActor) {
  const place = await db
    .selectFrom("inspection_items")
    .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
    .innerJoin("inspections", "inspections.id", "inspection_rooms.inspection_id")
    .select(["inspections.id", "inspections.finalized_at"])
    .where("inspection_items.id", "=", itemId)
    .executeTakeFirst();
  if (!place) return "missing" as const;
  if (place.finalized_at) return "locked" as const;
  return withStoredPhotos(images, (stored) =>
    db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom("inspections")
        .select("finalized_at")
        .where("id", "=", place.id)
        .executeTakeFirst();
      if (!open) return "missing" as const;
      if (open.finalized_at) return "locked" as const;
      const had = await trx
        .selectFrom("inspection_photos")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("item_id", "=", itemId)
        .executeTakeFirstOrThrow();
      if (Number(had.n) + stored.length > MAX_ITEM_PHOTOS) return "too-many" as const;
      const now = new Date().toISOString();
      const rows = await trx
        .insertInto("inspection_photos")
        .values(stored.map((s) => ({ item_id: itemId, ...s, created_at: now })))
        .returning("id")
        .execute();
      await trx.updateTable("inspections").set({ updated_at: now }).where("id", "=", place.id).execute();
      await recordAudit(trx, {
        actor,
        action: "update",
        entity: "inspection_item",
        entityId: itemId,
        after: { photos_added: rows.map((r) => r.id) },
      });
      return "ok" as const;
    }),
  );
}

export type StoredPhoto = StoredPrivateImage & { taken_at: string | null };

// An inspection's photos (an item's, a meter's) stored, then `write` (one
// transaction with their rows): the files are removed again unless it answers
// "ok", and when it fails. A photo that cannot be decoded is "unreadable".
export async function withStoredPhotos<T extends string>(
  images: readonly Buffer[],
  write: (stored: StoredPhoto[]) => Promise<T>,
): Promise<T | "unreadable"> {
  const stored: StoredPhoto[] = [];
  try {
    for (const image of images)
      stored.push({ ...(await storePrivateWebp(image)), taken_at: await photoTakenAt(image) });
    const outcome = await write(stored);
    if (outcome !== "ok") await removePrivateFiles(stored.map((s) => s.file_key));
    return outcome;
  } catch (error) {
    await removePrivateFiles(stored.map((s) => s.file_key));
    if (error instanceof PrivateImageError) return "unreadable";
    throw error;
  }
}

export async function deleteItemPhoto(db: DB, photoId: number, actor: AuditActor) {
  const outcome = await db.transaction().execute(async (trx) => {
    const photo = await trx
      .selectFrom("inspection_photos")
      .innerJoin("inspection_items", "inspection_items.id", "inspection_photos.item_id")
      .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
      .innerJoin("inspections", "inspections.id", "inspection_rooms.inspection_id")
      .select(["inspection_photos.file_key", "inspection_photos.item_id", "inspections.finalized_at"])
      .where("inspection_photos.id", "=", photoId)
      .executeTakeFirst();
    if (!photo) return { outcome: "missing" } as const;
    if (photo.finalized_at) return { outcome: "locked" } as const;
    await trx.deleteFrom("inspection_photos").where("id", "=", photoId).execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "inspection_item",
      entityId: photo.item_id,
      after: { photo_removed: photoId },
    });
    return { outcome: "ok", key: photo.file_key } as const;
  });
  if (outcome.outcome === "ok") await removePrivateFiles([outcome.key]);
  return outcome.outcome;
}
