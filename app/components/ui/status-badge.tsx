import type { HTMLAttributes, ReactNode } from "react";

// A status pill: a label on a light fill of one tone. Each domain maps its
// codes to tones beside its badge (billing-status-badge.tsx,
// maintenance-badges.tsx...); an unknown code (a row written by hand) is shown
// raw in "grey" (docs/product.md §Listas de opções). `ring` outlines the pill
// (the requests' inbox); `size` "sm" is the slimmer pill, "lg" the property
// page's.
export type BadgeTone =
  | "amber"
  | "yellow"
  | "orange"
  | "red"
  | "rose"
  | "lime"
  | "emerald"
  | "green"
  | "sky"
  | "blue"
  | "indigo"
  | "violet"
  | "brand"
  | "slate"
  | "grey";

// The ring colour (the tone's 300) only shows with `ring`, which sets its width.
const TONES: Record<BadgeTone, string> = {
  amber: "bg-amber-100 text-amber-900 ring-amber-300",
  yellow: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  orange: "bg-orange-100 text-orange-900 ring-orange-300",
  red: "bg-red-100 text-red-900 ring-red-300",
  rose: "bg-rose-100 text-rose-900 ring-rose-300",
  lime: "bg-lime-100 text-lime-900 ring-lime-300",
  emerald: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  green: "bg-green-100 text-green-900 ring-green-300",
  sky: "bg-sky-100 text-sky-900 ring-sky-300",
  blue: "bg-blue-100 text-blue-900 ring-blue-300",
  indigo: "bg-indigo-100 text-indigo-900 ring-indigo-300",
  violet: "bg-violet-100 text-violet-900 ring-violet-300",
  brand: "bg-brand-50 text-brand-800 ring-brand-100",
  slate: "bg-slate-200 text-slate-700 ring-slate-300",
  grey: "bg-slate-100 text-slate-800 ring-slate-300",
};
const SIZES = { sm: "px-2.5 py-0.5", md: "px-2.5 py-1", lg: "px-3 py-1" };

// The tone of a code in a domain's map; "grey" for a code it does not know.
export function toneOf(tones: Readonly<Record<string, BadgeTone>>, code: string): BadgeTone {
  return Object.hasOwn(tones, code) ? tones[code] : "grey";
}

type Props = { tone: BadgeTone; size?: keyof typeof SIZES; ring?: boolean; children: ReactNode } & Omit<
  HTMLAttributes<HTMLSpanElement>,
  "className"
>;

export function StatusBadge({ tone, size = "md", ring = false, children, ...rest }: Props) {
  const outline = ring ? " ring-1 ring-inset" : "";
  return (
    <span
      {...rest}
      className={`inline-flex items-center gap-1 rounded-full ${SIZES[size]} text-xs font-semibold whitespace-nowrap${outline} ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
