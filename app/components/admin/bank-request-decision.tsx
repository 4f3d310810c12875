import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { formatDateTime } from "#app/utils/format-date";

// An owner's waiting payout details change in staff's "Área do Proprietário"
// dialog (decision 0077): what was asked, and "Confirmar alteração" /
// "Recusar" with the agency's note, after a phone call to the owner.

const inputClass = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2";

export function BankRequestDecision({
  request: bankRequest,
}: {
  request: {
    id: number;
    pix_key: string | null;
    bank_account: string | null;
    remove_pix: number;
    note: string | null;
    requested_at: string;
  } | null;
}) {
  const busy = useIsPending();
  return (
    <section className="space-y-3 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">Alteração de dados bancários</h3>
      {bankRequest ? (
        <Form method="post" className="space-y-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
          <p>
            Pedido de {formatDateTime(bankRequest.requested_at)}. Confirme com o proprietário, por telefone, antes de
            aplicar.
          </p>
          <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="font-medium">Nova chave Pix</dt>
            <dd className="break-all">{bankRequest.pix_key ?? "sem alteração"}</dd>
            <dt className="font-medium">Nova conta</dt>
            <dd className="break-all">{bankRequest.bank_account ?? "sem alteração"}</dd>
            {bankRequest.remove_pix ? (
              <>
                <dt className="font-medium">Chave Pix atual</dt>
                <dd>remover (receber na conta)</dd>
              </>
            ) : null}
            {bankRequest.note ? (
              <>
                <dt className="font-medium">Observação</dt>
                <dd className="break-words">{bankRequest.note}</dd>
              </>
            ) : null}
          </dl>
          <input type="hidden" name="request_id" value={bankRequest.id} />
          <label className="block text-sm font-medium text-slate-700">
            Observação da imobiliária
            <input name="decision_note" maxLength={500} className={inputClass} />
          </label>
          <div className="flex flex-wrap gap-3">
            <Button name="intent" value="confirm-bank" disabled={busy}>
              Confirmar alteração
            </Button>
            <Button name="intent" value="refuse-bank" variant="secondary" disabled={busy}>
              Recusar
            </Button>
          </div>
        </Form>
      ) : (
        <p className="text-slate-600">Nenhum pedido aguardando.</p>
      )}
    </section>
  );
}
