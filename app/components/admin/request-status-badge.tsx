import { type RequestStatus, requestStatusLabel } from "#app/models/leads/admin/request-status";

// Pendente (yellow), Contatado (blue), Resolvido (green): docs/product.md
// §Solicitações. An unknown value (a row written by hand) is shown raw, in
// grey.
const COLOURS: Record<RequestStatus, string> = {
  pending: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  contacted: "bg-blue-100 text-blue-900 ring-blue-300",
  resolved: "bg-green-100 text-green-900 ring-green-300",
};

export function RequestStatusBadge({ status }: { status: string }) {
  const colour = (COLOURS as Record<string, string>)[status] ?? "bg-slate-100 text-slate-800 ring-slate-300";
  return (
    <span
      data-testid="request-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${colour}`}
    >
      {requestStatusLabel(status)}
    </span>
  );
}
