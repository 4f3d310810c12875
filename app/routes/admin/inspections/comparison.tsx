import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { Button, buttonClass } from "#app/components/ui/button";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { formatDay } from "#app/models/clients/status";
import { compareWithEntry, setRepairCost } from "#app/models/inspections/comparison.server";
import { COST_ERROR, repairCostSchema } from "#app/models/inspections/inspection.schema";
import { conditionLabel, INSPECTION_MESSAGES as M } from "#app/models/inspections/labels";
import { formatBRL } from "#app/models/shared/money";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { badRequest } from "./outcome.server";
import type { Route } from "./+types/comparison";

// "Comparar com a entrada" (docs/product.md §Vistorias): each item worse at
// the exit than at the entry, room by room, both photos side by side, a
// repair cost on each and the total to settle.
export function meta() {
  return [{ title: "Comparar com a entrada | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  invariantResponse(id !== null, M.notFound, { status: 404 });
  const compared = await compareWithEntry(getDb(), id);
  invariantResponse(compared, M.notFound, { status: 404 });
  return compared;
}

type CostAnswer = { itemId: number; costError: string; typed: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const id = parseId(params.id);
  invariantResponse(id !== null, M.notFound, { status: 404 });
  const back = `/admin/vistorias/${id}/comparacao`;
  const submission = parseWithZod(await readFormData(request), { schema: repairCostSchema });
  if (submission.status !== "success") {
    const itemId = parseId(submission.payload.item_id);
    if (itemId === null) return redirectWithToast(back, { type: "error", title: "Erro", description: M.notFound });
    const typed = typeof submission.payload.cost === "string" ? submission.payload.cost.trim() : "";
    return badRequest<CostAnswer>({ itemId, costError: COST_ERROR, typed });
  }
  const { item_id: itemId, cost: cents } = submission.value;
  if (!(await setRepairCost(getDb(), id, itemId, cents, actor)))
    return redirectWithToast(back, { type: "error", title: "Erro", description: M.notFound });
  return redirectWithToast(`${back}#item-${itemId}`, { type: "success", title: "Custo salvo" });
}

const card = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6";

function Side({
  title,
  item,
}: {
  title: string;
  item: { condition: Parameters<typeof conditionLabel>[0]; note: string | null; photos: { id: number }[] };
}) {
  return (
    <div className="min-w-0 rounded-md bg-slate-50 p-3">
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</p>
      <p className="font-semibold">{conditionLabel(item.condition)}</p>
      {item.note ? <p className="text-sm text-slate-700">{item.note}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        {item.photos.map((p) => (
          <a key={p.id} href={`/arquivos/vistorias/fotos/${p.id}`}>
            <img
              src={`/arquivos/vistorias/fotos/${p.id}`}
              alt={`${title}: foto`}
              loading="lazy"
              className="h-20 w-28 rounded object-cover ring-1 ring-slate-200"
            />
          </a>
        ))}
      </div>
    </div>
  );
}

export default function Comparison({ loaderData, actionData }: Route.ComponentProps) {
  const { exit, entry, rooms, totalCents } = loaderData;
  const busy = useIsPending();
  const a = actionData;
  return (
    <div className="mx-auto max-w-4xl">
      <AdminTitle title="Comparar com a entrada">
        {/* A resource route: a plain link, not a client-side navigation. */}
        <a href={`/admin/vistorias/${exit.id}/comparacao.pdf`} className={buttonClass("secondary")}>
          Baixar comparativo (PDF)
        </a>
        <Link to={`/admin/vistorias/${exit.id}`} className={buttonClass("secondary")}>
          Voltar à vistoria
        </Link>
      </AdminTitle>
      <p className="-mt-2 mb-4 text-sm text-slate-700">
        {exit.client_name} · saída em {formatDay(exit.date)}
        {entry ? ` · entrada em ${formatDay(entry.date)}` : ""}
      </p>
      {!entry ? (
        <p className={card}>Este contrato não tem vistoria de entrada finalizada para comparar.</p>
      ) : rooms.length === 0 ? (
        <p className={card}>Nenhum item piorou desde a entrada.</p>
      ) : (
        <div className="space-y-6" data-testid="differences">
          {rooms.map((room) => (
            <section key={room.id} className={card} aria-labelledby={`room-${room.id}`}>
              <h2 id={`room-${room.id}`} className="text-lg font-semibold text-slate-900">
                {room.name}
              </h2>
              <ul className="mt-3 space-y-4">
                {room.differences.map((d) => (
                  <li key={d.exit.id} id={`item-${d.exit.id}`} className="border-t border-slate-100 pt-3">
                    <h3 className="font-semibold">{d.exit.name}</h3>
                    <div className="mt-2 grid gap-3 sm:grid-cols-2">
                      <Side title="Entrada" item={d.entry} />
                      <Side title="Saída" item={d.exit} />
                    </div>
                    <Form method="post" className="mt-3 flex flex-wrap items-end gap-2" noValidate>
                      <input type="hidden" name="item_id" value={d.exit.id} />
                      <label className="text-sm">
                        <span className="mb-1 block font-medium text-slate-800">Custo do reparo (R$)</span>
                        <input
                          name="cost"
                          inputMode="decimal"
                          defaultValue={
                            a?.itemId === d.exit.id
                              ? a?.typed
                              : d.exit.repair_cost_cents === null
                                ? ""
                                : formatBRL(d.exit.repair_cost_cents).replace(/^R\$\s*/, "")
                          }
                          aria-invalid={a?.itemId === d.exit.id && a?.costError ? true : undefined}
                          className="block w-40 rounded-md border border-slate-300 px-3 py-2 text-base aria-[invalid=true]:border-red-600"
                        />
                      </label>
                      <Button variant="secondary" disabled={busy}>
                        Salvar custo de {d.exit.name}
                      </Button>
                      {a?.itemId === d.exit.id && a?.costError ? (
                        <p className="w-full text-sm font-medium text-red-700">{a?.costError}</p>
                      ) : null}
                    </Form>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <p className={`${card} text-right text-lg font-semibold`} data-testid="settle-total">
            Total a acertar: {formatBRL(totalCents)}
          </p>
        </div>
      )}
    </div>
  );
}
