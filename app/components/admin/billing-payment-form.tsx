import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Field, type FormConstraint } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";

// "Registrar pagamento" (or "Corrigir pagamento" once paid) in a billing's
// dialog (routes/admin/clients/billing-manage.tsx): the day and the amount
// received; the server answers its field errors here, typed values kept.
export function PaymentForm({
  id,
  paid,
  defaults,
  constraint,
  result,
}: {
  id: number;
  paid: boolean;
  defaults: { payment_date: string; amount_paid: string };
  constraint: FormConstraint;
  result: SubmissionResult<string[]> | undefined;
}) {
  const busy = useIsPending({ formAction: `/admin/clients/cobrancas/${id}` });
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
        {paid ? "Corrigir pagamento" : "Registrar pagamento"}
      </h3>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {form.errors?.length ? <p className="text-sm text-red-700">{form.errors[0]}</p> : null}
        <input type="hidden" name="intent" value="payment" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.payment_date} label="Data do pagamento" type="date" />
          <Field
            meta={fields.amount_paid}
            label="Valor recebido (R$)"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            hint={paid ? "Um novo recibo substitui o atual." : "Proposto: o valor devido hoje."}
          />
        </div>
        <Button disabled={busy}>
          {busy ? "Salvando..." : paid ? "Salvar e emitir novo recibo" : "Marcar como Pago"}
        </Button>
      </Form>
    </section>
  );
}
