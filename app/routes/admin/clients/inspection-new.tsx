import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { NewRecordDialog } from "#app/components/admin/new-record-dialog";
import { Field } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { listBillingClientChoices } from "#app/models/billing/billing.server";
import { newInspectionSchema } from "#app/models/inspections/inspection.schema";
import { createInspection } from "#app/models/inspections/inspections.server";
import { INSPECTION_MESSAGES, KINDS } from "#app/models/inspections/labels";
import { failedWriteAlert } from "#app/utils/failure.server";
import { parseId, readFormData, requireRole } from "#app/utils/http.server";
import { localToday } from "#app/models/shared/days";
import type { Route } from "./+types/inspection-new";

// "Nova Vistoria" (docs/product.md §Vistorias): a dialog over the Vistorias
// tab; the contract (client), entrada or saída, the date. It opens the
// inspection's page, where rooms and items are added.
export const INSPECTIONS_TAB = "/admin/clients?aba=vistorias";

export function meta() {
  return [{ title: "Nova Vistoria | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ url }: Route.LoaderArgs) {
  const clients = await listBillingClientChoices(getDb());
  const chosen = clients.find((c) => c.id === parseId(url.searchParams.get("cliente") ?? undefined));
  return {
    clients: clients.map((c) => ({ id: c.id, name: c.name })),
    defaults: { client_id: chosen ? String(chosen.id) : "", kind: "entrada", date: localToday() },
    constraint: getZodConstraint(newInspectionSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const submission = parseWithZod(await readFormData(request), { schema: newInspectionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  let id: number | null;
  try {
    id = await createInspection(getDb(), submission.value, actor!);
  } catch (error) {
    return failedWriteAlert("inspection.create_failed", error, {
      result: submission.reply(),
      alert: INSPECTION_MESSAGES.saveFailed,
    });
  }
  if (id === null)
    return data(
      { result: submission.reply({ fieldErrors: { client_id: [INSPECTION_MESSAGES.client] } }), alert: null },
      { status: 400 },
    );
  return redirect(`/admin/vistorias/${id}`);
}

export default function NewInspection({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NewRecordDialog
      title="Nova Vistoria"
      closeTo={INSPECTIONS_TAB}
      clientLabel="Cliente (contrato)"
      loaderData={loaderData}
      actionData={actionData}
      submit="Criar Vistoria"
    >
      {(fields) => (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field meta={fields.kind} label="Tipo" as="select">
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </Field>
          <Field meta={fields.date} label="Data" type="date" />
        </div>
      )}
    </NewRecordDialog>
  );
}
