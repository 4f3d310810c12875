import { StatusBadge, toneOf, type BadgeTone } from "#app/components/ui/status-badge";
import { type RequestStatus, requestStatusLabel } from "#app/models/leads/admin/request-status";

// Pendente (yellow), Contatado (blue), Resolvido (green): docs/product.md
// §Solicitações. An unknown value (a row written by hand) is shown raw, in
// grey.
const TONES: Record<RequestStatus, BadgeTone> = { pending: "yellow", contacted: "blue", resolved: "green" };

export function RequestStatusBadge({ status }: { status: string }) {
  return (
    <StatusBadge tone={toneOf(TONES, status)} size="sm" ring data-testid="request-status">
      {requestStatusLabel(status)}
    </StatusBadge>
  );
}
