import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert, type FormConstraint } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { formatBRL } from "#app/models/shared/money";
import { formatDateTime } from "#app/utils/format-date";

// A maintenance request's costs in staff's "Gerenciar" dialog (decision
// 0077): each cost with every owner's answer (waiting, approved, refused,
// with the owner's note), and "Registrar custo".

type Approval = {
  id: number;
  ownerName: string;
  asked_at: string;
  answer: "approved" | "refused" | null;
  answer_note: string | null;
  answered_at: string | null;
  by_staff: number;
};
type Cost = {
  id: number;
  description: string;
  amount_cents: number;
  created_by_name: string;
  created_at: string;
  approvals: Approval[];
};

// A waiting question: its state, and the answer the owner gave by phone
// for staff to record (an owner without a login cannot answer otherwise).
function ApprovalState({ a }: { a: Approval }) {
  const busy = useIsPending();
  if (a.answer === null)
    return (
      <>
        <span className="text-amber-800">
          {a.ownerName}: aguardando aprovação desde {formatDateTime(a.asked_at)}
        </span>
        <details className="mt-1">
          <summary className="cursor-pointer text-brand-700">Registrar a resposta dada por telefone</summary>
          <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
            <input type="hidden" name="approval_id" value={a.id} />
            <input type="hidden" name="intent" value="answer" />
            <label className="grow text-sm">
              Observação
              <input
                name="note"
                maxLength={500}
                className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1"
              />
            </label>
            <Button name="answer" value="approved" size="sm" variant="secondary" disabled={busy}>
              Aprovou
            </Button>
            <Button name="answer" value="refused" size="sm" variant="secondary" disabled={busy}>
              Recusou
            </Button>
          </Form>
        </details>
      </>
    );
  return (
    <span className={a.answer === "approved" ? "text-emerald-800" : "text-red-800"}>
      {a.ownerName}: {a.answer === "approved" ? "aprovou" : "recusou"} em {formatDateTime(a.answered_at!)}
      {a.by_staff ? " (por telefone, registrado pela equipe)" : ""}
      {a.answer_note ? ` (“${a.answer_note}”)` : ""}
    </span>
  );
}

export function MaintenanceCosts({
  costs,
  constraint,
  result,
  alert,
}: {
  costs: Cost[];
  constraint: FormConstraint;
  result: SubmissionResult<string[]> | undefined;
  alert: string | null | undefined;
}) {
  const busy = useIsPending();
  const [form, fields] = useForm({
    id: "maintenance-cost",
    lastResult: result,
    constraint,
    shouldRevalidate: "onSubmit",
  });
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">Custos</h3>
      {costs.length ? (
        <ul className="mt-2 space-y-3" data-testid="custos">
          {costs.map((c) => (
            <li key={c.id} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
              <p className="flex flex-wrap justify-between gap-2">
                <span className="font-medium break-words">{c.description}</span>
                <span className="font-semibold">{formatBRL(c.amount_cents)}</span>
              </p>
              <p className="text-sm text-slate-600">
                Registrado por {c.created_by_name} em {formatDateTime(c.created_at)}
              </p>
              <ul className="mt-1 text-sm">
                {c.approvals.length ? (
                  c.approvals.map((a) => (
                    <li key={a.id}>
                      <ApprovalState a={a} />
                    </li>
                  ))
                ) : (
                  <li className="text-slate-600">Dentro do limite de aprovação dos proprietários.</li>
                )}
              </ul>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600">Nenhum custo registrado.</p>
      )}
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3 sm:grid-cols-[1fr_160px]">
        {alert ? (
          <div className="sm:col-span-2">
            <FormAlert title="Erro" description={alert} />
          </div>
        ) : null}
        <Field meta={fields.description} label="Descrição do custo" type="text" hint="O serviço e o fornecedor." />
        <Field meta={fields.amount} label="Valor (R$)" type="text" inputMode="decimal" />
        <div className="sm:col-span-2">
          <Button name="intent" value="cost" variant="secondary" disabled={busy}>
            Registrar custo
          </Button>
        </div>
      </Form>
    </div>
  );
}
