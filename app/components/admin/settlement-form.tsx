import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Field, type FieldMeta, type FormConstraint } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { REFUND_METHODS, REPAIR_ROWS } from "#app/models/leases/settlement.schema";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";

// "Acerto de saída" (docs/decisions/0069-lease-settlement.md): the values,
// the preview of the statement they give, "Recalcular" and "Confirmar
// acerto". Without JavaScript "Recalcular" posts and the page answers with
// the new preview and the values kept.

export type PreviewLine = { label: string; cents: number; note?: string };

const signed = (c: number) => (c < 0 ? `− ${formatBRL(-c)}` : formatBRL(c));

export function SettlementPreview({ lines, resultCents }: { lines: readonly PreviewLine[]; resultCents: number }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm" data-testid="settlement-lines">
      {lines.map((l, i) => (
        <div key={i} className="flex justify-between gap-4 py-1.5">
          <dt className="text-slate-700">
            {l.label}
            {l.note ? <span className="block text-xs text-slate-600">{l.note}</span> : null}
          </dt>
          <dd className="whitespace-nowrap text-slate-900 tabular-nums">{signed(l.cents)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 py-2 text-base font-semibold" data-testid="settlement-result">
        <dt>{resultCents > 0 ? "Saldo devedor do inquilino" : "A devolver ao inquilino"}</dt>
        <dd className="whitespace-nowrap tabular-nums">{formatBRL(Math.abs(resultCents))}</dd>
      </div>
    </dl>
  );
}

export function SettlementForm({
  constraint,
  defaults,
  result,
  onceKey,
  preview,
  fromExit = null,
}: {
  constraint: FormConstraint;
  defaults: Record<string, string>;
  result: SubmissionResult<string[]> | undefined;
  onceKey: string;
  preview: { lines: readonly PreviewLine[]; resultCents: number } | null;
  // The exit inspection whose repair costs the rows start from (issue 38).
  fromExit?: { id: number; totalCents: number } | null;
}) {
  const busy = useIsPending({ fields: { intent: "settle" } });
  const [form, fields] = useForm({
    id: "settlement",
    lastResult: result,
    constraint,
    defaultValue: defaults,
    shouldRevalidate: "onSubmit",
  });
  const all = fields as unknown as Record<string, FieldMeta>;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-5">
      <input type="hidden" name="chave" value={onceKey} />
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          meta={all.fine_rents}
          label="Multa pactuada (nº de aluguéis)"
          type="text"
          inputMode="numeric"
          hint="Proporcional aos dias que faltavam do prazo (art. 4º)."
        />
        <Field
          meta={all.caution}
          label="Saldo da caução com o rendimento (R$)"
          type="text"
          inputMode="decimal"
          hint="O da poupança na data (art. 38 §2º); em branco se não houver caução."
        />
        <label className="flex items-start gap-2 text-sm font-medium text-slate-800 md:col-span-2">
          <input
            type="checkbox"
            name="fine_exempt"
            defaultChecked={defaults.fine_exempt === "on"}
            className="mt-0.5 size-4"
          />
          Dispensar a multa: transferência pelo empregador, com aviso de 30 dias (art. 4º, parágrafo único)
        </label>
      </div>
      <fieldset className="space-y-3">
        <legend className="font-semibold text-slate-900">Reparos da vistoria de saída</legend>
        {Array.from({ length: REPAIR_ROWS }, (_, i) => i + 1).map((n) => (
          <div key={n} className="grid gap-3 md:grid-cols-[1fr_8rem_15rem]">
            <Field meta={all[`repair_${n}`]} label={`Reparo ${n}`} type="text" autoComplete="off" />
            <Field meta={all[`repair_amount_${n}`]} label="Valor (R$)" type="text" inputMode="decimal" />
            <Field meta={all[`repair_receiver_${n}`]} label="Quem recebe" as="select">
              <option value="third_party">Prestador</option>
              <option value="owner">Proprietário (reembolso)</option>
            </Field>
          </div>
        ))}
        {fromExit ? (
          <p className="text-sm text-slate-700" data-testid="repairs-from-exit">
            Do comparativo da vistoria de saída nº {fromExit.id} (total {formatBRL(fromExit.totalCents)}).{" "}
            <a
              href={`/admin/vistorias/${fromExit.id}/comparacao.pdf`}
              className="font-semibold text-brand-700 hover:underline"
            >
              Baixar comparativo (PDF)
            </a>
          </p>
        ) : null}
      </fieldset>
      {preview ? (
        <section aria-labelledby="previa" className="rounded border border-slate-200 p-4">
          <h3 id="previa" className="mb-2 font-semibold text-slate-900">
            Prévia do termo
          </h3>
          <SettlementPreview lines={preview.lines} resultCents={preview.resultCents} />
        </section>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          name="intent"
          value="preview"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50"
        >
          Recalcular
        </button>
        <Button name="intent" value="settle" disabled={busy}>
          {busy ? "Registrando..." : "Confirmar acerto"}
        </Button>
      </div>
    </Form>
  );
}

// "Devolver ao inquilino" (decision 0076): after the acerto, what the tenant's
// credit still holds given back on a day, by Pix, TED or in cash; then what
// was given back. A plain form: the amount is the credit's, never typed.
export function TenantRefund({
  toRefundCents,
  refunds,
  today,
  onceKey,
}: {
  toRefundCents: number;
  refunds: readonly { on: string; memo: string | null; amountCents: number }[];
  today: string;
  onceKey: string;
}) {
  const busy = useIsPending();
  return (
    <section aria-labelledby="devolucao" className="border-t border-slate-200 pt-4">
      <h3 id="devolucao" className="font-semibold text-slate-900">
        Devolução ao inquilino
      </h3>
      {refunds.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-700" data-testid="tenant-refunds">
          {refunds.map((r, i) => (
            <li key={i}>
              Devolvido {formatBRL(r.amountCents)} em {formatDay(r.on)}
              {r.memo ? ` (${r.memo})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {toRefundCents > 0 ? (
        <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-3">
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="chave" value={onceKey} />
          <label className="text-sm font-medium text-slate-800">
            Data da devolução
            <input
              type="date"
              name="refunded_on"
              defaultValue={today}
              max={today}
              required
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </label>
          <label className="text-sm font-medium text-slate-800">
            Forma
            <select name="method" className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2">
              {Object.entries(REFUND_METHODS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            Referência (opcional)
            <input
              name="reference"
              maxLength={80}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2"
            />
          </label>
          <div className="sm:col-span-3">
            <Button disabled={busy}>
              {busy ? "Registrando..." : `Registrar devolução de ${formatBRL(toRefundCents)}`}
            </Button>
          </div>
        </Form>
      ) : refunds.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Não há saldo a devolver ao inquilino.</p>
      ) : null}
    </section>
  );
}
