import { requestStatusInfo } from "#app/models/leads/admin/request-status";

// Pendente (yellow), Contatado (blue), Resolvido (green): spec §4.
export function RequestStatusBadge({ status }: { status: string }) {
  const info = requestStatusInfo(status);
  return (
    <span
      data-testid="request-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${info.badge}`}
    >
      {info.label}
    </span>
  );
}
