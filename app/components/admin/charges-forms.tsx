import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Field, type FieldMeta, type FormConstraint } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { periodLabel } from "#app/models/billing/months";
import {
  CHARGE_KIND_LABELS,
  CHARGE_KINDS,
  CHARGE_RECEIVERS,
  RECEIVER_LABELS,
  RECEIVER_SHORT,
} from "#app/models/charges/charge.schema";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";
import type { ChargeReceiver, RentChargeKind } from "#app/db/schema";

// "Encargos do contrato" (docs/decisions/0068-charges-beside-the-rent.md):
// a charge on one open billing, a monthly one, and the lists with their
// Cancelar and Encerrar. Plain forms: without JavaScript the action answers
// with the errors beside their fields and the typed values.

type Result = SubmissionResult<string[]> | undefined;

function CommonFields({ fields }: { fields: Record<string, FieldMeta> }) {
  return (
    <>
      <Field meta={fields.kind} label="Tipo *" as="select">
        {CHARGE_KINDS.map((k) => (
          <option key={k} value={k}>
            {CHARGE_KIND_LABELS[k]}
          </option>
        ))}
      </Field>
      <Field meta={fields.amount} label="Valor (R$) *" type="text" inputMode="decimal" autoComplete="off" />
      <Field
        meta={fields.description}
        label="Descrição *"
        type="text"
        autoComplete="off"
        className="md:col-span-2"
        hint="O inquilino lê esta descrição na cobrança e no recibo."
      />
      <Field meta={fields.receiver} label="Quem recebe *" as="select" className="md:col-span-2">
        {CHARGE_RECEIVERS.map((r) => (
          <option key={r} value={r}>
            {RECEIVER_LABELS[r]}
          </option>
        ))}
      </Field>
    </>
  );
}

export function ChargeForm({
  constraint,
  result,
  onceKey,
  billings,
}: {
  constraint: FormConstraint;
  result: Result;
  onceKey: string;
  billings: readonly { id: number; month_year: string; due_date: string }[];
}) {
  const busy = useIsPending({ fields: { intent: "add" } });
  const [form, fields] = useForm({
    id: "charge-add",
    lastResult: result,
    constraint,
    defaultValue: { kind: "iptu", receiver: "third_party" },
    shouldRevalidate: "onSubmit",
  });
  const all = fields as unknown as Record<string, FieldMeta>;
  return (
    <section className="space-y-3">
      <h3 className="font-semibold text-slate-900">Lançar encargo numa cobrança</h3>
      {billings.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhuma cobrança em aberto para receber um encargo.</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="chave" value={onceKey} />
          <CommonFields fields={all} />
          <Field meta={all.billing_id} label="Cobrança *" as="select" className="md:col-span-2">
            {billings.map((b) => (
              <option key={b.id} value={b.id}>
                {periodLabel(b.month_year)} · vence {formatDay(b.due_date)}
              </option>
            ))}
          </Field>
          <div className="md:col-span-2">
            <Button disabled={busy}>{busy ? "Salvando..." : "Lançar encargo"}</Button>
          </div>
        </Form>
      )}
    </section>
  );
}

export function RecurringForm({ constraint, result }: { constraint: FormConstraint; result: Result }) {
  const busy = useIsPending({ fields: { intent: "add-monthly" } });
  const [form, fields] = useForm({
    id: "charge-monthly",
    lastResult: result,
    constraint,
    defaultValue: { kind: "condominio", receiver: "third_party" },
    shouldRevalidate: "onSubmit",
  });
  const all = fields as unknown as Record<string, FieldMeta>;
  return (
    <details className="border-t border-slate-200 pt-4" open={result ? true : undefined}>
      <summary className="cursor-pointer font-semibold text-slate-900">Encargo mensal (com o aluguel)</summary>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4 md:grid-cols-2">
        <input type="hidden" name="intent" value="add-monthly" />
        <CommonFields fields={all} />
        <Field meta={all.first_month} label="A partir de *" type="month" hint="mm/aaaa" />
        <Field meta={all.last_month} label="Até" type="month" hint="Em branco: até ser encerrado." />
        <div className="md:col-span-2">
          <Button disabled={busy}>{busy ? "Salvando..." : "Cadastrar encargo mensal"}</Button>
        </div>
      </Form>
    </details>
  );
}

const smallButton = "rounded border border-slate-300 bg-white px-2.5 py-1 text-xs hover:bg-slate-50";

export function RecurringList({
  rows,
}: {
  rows: readonly {
    id: number;
    kind: RentChargeKind;
    description: string;
    amount_cents: number;
    receiver: ChargeReceiver;
    first_month: string;
    last_month: string | null;
  }[];
}) {
  if (rows.length === 0) return null;
  return (
    <section>
      <h3 className="font-semibold text-slate-900">Encargos mensais</h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="recurring-charges">
        {rows.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{r.description}</span> · {CHARGE_KIND_LABELS[r.kind]} ·{" "}
              {formatBRL(r.amount_cents)} por mês · recebe: {RECEIVER_SHORT[r.receiver]}
              <span className="block text-xs text-slate-600">
                {periodLabel(r.first_month)} a {r.last_month ? periodLabel(r.last_month) : "encerrar"}
              </span>
            </span>
            {r.last_month === null ? (
              <Form method="post">
                <input type="hidden" name="intent" value="end" />
                <input type="hidden" name="id" value={r.id} />
                <button className={smallButton}>Encerrar</button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ChargesList({
  rows,
}: {
  rows: readonly {
    id: number;
    kind: string;
    description: string;
    amount_cents: number;
    receiver: string;
    month_year: string;
    cancelled: boolean;
  }[];
}) {
  if (rows.length === 0) return <p className="text-sm text-slate-700">Nenhum encargo lançado.</p>;
  return (
    <section>
      <h3 className="font-semibold text-slate-900">Encargos lançados</h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm" data-testid="rent-charges">
        {rows.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className={c.cancelled ? "text-slate-500 line-through" : undefined}>
              <span className="font-medium">{c.description}</span> · {formatBRL(c.amount_cents)} · cobrança de{" "}
              {periodLabel(c.month_year)}
              <span className="block text-xs text-slate-600">
                {CHARGE_KIND_LABELS[c.kind as RentChargeKind]} · recebe: {RECEIVER_SHORT[c.receiver as ChargeReceiver]}
              </span>
            </span>
            {c.cancelled ? (
              <span className="text-xs text-slate-600">Cancelado</span>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="cancel" />
                <input type="hidden" name="id" value={c.id} />
                <button className={smallButton} aria-label={`Cancelar ${c.description}`}>
                  Cancelar
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
