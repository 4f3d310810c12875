import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Field, type FormConstraint } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";

// "Registrar pagamento" in an open billing's dialog
// (routes/admin/clients/billing-manage.tsx): the day and the amount received.
// Less than owed leaves the rest open ("Pago parcialmente"); more pays the
// tenant's other open billings, oldest first, and the rest is the tenant's
// credit (decision 0061). The hidden one-time key makes a second post of
// the same form write nothing. The server answers its field errors here,
// typed values kept.
export function PaymentForm({
  id,
  partial,
  onceKey,
  defaults,
  constraint,
  result,
}: {
  id: number;
  partial: boolean;
  onceKey: string;
  defaults: { payment_date: string; amount_paid: string };
  constraint: FormConstraint;
  result: SubmissionResult<string[]> | undefined;
}) {
  const busy = useIsPending({ formAction: `/admin/clients/cobrancas/${id}`, fields: { intent: "payment" } });
  const [form, fields] = useForm({
    id: `payment-${id}`,
    lastResult: result,
    constraint,
    defaultValue: defaults,
    shouldRevalidate: "onSubmit",
  });
  return (
    <section aria-labelledby="registrar-pagamento" className="mt-5 border-t border-slate-200 pt-5">
      <h3 id="registrar-pagamento" className="mb-3 font-semibold text-slate-900">
        Registrar pagamento
      </h3>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {form.errors?.length ? <p className="text-sm text-red-700">{form.errors[0]}</p> : null}
        <input type="hidden" name="intent" value="payment" />
        <input type="hidden" name="chave" value={onceKey} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.payment_date} label="Data do pagamento" type="date" />
          <Field
            meta={fields.amount_paid}
            label="Valor recebido (R$)"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            hint={
              partial
                ? "Proposto: o saldo devido hoje."
                : "Proposto: o valor devido hoje. Um valor menor deixa o saldo em aberto."
            }
          />
        </div>
        <Button disabled={busy}>{busy ? "Salvando..." : "Registrar pagamento"}</Button>
      </Form>
    </section>
  );
}
