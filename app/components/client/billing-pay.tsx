import { CopyButton } from "#app/components/billing/copy-button";
import { proofStateText } from "#app/models/payment-proofs/proofs.schema";
import { formatBRL } from "#app/models/shared/money";
import { formatDate } from "#app/utils/format-date";

// How an open billing of the Cobrança tab (billing-tab.tsx) is paid and
// told paid: the Pix block, and "Já paguei" with its latest proof's state.

export type ProofState = {
  id: number;
  status: "pending" | "checked" | "refused";
  sent_at: string;
  refusal_reason: string | null;
};

// "Já paguei" (docs/decisions/0063-payment-proofs.md): a link to the form
// that sends a proof, and what became of the latest one. A proof settles
// nothing: the billing stays open until the agency registers the payment.
export function ProofBlock({ billingId, proof }: { billingId: number; proof: ProofState | null }) {
  const state = proof ? proofStateText({ status: proof.status, sentDay: formatDate(proof.sent_at) }) : null;
  const tone =
    proof?.status === "refused"
      ? "bg-red-50 text-red-900 ring-red-200"
      : proof?.status === "checked"
        ? "bg-emerald-50 text-emerald-900 ring-emerald-200"
        : "bg-amber-50 text-amber-900 ring-amber-200";
  return (
    <div className="mt-4 flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
      {state ? (
        <p className={`rounded-md px-3 py-2 text-sm ring-1 ${tone}`} data-testid="proof-state">
          {state}
          {proof?.status === "refused" && proof.refusal_reason ? (
            <span className="block">Motivo: {proof.refusal_reason}</span>
          ) : null}
        </p>
      ) : (
        <p className="text-sm text-slate-600">Já pagou e a cobrança ainda aparece em aberto? Envie o comprovante.</p>
      )}
      <a
        href={`/client-area/cobrancas/${billingId}/comprovante`}
        className="inline-flex shrink-0 items-center justify-center rounded-md border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      >
        {proof ? "Enviar outro comprovante" : "Já paguei"}
      </a>
    </div>
  );
}

export function PixBlock({ id, pix, total }: { id: number; pix: { payload: string }; total: number }) {
  const textId = `pix-${pix.payload.slice(-8)}`;
  return (
    <div className="rounded-lg bg-slate-50 p-4">
      <h4 className="font-semibold text-slate-900">Pague com Pix</h4>
      <p className="text-sm text-slate-600">
        No app do seu banco, escolha Pix Copia e Cola e cole o código abaixo, ou leia o QR Code com a câmera: o valor de{" "}
        <span className="whitespace-nowrap">{formatBRL(total)}</span> já vem preenchido.
      </p>
      <div className="mt-3 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        {/* Drawn on the server (routes/files/pix-qr.ts): no JavaScript needed. The total in
            the URL makes a new amount a new image. */}
        <img
          src={`/arquivos/pix/${id}?valor=${total}`}
          alt="QR Code Pix"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded bg-white p-2"
          data-testid="pix-qr"
        />
        <div className="w-full min-w-0 space-y-2">
          <label htmlFor={textId} className="block text-sm font-medium text-slate-700">
            Pix Copia e Cola
          </label>
          <textarea
            id={textId}
            readOnly
            rows={4}
            value={pix.payload}
            className="w-full resize-none rounded-md border border-slate-300 bg-white p-2 font-mono text-xs break-all text-slate-800"
          />
          <div className="flex flex-wrap items-center gap-2">
            <CopyButton
              text={pix.payload}
              label="Copiar"
              className="border-brand-600 bg-brand-600 px-3 py-1.5 text-sm text-white hover:bg-brand-700"
            />
          </div>
        </div>
      </div>
    </div>
  );
}
