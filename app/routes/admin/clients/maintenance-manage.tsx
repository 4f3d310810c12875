import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Upload } from "#app/components/ui/private-icons";
import { Form, Link, data } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { MaintenanceDetails } from "#app/components/admin/maintenance-panel";
import { MaintenancePriorityBadge, MaintenanceStatusBadge } from "#app/components/maintenance/maintenance-badges";
import { ErrorPage } from "#app/components/site/error-page";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import {
  MAINTENANCE_ADMIN_MESSAGES,
  MAINTENANCE_COST_MESSAGES,
  maintenanceCostSchema,
  maintenanceUpdateSchema,
  staffAnswerSchema,
} from "#app/models/maintenance/admin.schema";
import { addMaintenanceCost, answerApproval, costsOfRequest } from "#app/models/maintenance/costs.server";
import { reportFailure } from "#app/utils/failure.server";
import { MaintenanceCosts } from "#app/components/admin/maintenance-costs";
import { getMaintenanceRequest, updateMaintenanceRequest } from "#app/models/maintenance/admin.server";
import {
  MAINTENANCE_PRIORITY_OPTIONS,
  MAINTENANCE_PRIORITY_VALUES,
  MAINTENANCE_STATUS_OPTIONS,
  MAINTENANCE_STATUS_VALUES,
} from "#app/models/maintenance/labels";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/maintenance-manage";
import { tabListUrl } from "./clients-tabs";

// "Gerenciar" a maintenance request (docs/product.md §Manutenções): status,
// priority and the admin's notes. The page the dialog would open; a plain
// form that works without JavaScript.
export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData ? loaderData.request.title : "Manutenção"} | Painel Administrativo` },
    { name: "robots", content: "noindex" },
  ];
}

// Back to the Manutenções list as it was: its search, filters and page come
// in this dialog's query string, validated again.
const listOf = (url: URL) => tabListUrl("manutencoes", url.searchParams);

export async function loader({ params, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const request = id === null ? null : await getMaintenanceRequest(getDb(), id);
  invariantResponse(request, "Solicitação não encontrada");
  return {
    request,
    costs: await costsOfRequest(getDb(), request.id),
    constraint: getZodConstraint(maintenanceUpdateSchema),
    costConstraint: getZodConstraint(maintenanceCostSchema),
    list: listOf(url),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const list = listOf(url);
  const id = parseId(params.id);
  if (id === null)
    return redirectWithToast(list, {
      type: "error",
      title: "Erro",
      description: MAINTENANCE_ADMIN_MESSAGES.updateFailed,
    });
  const form = await readFormData(request);
  if (form.get("intent") === "cost") return costAction(form, id, actor, url);
  if (form.get("intent") === "answer") return answerAction(form, id, actor, url);
  const submission = parseWithZod(form, { schema: maintenanceUpdateSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  let updated: Awaited<ReturnType<typeof updateMaintenanceRequest>>;
  try {
    updated = await updateMaintenanceRequest(getDb(), id, submission.value, actor);
  } catch (error) {
    return failedWriteAlert("maintenance.update_failed", error, {
      result: submission.reply(),
      alert: MAINTENANCE_ADMIN_MESSAGES.updateFailed,
    });
  }
  if (!updated)
    return redirectWithToast(list, {
      type: "error",
      title: "Erro",
      description: MAINTENANCE_ADMIN_MESSAGES.updateFailed,
    });
  return redirectWithToast(list, {
    type: "success",
    title: "Solicitação atualizada com sucesso!",
    description: updated.title,
  });
}

// "Registrar custo": the cost, and the approval of each owner whose limit it
// passes (decision 0077). Back to this dialog with a toast; errors beside
// their fields, the typed values kept.
async function costAction(form: FormData, id: number, actor: Awaited<ReturnType<typeof requireRole>>, url: URL) {
  const submission = parseWithZod(form, { schema: maintenanceCostSchema });
  if (submission.status !== "success")
    return data({ costResult: submission.reply(), costAlert: null }, { status: 400 });
  let added: Awaited<ReturnType<typeof addMaintenanceCost>>;
  try {
    added = await addMaintenanceCost(
      getDb(),
      id,
      { description: submission.value.description, amountCents: submission.value.amount },
      actor,
    );
  } catch (error) {
    return failedWriteAlert("maintenance.cost_failed", error, {
      costResult: submission.reply(),
      costAlert: MAINTENANCE_COST_MESSAGES.failed,
    });
  }
  const here = `/admin/clients/manutencoes/${id}${url.search}`;
  if (!added.ok && added.reason === "missing")
    return redirectWithToast(listOf(url), { type: "error", title: "Erro", description: "Solicitação não encontrada." });
  return redirectWithToast(here, {
    type: "success",
    title: added.ok ? MAINTENANCE_COST_MESSAGES.saved : MAINTENANCE_COST_MESSAGES.duplicate,
    description: added.ok
      ? added.asked
        ? `Aguardando a aprovação de ${added.asked === 1 ? "1 proprietário" : `${added.asked} proprietários`}.`
        : "Dentro do limite de aprovação do proprietário."
      : submission.value.description,
  });
}

// An owner's answer heard by phone (an owner without a login answers so),
// recorded by staff, audited as theirs. Back to this dialog with a toast.
async function answerAction(form: FormData, id: number, actor: Awaited<ReturnType<typeof requireRole>>, url: URL) {
  const here = `/admin/clients/manutencoes/${id}${url.search}`;
  const error = (description: string) => redirectWithToast(here, { type: "error", title: "Erro", description });
  const submission = parseWithZod(form, { schema: staffAnswerSchema });
  if (submission.status !== "success")
    return error(submission.error?.note?.[0] ? "Observação muito longa (até 500 caracteres)." : "Ação desconhecida.");
  const { approval_id, answer, note } = submission.value;
  let done: Awaited<ReturnType<typeof answerApproval>>;
  try {
    done = await answerApproval(getDb(), { staff: true }, approval_id, { answer, note }, actor);
  } catch (e) {
    reportFailure("maintenance.answer_failed", e);
    return error("Não foi possível registrar a resposta. Tente novamente.");
  }
  if (!done.ok)
    return error(done.reason === "answered" ? "Este custo já foi respondido." : "Aprovação não encontrada.");
  return redirectWithToast(here, {
    type: "success",
    title: "Resposta registrada",
    description: answer === "approved" ? "O proprietário aprovou o custo." : "O proprietário recusou o custo.",
  });
}

export default function ManageMaintenance({ loaderData, actionData }: Route.ComponentProps) {
  const { request: r } = loaderData;
  const busy = useIsPending();
  const [form, fields] = useForm({
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    constraint: loaderData.constraint,
    defaultValue: {
      status: (MAINTENANCE_STATUS_VALUES as readonly string[]).includes(r.status) ? r.status : "",
      priority: (MAINTENANCE_PRIORITY_VALUES as readonly string[]).includes(r.priority) ? r.priority : "",
      admin_notes: r.admin_notes ?? "",
    },
  });
  return (
    <RouteDialog title="Gerenciar Solicitação" closeTo={loaderData.list} wide>
      <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
        <section>
          <div className="mb-4 flex flex-wrap items-center gap-2">
            <h2 className="mr-auto text-lg font-semibold text-slate-900">{r.title}</h2>
            <MaintenanceStatusBadge status={r.status} />
            <MaintenancePriorityBadge priority={r.priority} named />
          </div>
          <MaintenanceDetails request={r} />
          <Link
            to={`/admin/clients/manutencoes/documentos/novo?solicitacao=${r.id}`}
            className="mt-4 inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2.5 py-1 text-sm hover:bg-slate-50"
          >
            <Upload aria-hidden className="size-4" /> Upload Documento
          </Link>
          <MaintenanceCosts
            costs={loaderData.costs}
            constraint={loaderData.costConstraint}
            result={actionData && "costResult" in actionData ? actionData.costResult : undefined}
            alert={actionData && "costAlert" in actionData ? actionData.costAlert : null}
          />
        </section>
        <Form
          method="post"
          {...getFormProps(form)}
          className="h-fit space-y-4 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
        >
          {actionData && "alert" in actionData && actionData.alert ? (
            <FormAlert title="Erro" description={actionData.alert} />
          ) : null}
          <Field meta={fields.status} label="Status" as="select">
            <option value="">Selecione</option>
            {MAINTENANCE_STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Field>
          <Field meta={fields.priority} label="Prioridade" as="select">
            <option value="">Selecione</option>
            {MAINTENANCE_PRIORITY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Field>
          <Field meta={fields.admin_notes} label="Observações do administrador" as="textarea" rows={5} />
          <Button disabled={busy}>{busy ? "Salvando..." : "Salvar"}</Button>
        </Form>
      </div>
    </RouteDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Solicitação não encontrada"
      notFoundText="Esta solicitação de manutenção não existe ou foi excluída."
    />
  );
}
