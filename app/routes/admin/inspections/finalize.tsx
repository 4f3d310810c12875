import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { FileCheck2 } from "#app/components/ui/private-icons";
import { Button, buttonClass } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { formatDay } from "#app/models/clients/status";
import { getInspection } from "#app/models/inspections/inspections.server";
import { INSPECTION_MESSAGES as M, kindLabel } from "#app/models/inspections/labels";
import { invariantResponse, parseId } from "#app/utils/http.server";
import type { Route } from "./+types/finalize";

// "Finalizar vistoria" asks first, on a page of its own (issue 38: a locked
// inspection cannot be changed, and a tap by mistake on a phone locked it):
// what is about to be locked, the items still without a state (each room a
// link), and "Confirmar e finalizar", which posts the inspection page's own
// finalize (its checks and answers unchanged). Works without JavaScript.
export function meta({ data }: Route.MetaArgs) {
  return [
    { title: `Finalizar vistoria de ${data?.inspection.client_name ?? ""} | Painel Administrativo` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  invariantResponse(id !== null, M.notFound, { status: 404 });
  const inspection = await getInspection(getDb(), id);
  invariantResponse(inspection, M.notFound, { status: 404 });
  return { inspection };
}

const card = "rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6";

export default function FinalizeInspection({ loaderData }: Route.ComponentProps) {
  const { inspection: v } = loaderData;
  const busy = useIsPending();
  const back = `/admin/vistorias/${v.id}`;
  const items = v.rooms.flatMap((r) => r.items);
  const unrated = v.rooms
    .map((r) => ({ id: r.id, name: r.name, missing: r.items.filter((i) => i.condition === null).length }))
    .filter((r) => r.missing > 0);
  const refusal = items.length === 0 ? M.finalizeEmpty : unrated.length > 0 ? M.finalizeUnrated : null;
  return (
    <div className="mx-auto max-w-2xl">
      <AdminTitle title="Finalizar vistoria">
        <Link to={back} className={buttonClass("secondary")}>
          Voltar à vistoria
        </Link>
      </AdminTitle>
      <section className={card}>
        <h2 className="text-lg font-semibold text-slate-900">
          {kindLabel(v.kind)} de {v.client_name}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {v.property_address ?? "Endereço não informado"} · {formatDay(v.date)} · Vistoriador: {v.inspector_name}
        </p>
        <ul className="mt-4 space-y-1 text-slate-800" data-testid="finalize-summary">
          <li>
            {v.rooms.length === 1 ? "1 cômodo" : `${v.rooms.length} cômodos`},{" "}
            {items.length - unrated.reduce((s, r) => s + r.missing, 0)} de {items.length} itens avaliados
          </li>
          <li>Chaves entregues: {v.keys_count ?? "não informado"}</li>
        </ul>
        {refusal ? (
          <div className="mt-4 space-y-3">
            <FormAlert title={refusal} />
            {unrated.length ? (
              <ul className="list-inside list-disc text-sm">
                {unrated.map((r) => (
                  <li key={r.id}>
                    <Link to={`${back}/comodos/${r.id}`} className="font-medium text-brand-700 hover:underline">
                      {r.name}
                    </Link>
                    : {r.missing === 1 ? "1 item sem estado" : `${r.missing} itens sem estado`}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <Form method="post" action={back} className="mt-4 space-y-3">
            <p className="rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-200">
              Depois de finalizada, a vistoria não pode ser alterada: o relatório em PDF é gerado e enviado ao inquilino
              por email. Uma correção só por uma nova vistoria que substitui esta.
            </p>
            <input type="hidden" name="intent" value="finalize" />
            <div className="flex flex-wrap gap-3">
              <Button disabled={busy}>
                <FileCheck2 aria-hidden className="size-4" /> Confirmar e finalizar
              </Button>
              <Link to={back} className={buttonClass("secondary")}>
                Cancelar
              </Link>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
