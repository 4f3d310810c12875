import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button";
import { formatDateTime } from "#app/utils/format-date";
import { Field, FormAlert, type FormConstraint } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { GUARANTEE_KINDS, GUARANTEE_LABELS } from "#app/models/guarantees/guarantee.schema";

// "Garantia do contrato" (issue 36; Lei 8.245 arts. 37-41): one modality a
// contract. A plain form: without JavaScript the action answers with the
// errors beside their fields and the typed values.
export function GuaranteeForm({
  constraint,
  defaults,
  result,
  alert,
}: {
  constraint: FormConstraint;
  defaults: Partial<Record<string, string>>;
  result: SubmissionResult<string[]> | undefined;
  alert: string | null | undefined;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm({
    lastResult: result,
    constraint,
    defaultValue: defaults,
    shouldRevalidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      {alert ? <FormAlert title="Erro" description={alert} /> : null}
      <p className="text-sm text-slate-700">
        Uma só modalidade por contrato (Lei 8.245, art. 37). A caução em dinheiro vai até três aluguéis e rende como
        poupança para o inquilino (art. 38 §2º).
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <Field meta={fields.kind} label="Garantia *" as="select" className="md:col-span-2">
          <option value="nenhuma">Sem garantia</option>
          {GUARANTEE_KINDS.map((k) => (
            <option key={k} value={k}>
              {GUARANTEE_LABELS[k]}
            </option>
          ))}
        </Field>
        <Field
          meta={fields.amount}
          label="Valor (R$)"
          type="text"
          inputMode="decimal"
          hint="A caução depositada, ou a cobertura da apólice."
        />
        <Field
          meta={fields.valid_until}
          label="Válida até"
          type="date"
          hint="Avisamos no Painel 60 e 30 dias antes (obrigatória no seguro-fiança)."
        />
        <Field
          meta={fields.provider_name}
          label="Fiador ou seguradora"
          type="text"
          autoComplete="off"
          className="md:col-span-2"
        />
        <Field meta={fields.provider_document} label="CPF ou CNPJ de quem garante" type="text" />
        <Field meta={fields.provider_email} label="Email de quem garante" type="email" />
        <Field meta={fields.reference} label="Apólice ou número" type="text" />
        <label className="flex items-start gap-2 self-center text-sm font-medium text-slate-800">
          <input
            {...getInputProps(fields.copy_on_arrears, { type: "checkbox" })}
            key={fields.copy_on_arrears.key}
            className="mt-0.5 size-4"
          />
          Copiar o fiador nos avisos de atraso (se o contrato prevê)
        </label>
        <Field meta={fields.notes} label="Observações" as="textarea" rows={3} className="md:col-span-2" />
      </div>
      <Button disabled={busy}>{busy ? "Salvando..." : "Salvar garantia"}</Button>
    </Form>
  );
}

// The guarantee's documents (decision 0075): each opens in a new tab, each
// can be deleted (a confirmation page); "Enviar documento" opens the upload.
export function GuaranteeDocuments({
  documents,
  uploadHref,
}: {
  documents: readonly { id: number; file_name: string; uploaded_at: string; uploaded_by_name: string }[];
  uploadHref: string;
}) {
  return (
    <section aria-labelledby="garantia-documentos" className="mt-8 border-t border-slate-200 pt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="garantia-documentos" className="font-semibold text-slate-900">
          Documentos da garantia
        </h3>
        <Link to={uploadHref} className={buttonClass("secondary")}>
          Enviar documento
        </Link>
      </div>
      {documents.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          Nenhum documento: envie a apólice, a carta de fiança ou o comprovante da caução.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" data-testid="guarantee-documents">
          {documents.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <div>
                <p className="font-medium break-all text-slate-900">{d.file_name}</p>
                <p className="text-xs text-slate-600">
                  Enviado em {formatDateTime(d.uploaded_at)} por {d.uploaded_by_name}
                </p>
              </div>
              <div className="flex gap-2 text-sm">
                <a
                  href={`/arquivos/garantias/${d.id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="rounded border border-slate-300 px-2.5 py-1 hover:bg-slate-50"
                >
                  Visualizar
                </a>
                <Link
                  to={`/admin/clients/garantias/documentos/${d.id}/excluir`}
                  className="rounded border border-red-300 px-2.5 py-1 text-red-700 hover:bg-red-50"
                  aria-label={`Excluir ${d.file_name}`}
                >
                  Excluir
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
