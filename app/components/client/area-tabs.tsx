// The three tabs of /client-area (routes/client/area.tsx). Each shows only
// the rows the loader read for the signed-in client (the shapes below are
// what the models give: clients/portal.server.ts, billing.server.ts,
// maintenance/requests.server.ts).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Eye } from "#app/components/ui/icons";
import { Download, FileText } from "#app/components/ui/private-icons";
import { Form } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { BillingStatusBadge } from "#app/components/billing/billing-status-badge";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert, describedBy, type FormConstraint } from "#app/components/ui/field";
import { useFreshFormId } from "#app/components/ui/use-fresh-form-id";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { MaintenancePriorityBadge, MaintenanceStatusBadge } from "#app/components/maintenance/maintenance-badges";
import {
  MAINTENANCE_CATEGORY_OPTIONS,
  MAINTENANCE_PRIORITY_OPTIONS,
  maintenanceCategoryLabel,
} from "#app/models/maintenance/labels";
import { MAINTENANCE_MESSAGES, MAX_MAINTENANCE_IMAGES } from "#app/models/maintenance/maintenance.schema";
import { formatBRL } from "#app/utils/format";
import { formatDate } from "#app/utils/format-date";
import { MaintenanceImagesInput } from "./maintenance-images";

export type ClientContract = { id: number; file_name: string; uploaded_at: string; uploaded_by_name: string };
export type ClientBilling = {
  id: number;
  due_date: string;
  month_year: string;
  amount_cents: number;
  payment_date: string | null;
  status: string;
  external_payment_id: string | null;
  documents: { id: number; file_name: string }[];
};
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

export function ContractsTab({ contracts }: { contracts: ClientContract[] }) {
  return (
    <section aria-labelledby="contratos" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="contratos" className="text-lg font-semibold text-slate-900">
        Meus Contratos
      </h2>
      {contracts.length === 0 ? (
        <p className="mt-4 text-slate-600">Nenhum contrato disponível no momento.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {contracts.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex items-center gap-3">
                <FileText aria-hidden className="size-6 text-brand-700" />
                <div>
                  <p className="font-medium break-all text-slate-900">{c.file_name}</p>
                  <p className="text-sm text-slate-600">
                    Enviado em {formatDate(c.uploaded_at)} por {c.uploaded_by_name}
                  </p>
                </div>
              </div>
              <div className="flex gap-2">
                <a
                  href={`/arquivos/contratos/${c.id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
                >
                  <Eye aria-hidden className="size-4" /> Visualizar
                </a>
                <a
                  href={`/arquivos/contratos/${c.id}?download=1`}
                  download
                  className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
                >
                  <Download aria-hidden className="size-4" /> Baixar
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// "Histórico de Cobranças" (docs/product.md §Área do Cliente): the client's
// last 12 billings, newest due date first, each with its effective status
// (pending and past due reads Em Atraso) and its boletos to download.
export function BillingTab({ billings }: { billings: ClientBilling[] }) {
  return (
    <section aria-labelledby="cobrancas" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="cobrancas" className="text-lg font-semibold text-slate-900">
        Histórico de Cobranças
      </h2>
      {billings.length === 0 ? (
        <p className="mt-4 text-slate-600">Nenhuma cobrança encontrada.</p>
      ) : (
        // Stacked below md; a table from md up that scrolls inside the card rather than widen it.
        <div className="-mx-4 mt-2 sm:mx-0 md:overflow-x-auto">
          <table className={stackedTableClass}>
            <thead className={stackedHeadClass}>
              <tr>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Vencimento</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Referência</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Valor</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Pago em</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Status</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">ID do pagamento</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Boleto</th>
              </tr>
            </thead>
            <tbody className={stackedBodyClass}>
              {billings.map((b) => (
                <tr key={b.id} data-testid="billing-row" className={stackedRowClass}>
                  <StackedCell label="Vencimento">{formatDay(b.due_date)}</StackedCell>
                  <StackedCell label="Referência">
                    <span className="md:whitespace-nowrap">{periodLabel(b.month_year)}</span>
                  </StackedCell>
                  <StackedCell label="Valor">
                    <span className="whitespace-nowrap">{formatBRL(b.amount_cents)}</span>
                  </StackedCell>
                  <StackedCell label="Pago em">{b.payment_date ? formatDay(b.payment_date) : "—"}</StackedCell>
                  <StackedCell label="Status">
                    <BillingStatusBadge status={b.status} />
                  </StackedCell>
                  <StackedCell label="ID do pagamento">
                    <span className="break-all">{b.external_payment_id || "—"}</span>
                  </StackedCell>
                  <StackedCell label="Boleto" wide>
                    {b.documents.length === 0 ? (
                      <span className="text-slate-500">—</span>
                    ) : (
                      <ul className="space-y-1">
                        {b.documents.map((d) => (
                          <li key={d.id}>
                            <a
                              href={`/arquivos/cobrancas/${d.id}?download=1`}
                              download
                              className="inline-flex max-w-full items-start gap-1 font-medium text-brand-700 hover:underline"
                            >
                              <Download aria-hidden className="mt-0.5 size-4 shrink-0" />
                              {/* A long name wraps anywhere rather than widen the table. */}
                              <span className="min-w-0 wrap-anywhere">{d.file_name}</span>
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-4 text-sm text-slate-500">Os status de pagamento são atualizados automaticamente.</p>
    </section>
  );
}

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
