import { SearchX } from "#app/components/ui/icons";
import type { ReactNode } from "react";

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center">
      <SearchX aria-hidden className="mx-auto size-10 text-slate-400" />
      <p className="mt-4 text-xl font-semibold text-slate-800">{title}</p>
      {children ? <div className="mt-3 text-slate-600">{children}</div> : null}
    </div>
  );
}
