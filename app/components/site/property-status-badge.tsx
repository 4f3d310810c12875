import { StatusBadge, toneOf, type BadgeTone } from "#app/components/ui/status-badge";
import { type PropertyStatus, statusLabel } from "#app/models/properties/options";

// One colour per status; an unknown status (a row written by hand) in grey.
const TONES: Record<PropertyStatus, BadgeTone> = {
  ready: "emerald",
  launch: "amber",
  construction: "orange",
  blueprint: "sky",
  commercial: "indigo",
  land: "lime",
  renovation: "rose",
  future: "violet",
};

// The status pill of a property card ("md") and page ("lg", as the pills beside it).
export function PropertyStatusBadge({ status, size }: { status: string; size: "md" | "lg" }) {
  return (
    <StatusBadge tone={toneOf(TONES, status)} size={size}>
      {statusLabel(status)}
    </StatusBadge>
  );
}
