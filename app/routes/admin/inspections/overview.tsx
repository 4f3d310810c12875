import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { InspectionContests } from "#app/components/admin/inspection-contests";
import { InspectionMeters } from "#app/components/admin/inspection-meters";
import { Labeled } from "#app/components/ui/labeled";
import { ArrowDown, ArrowUp, Download, FileCheck2, Plus } from "#app/components/ui/private-icons";
import { Button, buttonClass } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { formatDay } from "#app/models/clients/status";
import { contestsOf } from "#app/models/inspections/contests.server";
import { getInspection } from "#app/models/inspections/inspections.server";
import { conditionLabel, INSPECTION_MESSAGES as M, kindLabel } from "#app/models/inspections/labels";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { inspectionAction, meterPhotoAction } from "./overview-actions.server";
import type { Route } from "./+types/overview";

// An inspection's page (docs/product.md §Vistorias): who, when, keys and
// meters (with each meter's photo), the rooms in order (each opens on its own screen), "Adicionar
// cômodo" and "Finalizar"; once finalized, read only, with its report.
export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `Vistoria de ${data?.inspection.client_name ?? ""} | Painel Administrativo` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  invariantResponse(id !== null, M.notFound, { status: 404 });
  const inspection = await getInspection(getDb(), id);
  invariantResponse(inspection, M.notFound, { status: 404 });
  const items = new Map(
    inspection.rooms.flatMap((r) => r.items.map((i) => [i.id, { room: r.name, item: i }] as const)),
  );
  const contests = (await contestsOf(getDb(), id)).map((c) => {
    const found = items.get(c.item_id);
    return {
      ...c,
      itemLabel: found ? `${found.room}: ${found.item.name}` : "",
      itemCondition: found?.item.condition ?? null,
    };
  });
  return { inspection, contests };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const id = parseId(params.id);
  invariantResponse(id !== null, M.notFound, { status: 404 });
  // "Enviar foto do medidor" is the page's one multipart form.
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data"))
    return meterPhotoAction(request, id, actor!);
  return inspectionAction(await readFormData(request), id, actor!);
}

const card = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6";
const input =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base aria-[invalid=true]:border-red-600";
const small =
  "inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2.5 py-1.5 text-sm hover:bg-slate-50";

export default function InspectionOverview({ loaderData, actionData }: Route.ComponentProps) {
  const { inspection: v } = loaderData;
  const busy = useIsPending();
  const a = actionData;
  const { contests } = loaderData;
  const locked = v.finalized_at !== null;
  const items = v.rooms.flatMap((r) => r.items);
  const rated = items.filter((i) => i.condition !== null).length;
  return (
    <div className="mx-auto max-w-4xl">
      <AdminTitle title={kindLabel(v.kind)}>
        <Link to="/admin/clients?aba=vistorias" className={buttonClass("secondary")}>
          Voltar às Vistorias
        </Link>
      </AdminTitle>
      <section className={card}>
        <h2 className="text-xl font-semibold text-slate-900">{v.client_name}</h2>
        <p className="mt-1 text-sm text-slate-700">
          {v.property_address ?? "Endereço não informado"} · {formatDay(v.date)} · Vistoriador: {v.inspector_name}
        </p>
        {v.replaces_id ? (
          <p className="mt-2 text-sm text-slate-700">
            Correção da{" "}
            <Link to={`/admin/vistorias/${v.replaces_id}`} className="text-brand-700 underline">
              vistoria nº {v.replaces_id}
            </Link>
            .
          </p>
        ) : null}
        {v.kind === "saida" && v.entry_id ? (
          <Link to={`/admin/vistorias/${v.id}/comparacao`} className={`${buttonClass("secondary")} mt-4`}>
            Comparar com a entrada
          </Link>
        ) : null}
        {locked ? (
          <div
            className="mt-4 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200"
            role="status"
          >
            <p className="font-semibold">Vistoria finalizada: não pode mais ser alterada.</p>
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="correct" />
              <button className="text-sm font-medium text-brand-700 underline">
                Criar correção (uma nova versão desta vistoria)
              </button>
            </Form>
            <a
              href={`/arquivos/vistorias/relatorios/${v.id}?download=1`}
              className="mt-2 inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
            >
              <Download aria-hidden className="size-4" /> Baixar Relatório
            </a>
          </div>
        ) : null}
      </section>

      <section className={`${card} mt-6`} aria-labelledby="chaves">
        <h2 id="chaves" className="text-lg font-semibold text-slate-900">
          Chaves e medidores
        </h2>
        <InspectionMeters
          inspection={v}
          locked={locked}
          busy={busy}
          error={a?.metersError}
          photoError={a?.meterPhotoError}
          values={a?.meters}
        />
      </section>

      <section className={`${card} mt-6`} aria-labelledby="comodos">
        <h2 id="comodos" className="text-lg font-semibold text-slate-900">
          Cômodos
        </h2>
        {v.rooms.length === 0 ? <p className="mt-2 text-sm text-slate-600">Nenhum cômodo ainda.</p> : null}
        <ol className="mt-3 divide-y divide-slate-100" data-testid="rooms">
          {v.rooms.map((room, i) => (
            <li key={room.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <Link
                  to={`/admin/vistorias/${v.id}/comodos/${room.id}`}
                  className="text-base font-semibold text-brand-800 hover:underline"
                >
                  {room.name}
                </Link>
                <p className="text-sm text-slate-600">
                  {room.items.length} itens ·{" "}
                  {room.items.map((item) => `${item.name}: ${conditionLabel(item.condition)}`).join(" · ")}
                </p>
              </div>
              {locked ? null : (
                <div className="flex gap-2">
                  <Form method="post">
                    <input type="hidden" name="intent" value="move-room" />
                    <input type="hidden" name="room_id" value={room.id} />
                    <input type="hidden" name="direction" value="up" />
                    <button className={small} disabled={i === 0} aria-label={`Subir ${room.name}`}>
                      <ArrowUp aria-hidden className="size-4" />
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="move-room" />
                    <input type="hidden" name="room_id" value={room.id} />
                    <input type="hidden" name="direction" value="down" />
                    <button className={small} disabled={i === v.rooms.length - 1} aria-label={`Descer ${room.name}`}>
                      <ArrowDown aria-hidden className="size-4" />
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-room" />
                    <input type="hidden" name="room_id" value={room.id} />
                    <button className={small} aria-label={`Remover ${room.name}`}>
                      Remover
                    </button>
                  </Form>
                </div>
              )}
            </li>
          ))}
        </ol>
        {locked ? null : (
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3" noValidate>
            <input type="hidden" name="intent" value="add-room" />
            <Labeled id="room-name" label="Novo cômodo" error={a?.roomError}>
              <input
                id="room-name"
                name="name"
                placeholder="Sala, Cozinha, Quarto 1..."
                aria-invalid={a?.roomError ? true : undefined}
                className={input}
              />
            </Labeled>
            <Button disabled={busy}>
              <Plus aria-hidden className="size-4" /> Adicionar cômodo
            </Button>
          </Form>
        )}
      </section>

      <InspectionContests contests={contests} error={a?.answerError} errorFor={a?.contestId} busy={busy} />

      {locked ? null : (
        <section className={`${card} mt-6`} aria-labelledby="finalizar">
          <h2 id="finalizar" className="text-lg font-semibold text-slate-900">
            Finalizar
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {rated} de {items.length} itens avaliados. Depois de finalizada, a vistoria não pode ser alterada; o
            relatório em PDF é gerado e enviado ao inquilino por email.
          </p>
          {/* It asks first, on its own page (finalize.tsx); a refused finalize comes back here. */}
          <div className="mt-3 space-y-3">
            {a?.finalizeError ? <FormAlert title={a?.finalizeError} /> : null}
            <Link to={`/admin/vistorias/${v.id}/finalizar`} className={buttonClass()}>
              <FileCheck2 aria-hidden className="size-4" /> Finalizar vistoria
            </Link>
          </div>
        </section>
      )}
    </div>
  );
}
