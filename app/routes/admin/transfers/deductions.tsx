import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert, type FormConstraint } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { formatDay } from "#app/models/clients/status";
import type { OwnerMonth, StatementDeduction } from "#app/models/owners/statement";
import { formatBRL } from "#app/models/shared/money";

// The owner's entries on the Extrato do Proprietário (decision 0064): the
// ones the statement takes, and "Lançar desconto".

export function DeductionsList({
  deductions,
  cancellable,
}: {
  deductions: readonly StatementDeduction[];
  /** Entries of a pending statement that "Cancelar" may reverse (cancel-deduction.server.ts). */
  cancellable: readonly number[];
}) {
  if (deductions.length === 0) return null;
  return (
    <section className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby="descontos">
      <h2 id="descontos" className="p-4 text-lg font-semibold text-slate-900">
        Descontos
      </h2>
      <ul className="divide-y divide-slate-100 px-4 pb-4 text-sm" data-testid="statement-deductions">
        {deductions.map((d) => (
          <li key={d.entryId} className="py-2">
            <div className="flex justify-between gap-4">
              <span>
                {d.description}
                <span className="block text-xs text-slate-600">{formatDay(d.onDate)}</span>
              </span>
              <span className="font-medium whitespace-nowrap">
                {d.amountCents >= 0 ? `− ${formatBRL(d.amountCents)}` : formatBRL(-d.amountCents)}
              </span>
            </div>
            {cancellable.includes(d.entryId) ? <CancelDeduction deduction={d} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

// "Cancelar": a deduction posted by mistake gets a cancelling entry (never
// deleted), with the reason; a closed <details> until asked for.
function CancelDeduction({ deduction: d }: { deduction: StatementDeduction }) {
  const busy = useIsPending({ fields: { intent: "cancel-deduction", entry: String(d.entryId) } });
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-xs font-medium text-red-800">Cancelar</summary>
      <Form method="post" className="mt-2 flex max-w-xl flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="cancel-deduction" />
        <input type="hidden" name="entry" value={d.entryId} />
        <label className="min-w-48 flex-1 text-xs text-slate-700">
          Motivo do cancelamento
          <input
            name="reason"
            required
            maxLength={200}
            autoComplete="off"
            className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm"
          />
        </label>
        <Button variant="danger" size="sm" disabled={busy}>
          {busy ? "Cancelando..." : `Cancelar desconto de ${formatBRL(d.amountCents)}`}
        </Button>
      </Form>
    </details>
  );
}

// "Lançar desconto": a repair, a fee, off the owner's next transfer.
export function DeductionForm({
  loaderData,
  result,
}: {
  loaderData: {
    today: string;
    deductionKey: string;
    deductionConstraint: FormConstraint;
    contracts: readonly { id: number; name: string; property_address: string | null }[];
  };
  result: SubmissionResult<string[]> | undefined;
}) {
  const busy = useIsPending({ fields: { intent: "deduction" } });
  const [form, fields] = useForm<{ description: string; amount: string; on_date: string; client_id: string }>({
    id: "deduction",
    lastResult: result,
    constraint: loaderData.deductionConstraint,
    defaultValue: { on_date: loaderData.today },
    shouldRevalidate: "onSubmit",
  });
  return (
    <section className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Lançar desconto</h2>
      <p className="mt-1 max-w-prose text-sm text-slate-700">
        Um conserto, uma taxa ou outra despesa do proprietário: sai do próximo repasse e aparece no extrato com a
        descrição.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 max-w-xl space-y-4">
        {form.errors?.length ? <FormAlert title={form.errors[0]} /> : null}
        <input type="hidden" name="intent" value="deduction" />
        <input type="hidden" name="chave" value={loaderData.deductionKey} />
        <Field meta={fields.description} label="Descrição" type="text" autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field meta={fields.amount} label="Valor (R$)" type="text" inputMode="decimal" autoComplete="off" />
          <Field meta={fields.on_date} label="Data" type="date" max={loaderData.today} />
        </div>
        <Field meta={fields.client_id} label="Contrato (opcional)" as="select">
          <option value="">Nenhum</option>
          {loaderData.contracts.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.property_address ? ` · ${c.property_address}` : ""}
            </option>
          ))}
        </Field>
        <Button disabled={busy}>{busy ? "Lançando..." : "Lançar desconto"}</Button>
      </Form>
    </section>
  );
}

// A line of the statement's totals.
export function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-6 ${strong ? "border-t border-slate-200 pt-2 text-base font-semibold" : ""}`}
    >
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

// The statement's totals: received, the fees, the reimbursements, the
// owner's entries, what is carried, the transfer.
export function StatementTotals({ statement, final }: { statement: Omit<OwnerMonth, "lines">; final: boolean }) {
  const fees = statement.adminFeeCents + statement.firstRentFeeCents;
  return (
    <dl className="ml-auto max-w-sm space-y-1 border-t border-slate-100 p-4 text-sm" data-testid="statement-totals">
      <Total label="Total recebido" value={formatBRL(statement.grossCents)} />
      {statement.adminFeeCents ? (
        <Total label="Taxa de administração" value={`− ${formatBRL(statement.adminFeeCents)}`} />
      ) : null}
      {statement.firstRentFeeCents ? (
        <Total label="Taxa do primeiro aluguel" value={`− ${formatBRL(statement.firstRentFeeCents)}`} />
      ) : null}
      {fees === 0 ? <Total label="Taxas" value={formatBRL(0)} /> : null}
      {statement.reimbursedCents ? (
        <Total label="Reembolsos de encargos" value={`+ ${formatBRL(statement.reimbursedCents)}`} />
      ) : null}
      {statement.deductions.length > 0 ? (
        <>
          <Total label="Líquido dos aluguéis" value={formatBRL(statement.rentsNetCents)} />
          <Total label="Descontos" value={`− ${formatBRL(statement.deductionsCents)}`} />
        </>
      ) : null}
      {statement.carriedCents ? (
        <Total label="Saldo devedor para o próximo extrato" value={formatBRL(statement.carriedCents)} />
      ) : null}
      <Total label={final ? "Valor repassado" : "Valor a repassar"} value={formatBRL(statement.netCents)} strong />
    </dl>
  );
}
