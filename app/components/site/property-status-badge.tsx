import { type PropertyStatus, statusLabel } from "#app/models/properties/options";

// One colour per status; an unknown status (a row written by hand) in grey.
const COLOURS: Record<PropertyStatus, string> = {
  ready: "bg-emerald-100 text-emerald-900",
  launch: "bg-amber-100 text-amber-900",
  construction: "bg-orange-100 text-orange-900",
  blueprint: "bg-sky-100 text-sky-900",
  commercial: "bg-indigo-100 text-indigo-900",
  land: "bg-lime-100 text-lime-900",
  renovation: "bg-rose-100 text-rose-900",
  future: "bg-violet-100 text-violet-900",
};

// The status pill of a property card (padding "px-2.5 py-1") and page ("px-3 py-1").
export function PropertyStatusBadge({ status, padding }: { status: string; padding: string }) {
  const colour = (COLOURS as Record<string, string>)[status] ?? "bg-slate-100 text-slate-800";
  return <span className={`rounded-full ${padding} text-xs font-semibold ${colour}`}>{statusLabel(status)}</span>;
}
