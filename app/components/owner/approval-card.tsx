import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { formatBRL } from "#app/models/shared/money";
import { formatDateTime } from "#app/utils/format-date";
import { OWNER_AREA, ownerLeaseHref } from "./owner-ui";

// A maintenance cost waiting for the owner's answer (decision 0077): the
// property, the problem, the cost, and "Aprovar" / "Recusar" with a note. A
// plain form: without JavaScript it posts and comes back with a toast.
export function ApprovalCard({
  approval: a,
}: {
  approval: {
    id: number;
    asked_at: string;
    description: string;
    amount_cents: number;
    title: string;
    clientId: number;
    property_address: string | null;
  };
}) {
  const busy = useIsPending();
  const noteId = `nota-${a.id}`;
  return (
    <div className="rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
      <p className="flex flex-wrap justify-between gap-2">
        <span className="font-semibold break-words text-slate-900">{a.title}</span>
        <span className="text-lg font-bold text-slate-900">{formatBRL(a.amount_cents)}</span>
      </p>
      <p className="text-sm text-slate-700">
        <Link to={ownerLeaseHref(a.clientId)} className="font-medium text-brand-700 hover:underline">
          {a.property_address ?? "Imóvel sem endereço"}
        </Link>{" "}
        · pedido em {formatDateTime(a.asked_at)}
      </p>
      <p className="mt-2 text-sm break-words text-slate-800">
        <span className="font-medium">Orçamento:</span> {a.description}
      </p>
      <Form method="post" action={`${OWNER_AREA}/aprovacoes/${a.id}`} className="mt-3 space-y-3">
        <label htmlFor={noteId} className="block text-sm font-medium text-slate-700">
          Observação (opcional)
        </label>
        <textarea
          id={noteId}
          name="note"
          rows={2}
          maxLength={500}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2"
        />
        <div className="flex flex-wrap gap-3">
          <Button name="answer" value="approved" disabled={busy}>
            Aprovar
          </Button>
          <Button name="answer" value="refused" variant="secondary" disabled={busy}>
            Recusar
          </Button>
        </div>
      </Form>
    </div>
  );
}
