import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert, type FieldMeta, type FormConstraint } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";

// "Proprietários do contrato" (docs/decisions/0067-co-owners.md): a row an
// owner, its share in %. Without JavaScript the page offers the rows it has
// (the owners, plus empty ones); the action answers with errors beside their
// fields and the typed values kept.
export function LeaseOwnersForm({
  constraint,
  defaults,
  rows,
  owners,
  result,
  alert,
}: {
  constraint: FormConstraint;
  defaults: Partial<Record<string, string>>;
  rows: number;
  owners: readonly { id: number; name: string }[];
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
  const all = fields as unknown as Record<string, FieldMeta>;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      {alert ? <FormAlert title="Erro" description={alert} /> : null}
      {form.errors?.length ? <FormAlert title="Confira as quotas" description={form.errors.join(" ")} /> : null}
      <p className="text-sm text-slate-700">
        Cada proprietário recebe a sua quota de cada aluguel, no seu extrato, no informe de rendimentos e na DIMOB. As
        quotas somam 100%. Um só proprietário recebe o aluguel inteiro.
      </p>
      <ol className="space-y-3">
        {Array.from({ length: rows }, (_, i) => i + 1).map((n) => (
          <li key={n} className="grid grid-cols-[1fr_6.5rem] gap-3 md:grid-cols-[1fr_9rem]">
            <Field meta={all[`owner_${n}`]} label={`Proprietário ${n}`} as="select">
              <option value="">—</option>
              {owners.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </Field>
            <Field meta={all[`share_${n}`]} label="Quota (%)" type="text" inputMode="decimal" />
          </li>
        ))}
      </ol>
      <Button disabled={busy}>{busy ? "Salvando..." : "Salvar proprietários"}</Button>
    </Form>
  );
}
