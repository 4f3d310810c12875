import { Link } from "react-router";

// A row of tabs that are links (?aba=..., ?tab=...): each tab is an address of
// its own, so the row works without JavaScript, and the current one says so
// to screen readers (aria-current="page"). "pills" on a grey bar (the back
// office's pages), "underline" (the client area).
type Tab<Id extends string> = { id: Id; label: string };

type Props<Id extends string> = {
  /** What the row is, for screen readers ("Abas de clientes"). */
  label: string;
  tabs: readonly Tab<Id>[];
  current: Id;
  href: (id: Id) => string;
  variant?: "pills" | "underline";
  /** Where the row sits (a margin). */
  className?: string;
};

const NAV = {
  pills: "flex flex-wrap gap-1 rounded-lg bg-slate-200/70 p-1",
  // Four tabs fit a 375 px phone (tests/e2e/rental-phone.test.ts).
  underline: "flex border-b border-slate-200 sm:gap-2",
};

function tabClass(variant: "pills" | "underline", active: boolean) {
  if (variant === "underline") {
    return `-mb-px shrink-0 border-b-2 px-2 py-2.5 text-sm font-medium sm:px-4 sm:py-2 sm:text-base ${active ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"}`;
  }
  return `rounded-md px-4 py-2 text-sm font-semibold ${active ? "bg-white text-brand-900 shadow-sm ring-1 ring-slate-200" : "text-slate-700 hover:bg-white/60"}`;
}

export function Tabs<Id extends string>({ label, tabs, current, href, variant = "pills", className = "" }: Props<Id>) {
  return (
    <nav aria-label={label} className={`${NAV[variant]} ${className}`.trim()}>
      {tabs.map((t) => (
        <Link
          key={t.id}
          to={href(t.id)}
          aria-current={t.id === current ? "page" : undefined}
          className={tabClass(variant, t.id === current)}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
