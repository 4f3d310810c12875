import { parseWithZod } from "@conform-to/zod/v4";
import { getDb } from "#app/db/db.server";
import {
  itemPhotosSchema,
  itemSchema,
  roomActionSchema,
  type ItemInput,
} from "#app/models/inspections/inspection.schema";
import { addItem, deleteItem } from "#app/models/inspections/inspections.server";
import { saveRoomItems } from "#app/models/inspections/room-save.server";
import { INSPECTION_MESSAGES as M } from "#app/models/inspections/labels";
import { addItemPhotos, deleteItemPhoto } from "#app/models/inspections/photos.server";
import { readFormData } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { badRequest, refusedEdit } from "./outcome.server";
import { PHOTO_MESSAGES, readPhotosForm } from "./photos-upload.server";

// The posts of a room's screen (routes/admin/inspections/room.tsx): every
// item's name, state and note ("room"), a new item ("add-item"), "delete-item",
// "delete-photo" (roomActionSchema), and the multipart "Enviar fotos".
// Every refusal beside a form answers one shape (RoomAnswer).

type Room = { id: number; items: { id: number; name: string; photos: { id: number }[] }[] };
type ItemValues = { name: string; condition: string; note: string };
// `itemErrors`/`roomValues`: "Salvar cômodo" refused, each item's message and typed values.
export type RoomAnswer = {
  itemId: number | null;
  error: string | null;
  addError: string | null;
  photoError: string | null;
  values: ItemValues | null;
  itemErrors: Record<number, string> | null;
  roomValues: Record<number, ItemValues> | null;
};
const refused = (answer: Partial<RoomAnswer>) =>
  badRequest<RoomAnswer>({
    itemId: null,
    error: null,
    addError: null,
    photoError: null,
    values: null,
    itemErrors: null,
    roomValues: null,
    ...answer,
  });

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
  const form = await readFormData(request);
  if (form.get("intent") === "room") return saveRoom(form, room, back, actor);
  const submission = parseWithZod(form, { schema: roomActionSchema });
  if (submission.status !== "success") {
    const { intent, name, condition, note } = submission.payload;
    if (intent !== "add-item") return refusedEdit("missing", back);
    const values = { name: typed(name), condition: typed(condition), note: typed(note) };
    return refused({ addError: firstError(submission.error), values });
  }
  const value = submission.value;
  if (value.intent === "add-item") {
    const input = { name: value.name, condition: value.condition, note: value.note };
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

// The first of an item's messages, in the form's order.
const firstError = (errors: Record<string, string[] | null> | null | undefined) =>
  errors?.name?.[0] ?? errors?.condition?.[0] ?? errors?.note?.[0] ?? M.saveFailed;

// "Salvar cômodo": each item's fields are `name-{id}`, `condition-{id}` and
// `note-{id}`; all are read by the item's own schema, and saved together only
// when every one passes (else the room comes back with each item's message
// and what was typed).
async function saveRoom(form: FormData, room: Room, back: string, actor: { id: number; name: string }) {
  const inputs: { itemId: number; input: ItemInput }[] = [];
  const itemErrors: Record<number, string> = {};
  const roomValues: Record<number, ItemValues> = {};
  for (const item of room.items) {
    if (!form.has(`name-${item.id}`)) continue; // added after the page was drawn
    const fields = new FormData();
    for (const field of ["name", "condition", "note"] as const) {
      const v = form.get(`${field}-${item.id}`);
      if (typeof v === "string") fields.set(field, v);
    }
    roomValues[item.id] = {
      name: typed(fields.get("name")),
      condition: typed(fields.get("condition")),
      note: typed(fields.get("note")),
    };
    const parsed = parseWithZod(fields, { schema: itemSchema });
    if (parsed.status === "success") inputs.push({ itemId: item.id, input: parsed.value });
    else itemErrors[item.id] = firstError(parsed.error);
  }
  if (Object.keys(itemErrors).length > 0) return refused({ error: M.roomInvalid, itemErrors, roomValues });
  const saved = await saveRoomItems(getDb(), room.id, inputs, actor);
  if (saved.outcome !== "ok") return refusedEdit(saved.outcome, back);
  return redirectWithToast(back, {
    type: "success",
    title: "Cômodo salvo",
    description: saved.changed === 1 ? "1 item alterado." : `${saved.changed} itens alterados.`,
  });
}
