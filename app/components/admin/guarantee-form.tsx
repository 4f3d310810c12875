import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
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
