import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "#app/db/db.server";
import { itemPhotosSchema, roomActionSchema } from "#app/models/inspections/inspection.schema";
import { addItem, deleteItem, updateItem } from "#app/models/inspections/inspections.server";
import { INSPECTION_MESSAGES as M } from "#app/models/inspections/labels";
import { addItemPhotos, deleteItemPhoto } from "#app/models/inspections/photos.server";
import { parseId, readFormData } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { badRequest, refusedEdit } from "./outcome.server";
import { PHOTO_MESSAGES, readPhotosForm } from "./photos-upload.server";

// The posts of a room's screen (routes/admin/inspections/room.tsx): an item's
// state and note ("item"), a new item ("add-item"), "delete-item",
// "delete-photo" (roomActionSchema), and the multipart "Enviar fotos".
// Every refusal beside a form answers one shape (RoomAnswer).

type Room = { id: number; items: { id: number; name: string; photos: { id: number }[] }[] };
type ItemValues = { name: string; condition: string; note: string };
export type RoomAnswer = {
  itemId: number | null;
  error: string | null;
  addError: string | null;
  photoError: string | null;
  values: ItemValues | null;
};
const refused = (answer: Partial<RoomAnswer>) =>
  badRequest<RoomAnswer>({ itemId: null, error: null, addError: null, photoError: null, values: null, ...answer });

const typed = (value: unknown) => (typeof value === "string" ? value : "");

export async function roomAction(request: Request, id: number, room: Room, actor: { id: number; name: string }) {
  const back = `/admin/vistorias/${id}/comodos/${room.id}`;
  const db = getDb();
  const ownItem = (itemId: unknown) => room.items.find((i) => i.id === itemId) ?? null;
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const body = await readPhotosForm(request);
    if (!body.ok) return refused({ photoError: body.error });
    const fields = parseWithZod(body.form, { schema: itemPhotosSchema });
    const item = fields.status === "success" ? ownItem(fields.value.item_id) : null;
    if (!item) return refusedEdit("missing", back);
    const outcome = await addItemPhotos(db, item.id, body.images, actor);
    if (outcome === "too-many") return refused({ itemId: item.id, photoError: PHOTO_MESSAGES.tooMany });
    if (outcome === "unreadable") return refused({ itemId: item.id, photoError: PHOTO_MESSAGES.invalid });
    if (outcome !== "ok") return refusedEdit(outcome, back);
    return redirectWithToast(`${back}#item-${item.id}`, {
      type: "success",
      title: body.images.length === 1 ? "Foto enviada" : `${body.images.length} fotos enviadas`,
      description: item.name,
    });
  }
  const submission = parseWithZod(await readFormData(request), { schema: roomActionSchema });
  if (submission.status !== "success") {
    const { intent, item_id, name, condition, note } = submission.payload;
    if (intent !== "item" && intent !== "add-item") return refusedEdit("missing", back);
    const item = intent === "item" ? ownItem(parseId(item_id)) : null;
    if (intent === "item" && !item) return refusedEdit("missing", back);
    // The first of the item's messages, in the form's order.
    const errors = submission.error ?? {};
    const error = errors.name?.[0] ?? errors.condition?.[0] ?? errors.note?.[0] ?? M.saveFailed;
    const values = { name: typed(name), condition: typed(condition), note: typed(note) };
    return refused(item ? { itemId: item.id, error, values } : { addError: error, values });
  }
  const value = submission.value;
  if (value.intent === "item" || value.intent === "add-item") {
    const input = { name: value.name, condition: value.condition, note: value.note };
    if (value.intent === "item") {
      const item = ownItem(value.item_id);
      if (!item) return refusedEdit("missing", back);
      const outcome = await updateItem(db, item.id, input, actor);
      if (outcome !== "ok") return refusedEdit(outcome, back);
      return redirectWithToast(`${back}#item-${item.id}`, {
        type: "success",
        title: "Item salvo",
        description: item.name,
      });
    }
    const added = await addItem(db, room.id, input, actor);
    if (added.outcome !== "ok") return refusedEdit(added.outcome, back);
    return redirectWithToast(`${back}#item-${added.itemId}`, { type: "success", title: "Item adicionado" });
  }
  if (value.intent === "delete-item") {
    const item = ownItem(value.item_id);
    if (!item) return refusedEdit("missing", back);
    const outcome = await deleteItem(db, item.id, actor);
    if (outcome !== "ok") return refusedEdit(outcome, back);
    return redirectWithToast(back, { type: "success", title: "Item removido", description: item.name });
  }
  const photoId = value.photo_id;
  if (!room.items.some((i) => i.photos.some((p) => p.id === photoId))) return refusedEdit("missing", back);
  const outcome = await deleteItemPhoto(db, photoId, actor);
  if (outcome !== "ok") return refusedEdit(outcome, back);
  return redirectWithToast(back, { type: "success", title: "Foto removida" });
}
