import { parseId } from "#app/utils/ids";

// How the edit form's image controls turn into the new gallery order. Pure and
// client-safe. The controls work without JavaScript: per image a "remover"
// checkbox (remove_image=<id>), a position select (image_position_<id>) and a
// cover radio (cover_image=<id>). Only ids of the property being edited count:
// anything else posted (another property's image, garbage) is ignored.

export const REMOVE_FIELD = "remove_image";
export const COVER_FIELD = "cover_image";
export const positionField = (id: number) => `image_position_${id}`;

type ImagePlan<T extends { id: number }> = {
  kept: T[]; // in their new order; the first is the cover
  removed: T[];
};

type Reader = { get(name: string): unknown; getAll(name: string): unknown[] };

const toId = parseId;

export function planImages<T extends { id: number }>(own: T[], form: Reader): ImagePlan<T> {
  const ownIds = new Set(own.map((img) => img.id));
  const removeIds = new Set(
    form
      .getAll(REMOVE_FIELD)
      .map(toId)
      .filter((id): id is number => id != null && ownIds.has(id)),
  );
  const removed = own.filter((img) => removeIds.has(img.id));
  const ranked = own
    .filter((img) => !removeIds.has(img.id))
    .map((img, index) => {
      const raw = form.get(positionField(img.id));
      const pos = typeof raw === "string" && /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : index + 1;
      return { img, pos, index };
    })
    .sort((a, b) => a.pos - b.pos || a.index - b.index)
    .map((r) => r.img);
  const cover = toId(form.get(COVER_FIELD));
  const coverAt = cover == null ? -1 : ranked.findIndex((img) => img.id === cover);
  const kept = coverAt > 0 ? [ranked[coverAt], ...ranked.slice(0, coverAt), ...ranked.slice(coverAt + 1)] : ranked;
  return { kept, removed };
}
