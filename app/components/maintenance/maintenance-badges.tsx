import { StatusBadge, toneOf, type BadgeTone } from "#app/components/ui/status-badge";
import {
  maintenancePriorityLabel,
  maintenanceStatusLabel,
  type MaintenancePriority,
  type MaintenanceStatus,
} from "#app/models/maintenance/labels";

// The badges of a maintenance request, the same in "Gestão de Manutenções"
// and in the tenant's "Minhas Solicitações" (docs/product.md §Manutenções):
// one colour per status and per priority; an unknown value raw, in grey.
const STATUS_TONES: Record<MaintenanceStatus, BadgeTone> = {
  pending: "amber",
  in_progress: "sky",
  completed: "emerald",
  cancelled: "slate",
};
const PRIORITY_TONES: Record<MaintenancePriority, BadgeTone> = {
  low: "slate",
  medium: "sky",
  high: "orange",
  urgent: "red",
};

export function MaintenanceStatusBadge({ status }: { status: string }) {
  return <StatusBadge tone={toneOf(STATUS_TONES, status)}>{maintenanceStatusLabel(status)}</StatusBadge>;
}

// `named`: "Prioridade: Alta" (the back office's list), otherwise "Alta".
export function MaintenancePriorityBadge({ priority, named = false }: { priority: string; named?: boolean }) {
  const label = maintenancePriorityLabel(priority);
  return <StatusBadge tone={toneOf(PRIORITY_TONES, priority)}>{named ? `Prioridade: ${label}` : label}</StatusBadge>;
}
