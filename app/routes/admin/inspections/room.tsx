import { Form, Link, data } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { ItemPhotos } from "#app/components/admin/inspection-item-photos";
import { Plus } from "#app/components/ui/private-icons";
import { Button, buttonClass } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { formatDay } from "#app/models/clients/status";
import { itemSchema } from "#app/models/inspections/inspection.schema";
import { addItem, deleteItem, getInspection, updateItem } from "#app/models/inspections/inspections.server";
import { CONDITIONS, conditionLabel, INSPECTION_MESSAGES as M } from "#app/models/inspections/labels";
import { addItemPhotos, deleteItemPhoto } from "#app/models/inspections/photos.server";
import { failedWriteToast } from "#app/utils/failure.server";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { badRequest, refusedEdit } from "./outcome.server";
import { PHOTO_MESSAGES, readPhotosForm } from "./photos-upload.server";
import type { Route } from "./+types/room";

// One room of an inspection on its own screen (docs/product.md §Vistorias),
// made for a phone in the property: each item's state and note in its own
// form, its photos in another (straight from the camera), so that a photo
// that fails on a poor connection is sent again without losing the notes.
export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.room.name ?? "Cômodo"} | Vistoria` }, { name: "robots", content: "noindex" }];
}

async function load(params: Route.LoaderArgs["params"]) {
  const id = parseId(params.id);
  const roomId = parseId(params.roomId);
  invariantResponse(id !== null && roomId !== null, M.notFound, { status: 404 });
  const inspection = await getInspection(getDb(), id);
  const index = inspection?.rooms.findIndex((r) => r.id === roomId) ?? -1;
  invariantResponse(inspection && index >= 0, M.notFound, { status: 404 });
  return { inspection, index, room: inspection.rooms[index] };
}

export async function loader({ params }: Route.LoaderArgs) {
  const { inspection, index, room } = await load(params);
  return {
    id: inspection.id,
    clientName: inspection.client_name,
    date: inspection.date,
    locked: inspection.finalized_at !== null,
    room,
    position: index + 1,
    count: inspection.rooms.length,
    prev: inspection.rooms[index - 1] ?? null,
    next: inspection.rooms[index + 1] ?? null,
  };
}

type ActionData = { itemId?: number; error?: string; values?: Record<string, string>; addError?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const { inspection, room } = await load(params);
  const back = `/admin/vistorias/${inspection.id}/comodos/${room.id}`;
  const db = getDb();
  const ownItem = (value: FormDataEntryValue | null) => {
    const itemId = parseId(typeof value === "string" ? value : undefined);
    return room.items.find((i) => i.id === itemId) ?? null;
  };
  try {
    if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
      const body = await readPhotosForm(request);
      const item = body.ok ? ownItem(body.form.get("item_id")) : null;
      if (!body.ok) return badRequest({ photoError: body.error });
      if (!item) return refusedEdit("missing", back);
      const outcome = await addItemPhotos(db, item.id, body.images, actor);
      if (outcome === "too-many") return badRequest({ itemId: item.id, photoError: PHOTO_MESSAGES.tooMany });
      if (outcome === "unreadable") return badRequest({ itemId: item.id, photoError: PHOTO_MESSAGES.invalid });
      if (outcome !== "ok") return refusedEdit(outcome, back);
      return redirectWithToast(`${back}#item-${item.id}`, {
        type: "success",
        title: body.images.length === 1 ? "Foto enviada" : `${body.images.length} fotos enviadas`,
        description: item.name,
      });
    }
    const form = await readFormData(request);
    const intent = form.get("intent");
    if (intent === "item" || intent === "add-item") {
      const values = {
        name: String(form.get("name") ?? ""),
        condition: String(form.get("condition") ?? ""),
        note: String(form.get("note") ?? ""),
      };
      const parsed = itemSchema.safeParse({ ...values, condition: values.condition || undefined });
      const item = intent === "item" ? ownItem(form.get("item_id")) : null;
      if (intent === "item" && !item) return refusedEdit("missing", back);
      if (!parsed.success) {
        const error = parsed.error.issues[0]?.message ?? M.saveFailed;
        return data<ActionData>(item ? { itemId: item.id, error, values } : { addError: error, values }, {
          status: 400,
        });
      }
      if (item) {
        const outcome = await updateItem(db, item.id, parsed.data, actor);
        if (outcome !== "ok") return refusedEdit(outcome, back);
        return redirectWithToast(`${back}#item-${item.id}`, {
          type: "success",
          title: "Item salvo",
          description: item.name,
        });
      }
      const added = await addItem(db, room.id, parsed.data, actor);
      if (added.outcome !== "ok") return refusedEdit(added.outcome, back);
      return redirectWithToast(`${back}#item-${added.itemId}`, { type: "success", title: "Item adicionado" });
    }
    if (intent === "delete-item") {
      const item = ownItem(form.get("item_id"));
      if (!item) return refusedEdit("missing", back);
      const outcome = await deleteItem(db, item.id, actor);
      if (outcome !== "ok") return refusedEdit(outcome, back);
      return redirectWithToast(back, { type: "success", title: "Item removido", description: item.name });
    }
    if (intent === "delete-photo") {
      const photoId = parseId(String(form.get("photo_id") ?? ""));
      const own = room.items.some((i) => i.photos.some((p) => p.id === photoId));
      if (photoId === null || !own) return refusedEdit("missing", back);
      const outcome = await deleteItemPhoto(db, photoId, actor);
      if (outcome !== "ok") return refusedEdit(outcome, back);
      return redirectWithToast(back, { type: "success", title: "Foto removida" });
    }
  } catch (error) {
    return failedWriteToast("inspection.save_failed", error, back, { title: "Erro", description: M.saveFailed });
  }
  return refusedEdit("missing", back);
}

const card = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200";
const input =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base aria-[invalid=true]:border-red-600";

export default function InspectionRoom({ loaderData, actionData }: Route.ComponentProps) {
  const { id, room, locked, prev, next } = loaderData;
  const busy = useIsPending();
  const a = (actionData ?? {}) as ActionData & { photoError?: string };
  const base = `/admin/vistorias/${id}`;
  return (
    <div className="mx-auto max-w-3xl">
      <AdminTitle title={room.name}>
        <Link to={base} className={buttonClass("secondary")}>
          Todos os cômodos
        </Link>
      </AdminTitle>
      <p className="-mt-2 mb-4 text-sm text-slate-700">
        {loaderData.clientName} · {formatDay(loaderData.date)} · cômodo {loaderData.position} de {loaderData.count}
      </p>
      {a.photoError && !a.itemId ? <FormAlert title="Fotos não enviadas" description={a.photoError} /> : null}
      <ol className="space-y-4" data-testid="items">
        {room.items.map((item) => {
          const mine = a.itemId === item.id;
          const values = mine ? a.values : undefined;
          return (
            <li key={item.id} id={`item-${item.id}`} className={card}>
              {locked ? (
                <>
                  <h2 className="text-base font-semibold text-slate-900">{item.name}</h2>
                  <p className="text-sm">
                    Estado: <strong>{conditionLabel(item.condition)}</strong>
                  </p>
                  {item.note ? <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{item.note}</p> : null}
                </>
              ) : (
                <Form method="post" className="space-y-3" noValidate>
                  <input type="hidden" name="intent" value="item" />
                  <input type="hidden" name="item_id" value={item.id} />
                  <input
                    name="name"
                    aria-label="Item"
                    defaultValue={values?.name ?? item.name}
                    className="block w-full border-0 border-b border-transparent p-0 text-base font-semibold text-slate-900 focus:border-brand-600 focus:ring-0"
                  />
                  <fieldset>
                    <legend className="mb-1 text-sm font-medium text-slate-800">Estado</legend>
                    <div className="flex flex-wrap gap-2">
                      {CONDITIONS.map((c) => (
                        <label
                          key={c.value}
                          className="inline-flex cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold"
                        >
                          <input
                            type="radio"
                            name="condition"
                            value={c.value}
                            defaultChecked={(values?.condition ?? item.condition) === c.value}
                          />
                          {c.label}
                        </label>
                      ))}
                    </div>
                  </fieldset>
                  <div>
                    <label htmlFor={`note-${item.id}`} className="mb-1 block text-sm font-medium text-slate-800">
                      Observação
                    </label>
                    <textarea
                      id={`note-${item.id}`}
                      name="note"
                      rows={2}
                      defaultValue={values?.note ?? item.note ?? ""}
                      className={input}
                    />
                  </div>
                  {mine && a.error ? <p className="text-sm font-medium text-red-700">{a.error}</p> : null}
                  <div className="flex flex-wrap gap-2">
                    <Button disabled={busy}>Salvar {item.name}</Button>
                  </div>
                </Form>
              )}
              <ItemPhotos item={item} locked={locked} error={mine ? a.photoError : undefined} busy={busy} />
              {locked ? null : (
                <Form method="post" className="mt-3 text-right">
                  <input type="hidden" name="intent" value="delete-item" />
                  <input type="hidden" name="item_id" value={item.id} />
                  <button className="text-sm text-red-700 hover:underline">Remover item {item.name}</button>
                </Form>
              )}
            </li>
          );
        })}
      </ol>
      {locked ? null : (
        <Form method="post" className={`${card} mt-4 space-y-3`} noValidate>
          <input type="hidden" name="intent" value="add-item" />
          <label htmlFor="new-item" className="block text-sm font-medium text-slate-800">
            Novo item
          </label>
          <input
            id="new-item"
            name="name"
            placeholder="Torneira, Armário, Box..."
            defaultValue={a.addError ? a.values?.name : ""}
            className={input}
          />
          {a.addError ? <p className="text-sm font-medium text-red-700">{a.addError}</p> : null}
          <Button variant="secondary" disabled={busy}>
            <Plus aria-hidden className="size-4" /> Adicionar item
          </Button>
        </Form>
      )}
      <nav aria-label="Cômodos" className="mt-6 flex justify-between gap-3 text-sm">
        {prev ? (
          <Link to={`${base}/comodos/${prev.id}`} className={buttonClass("secondary")}>
            ← {prev.name}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={`${base}/comodos/${next.id}`} className={buttonClass("secondary")}>
            {next.name} →
          </Link>
        ) : (
          <Link to={base} className={buttonClass("secondary")}>
            Concluir cômodos
          </Link>
        )}
      </nav>
    </div>
  );
}
