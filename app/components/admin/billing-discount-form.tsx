import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Field, type FormConstraint } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { DISCOUNT_ITEMS } from "#app/models/billing/billing.schema";

// "Conceder desconto" in an open billing's dialog: part of one item (rent,
// multa, juros) forgiven, with the reason, as a ledger entry (decision 0061).
// The multa and juros due today are charged first, so they can be forgiven.
export function DiscountForm({
  id,
  onceKey,
  constraint,
  result,
}: {
  id: number;
  onceKey: string;
  constraint: FormConstraint;
  result: SubmissionResult<string[]> | undefined;
}) {
  const busy = useIsPending({ formAction: `/admin/clients/cobrancas/${id}`, fields: { intent: "discount" } });
  const [form, fields] = useForm<{ item: string; amount: string; reason: string }>({
    id: `discount-${id}`,
    lastResult: result,
    constraint,
    defaultValue: { item: "late_fee" },
    shouldRevalidate: "onSubmit",
  });
  return (
    <details className="mt-5 border-t border-slate-200 pt-5" open={result ? true : undefined}>
      <summary className="cursor-pointer font-semibold text-slate-900">Conceder desconto</summary>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
        {form.errors?.length ? <p className="text-sm text-red-700">{form.errors[0]}</p> : null}
        <input type="hidden" name="intent" value="discount" />
        <input type="hidden" name="chave" value={onceKey} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.item} label="Item" as="select">
            {DISCOUNT_ITEMS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Field>
          <Field
            meta={fields.amount}
            label="Valor do desconto (R$)"
            type="text"
            inputMode="decimal"
            autoComplete="off"
          />
        </div>
        <Field meta={fields.reason} label="Motivo" type="text" autoComplete="off" />
        <Button disabled={busy}>{busy ? "Salvando..." : "Conceder desconto"}</Button>
      </Form>
    </details>
  );
}
