import { Form, Link } from "react-router";
import { ItemFields } from "#app/components/admin/inspection-item-fields";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { ItemPhotos } from "#app/components/admin/inspection-item-photos";
import { Plus } from "#app/components/ui/private-icons";
import { Button, buttonClass } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { getInspection } from "#app/models/inspections/inspections.server";
import { formatDay } from "#app/models/clients/status";
import { conditionLabel, INSPECTION_MESSAGES as M } from "#app/models/inspections/labels";
import { invariantResponse, parseId, requireRole } from "#app/utils/http.server";
import { roomAction } from "./room-actions.server";
import type { Route } from "./+types/room";

// One room of an inspection on its own screen (docs/product.md §Vistorias),
// made for a phone in the property: every item's state and note saved by one
// "Salvar" at the foot of the room (issue 38: a room is one tap), each item's
// photos in a form of their own (straight from the camera), so that a photo
// that fails on a poor connection is sent again on its own.
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

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const { inspection, room } = await load(params);
  return roomAction(request, inspection.id, room, actor);
}

const card = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200";
// The id ItemFields' fields name as their form.
const ROOM_FORM = "comodo";
const input =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base aria-[invalid=true]:border-red-600";

export default function InspectionRoom({ loaderData, actionData }: Route.ComponentProps) {
  const { id, room, locked, prev, next } = loaderData;
  const busy = useIsPending();
  const a = actionData;
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
      {a?.photoError && !a?.itemId ? <FormAlert title="Fotos não enviadas" description={a?.photoError} /> : null}
      {a?.itemErrors ? <FormAlert title="Cômodo não salvo" description={a.error ?? ""} /> : null}
      <ol className="space-y-4" data-testid="items">
        {room.items.map((item) => {
          const mine = a?.itemId === item.id;
          const typed = a?.roomValues?.[item.id];
          const error = a?.itemErrors?.[item.id];
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
                <ItemFields item={item} typed={typed} error={error} />
              )}
              <ItemPhotos item={item} locked={locked} error={(mine && a?.photoError) || undefined} busy={busy} />
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
      {locked || room.items.length === 0 ? null : (
        // The items' fields belong to this form by their `form` attribute (the
        // photo and removal forms sit between them): one post saves the room.
        <Form
          method="post"
          id={ROOM_FORM}
          noValidate
          className="sticky bottom-0 z-10 -mx-4 mt-4 border-t border-slate-200 bg-white/95 px-4 py-3 sm:mx-0 sm:rounded-xl sm:border sm:shadow-sm"
        >
          <input type="hidden" name="intent" value="room" />
          <Button disabled={busy} className="w-full sm:w-auto">
            {busy ? "Salvando..." : `Salvar ${room.name}`}
          </Button>
        </Form>
      )}
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
            defaultValue={a?.addError ? a?.values?.name : ""}
            className={input}
          />
          {a?.addError ? <p className="text-sm font-medium text-red-700">{a?.addError}</p> : null}
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
