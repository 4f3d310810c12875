import type { ReactNode } from "react";

// Billing tables that stay readable at 375 px: below `md` each row is a card
// of labelled cells in two columns (the header row is hidden and each cell
// says what it is); from `md` up it is a plain table. Client-safe.

export const stackedTableClass = "block w-full text-left text-sm md:table";
export const stackedHeadClass = "hidden bg-slate-50 text-slate-600 md:table-header-group";
export const stackedBodyClass = "block divide-y divide-slate-100 md:table-row-group md:divide-y-0";
export const stackedRowClass =
  "grid grid-cols-2 gap-x-4 gap-y-3 p-4 align-top md:table-row md:border-t md:border-slate-100 md:p-0";

export function StackedCell({
  label,
  wide,
  className = "",
  children,
}: {
  label: string;
  wide?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td className={`block min-w-0 md:table-cell md:px-4 md:py-3 md:align-top ${wide ? "col-span-2" : ""} ${className}`}>
      <span className="mb-0.5 block text-xs font-medium text-slate-500 md:hidden">{label}</span>
      {children}
    </td>
  );
}
