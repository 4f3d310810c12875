import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Field, type FieldMeta, type FormConstraint } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { REPAIR_ROWS } from "#app/models/leases/settlement.schema";
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
}: {
  constraint: FormConstraint;
  defaults: Record<string, string>;
  result: SubmissionResult<string[]> | undefined;
  onceKey: string;
  preview: { lines: readonly PreviewLine[]; resultCents: number } | null;
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
