// The Manutenção tab of /client-area (routes/client/area.tsx): Nova
// Solicitação and the signed-in client's requests, as
// maintenance/requests.server.ts reads them.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert, describedBy, type FormConstraint } from "#app/components/ui/field";
import { useFreshFormId } from "#app/components/ui/use-fresh-form-id";
import { MaintenancePriorityBadge, MaintenanceStatusBadge } from "#app/components/maintenance/maintenance-badges";
import {
  MAINTENANCE_CATEGORY_OPTIONS,
  MAINTENANCE_PRIORITY_OPTIONS,
  maintenanceCategoryLabel,
} from "#app/models/maintenance/labels";
import { MAINTENANCE_MESSAGES, MAX_MAINTENANCE_IMAGES } from "#app/models/maintenance/maintenance.schema";
import { formatDate } from "#app/utils/format-date";
import { MaintenanceImagesInput } from "./maintenance-images";

export type ClientMaintenanceRequest = {
  id: number;
  title: string;
  description: string;
  category: string;
  priority: string;
  status: string;
  admin_notes: string | null;
  requested_at: string;
  completed_at: string | null;
  images: { id: number; width: number; height: number }[];
  documents: { id: number; file_name: string }[];
};
export type MaintenanceActionData = {
  result: SubmissionResult<string[]>;
  alert: { title: string; description: string } | null;
};

type MaintenanceTabProps = {
  requests: ClientMaintenanceRequest[];
  constraint: FormConstraint;
  actionData: MaintenanceActionData | undefined;
};

export function MaintenanceTab({ requests, constraint, actionData }: MaintenanceTabProps) {
  const busy = useIsPending();
  // A new id after a successful post: the form (and its previews) start over.
  const formId = useFreshFormId("maintenance", actionData !== undefined);
  const [form, fields] = useForm<Record<"title" | "category" | "priority" | "description" | "images", string>>({
    id: formId,
    lastResult: actionData?.result,
    constraint,
    defaultValue: { category: "general", priority: "medium" },
  });
  return (
    <div className="space-y-6">
      <section aria-labelledby="nova-solicitacao" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="nova-solicitacao" className="text-lg font-semibold text-slate-900">
          Nova Solicitação
        </h2>
        <Form
          key={formId}
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          noValidate={false}
          className="mt-4 space-y-4"
        >
          {actionData?.alert ? (
            <FormAlert title={actionData.alert.title} description={actionData.alert.description} />
          ) : null}
          <Field meta={fields.title} label="Título" type="text" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field meta={fields.category} label="Categoria" as="select">
              {MAINTENANCE_CATEGORY_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Field>
            <Field meta={fields.priority} label="Prioridade" as="select">
              {MAINTENANCE_PRIORITY_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Field>
          </div>
          <Field meta={fields.description} label="Descrição detalhada" as="textarea" rows={4} />
          <Field
            meta={fields.images}
            label="Imagens (opcional)"
            hint={`Até ${MAX_MAINTENANCE_IMAGES} imagens JPEG, PNG ou WebP de até 5MB cada.`}
            as="custom"
          >
            <MaintenanceImagesInput
              id={fields.images.id}
              describedBy={describedBy(fields.images, "hint")}
              max={MAX_MAINTENANCE_IMAGES}
              messages={{
                title: MAINTENANCE_MESSAGES.invalidFilesTitle,
                invalid: MAINTENANCE_MESSAGES.invalidFiles,
                tooMany: MAINTENANCE_MESSAGES.tooManyFiles,
              }}
            />
          </Field>
          <Button disabled={busy}>{busy ? "Enviando..." : "Enviar Solicitação"}</Button>
        </Form>
      </section>

      <section aria-labelledby="minhas-solicitacoes" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="minhas-solicitacoes" className="text-lg font-semibold text-slate-900">
          Minhas Solicitações
        </h2>
        {requests.length === 0 ? (
          <p className="mt-4 text-slate-600">Nenhuma solicitação de manutenção.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {requests.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-200 p-4" data-request-id={r.id}>
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-slate-900">{r.title}</h3>
                  <MaintenanceStatusBadge status={r.status} />
                  <MaintenancePriorityBadge priority={r.priority} />
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {maintenanceCategoryLabel(r.category)} · Solicitado em {formatDate(r.requested_at)}
                  {r.completed_at ? ` · Concluído em ${formatDate(r.completed_at)}` : ""}
                </p>
                <p className="mt-2 whitespace-pre-line text-slate-800">{r.description}</p>
                {r.admin_notes ? (
                  <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm">
                    <p className="font-semibold text-slate-900">Observações da administração</p>
                    <p className="whitespace-pre-line text-slate-800">{r.admin_notes}</p>
                  </div>
                ) : null}
                {r.images.length ? (
                  <ul className="mt-3 flex flex-wrap gap-2" aria-label="Imagens">
                    {r.images.map((img, i) => (
                      <li key={img.id}>
                        <a href={`/arquivos/manutencao/imagens/${img.id}`} target="_blank" rel="noopener noreferrer">
                          <img
                            src={`/arquivos/manutencao/imagens/${img.id}`}
                            alt={`Imagem ${i + 1} da solicitação`}
                            width={img.width}
                            height={img.height}
                            loading="lazy"
                            className="h-20 w-20 rounded object-cover"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {r.documents.length ? (
                  <div className="mt-3">
                    <p className="text-sm font-semibold text-slate-900">Documentos</p>
                    <ul className="text-sm">
                      {r.documents.map((d) => (
                        <li key={d.id}>
                          <a
                            href={`/arquivos/manutencao/documentos/${d.id}`}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="text-brand-700 hover:underline"
                          >
                            {d.file_name}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
