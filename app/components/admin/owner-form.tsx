import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert, type FormConstraint } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";

// The Proprietários tab, where the owner dialogs close to.
export const OWNERS_TAB = "/admin/clients?aba=proprietarios";

// "Novo Proprietário" / "Editar Proprietário" (docs/product.md §Proprietários):
// the fields of owner.schema.ts. A plain form: without JavaScript the action
// answers with the errors beside their fields and the typed values.
export function OwnerForm({
  constraint,
  defaults,
  result,
  alert,
  submitLabel,
}: {
  constraint: FormConstraint;
  defaults: Partial<Record<string, string>>;
  result: SubmissionResult<string[]> | undefined;
  alert: string | null | undefined;
  submitLabel: string;
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
      <div className="grid gap-4 md:grid-cols-2">
        <Field meta={fields.name} label="Nome *" type="text" autoComplete="off" className="md:col-span-2" />
        <Field meta={fields.cpf_cnpj} label="CPF ou CNPJ" type="text" hint="Necessário para a DIMOB." />
        <Field meta={fields.email} label="Email" type="email" hint="Recebe o extrato de cada repasse." />
        <Field meta={fields.phone} label="Telefone" type="tel" />
        <Field meta={fields.pix_key} label="Chave Pix" type="text" hint="Para o repasse." />
        <Field
          meta={fields.bank_account}
          label="Conta bancária"
          type="text"
          hint="Banco, agência e conta, se o repasse não for por Pix."
          className="md:col-span-2"
        />
        <Field
          meta={fields.approval_limit}
          label="Limite para reparos sem consulta (R$)"
          type="text"
          inputMode="decimal"
          hint="Acima dele, o custo de um reparo pede a aprovação do proprietário. Em branco, no cadastro: R$ 500,00."
        />
      </div>
      <Button disabled={busy}>{busy ? "Salvando..." : submitLabel}</Button>
    </Form>
  );
}
