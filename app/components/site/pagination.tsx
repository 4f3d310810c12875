import { ChevronLeft, ChevronRight } from "#app/components/ui/icons";
import { Link } from "react-router";

// Real pagination (docs/decisions/0001-filters-and-precedence.md): links, so it
// works without JS.
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const pages: (number | "gap")[] = [];
  for (let p = 1; p <= pageCount; p++) {
    if (p === 1 || p === pageCount || Math.abs(p - page) <= 1) pages.push(p);
    else if (pages[pages.length - 1] !== "gap") pages.push("gap");
  }
  const base = "inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-2 text-sm font-medium";
  return (
    <nav aria-label="Paginação" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={`${base} border-slate-300 text-slate-700 hover:bg-slate-50`} rel="prev">
          <ChevronLeft aria-hidden className="size-4" /> Anterior
        </Link>
      ) : null}
      {pages.map((p, i) =>
        p === "gap" ? (
          <span key={`gap-${i}`} className="px-1 text-slate-500">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            aria-current={p === page ? "page" : undefined}
            aria-label={`Página ${p}`}
            className={`${base} ${p === page ? "border-brand-800 bg-brand-800 text-white" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
          >
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={`${base} border-slate-300 text-slate-700 hover:bg-slate-50`} rel="next">
          Próxima <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : null}
    </nav>
  );
}
