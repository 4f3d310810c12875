import { Link } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button";
import { Download } from "#app/components/ui/private-icons";

// The pieces of a back-office list's GET filter (the audit log, the emails):
// a labelled control whose value lives in the URL, so a filtered list is a
// link, and the back button and JavaScript off work the same.

export const filterControlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";
export const filterLabelClass = "mb-1 block text-sm font-medium text-slate-800";

export function FilterSelect({
  id,
  name,
  label,
  value,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string | number | null | undefined;
  // The first option, which lifts the filter ("Todos", "Todas").
  allLabel: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className={filterLabelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={filterControlClass}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

// "Filtrar", and "Limpar" (the list without filters) while a filter is on.
export function FilterActions({
  clearTo,
  filtered,
  className = "flex items-end gap-2",
}: {
  clearTo: string;
  filtered: boolean;
  className?: string;
}) {
  return (
    <div className={className}>
      <Button size="sm">Filtrar</Button>
      {filtered ? (
        <Link to={clearTo} className={buttonClass("secondary", "sm")}>
          Limpar
        </Link>
      ) : null}
    </div>
  );
}

// "1 email" / "1.234 emails · página 2 de 25" above a paginated list.
export function ListCount({
  total,
  one,
  many,
  page,
  pages,
  more = false,
}: {
  total: number;
  one: string;
  many: string;
  page: number;
  pages: number;
  // The list was counted up to `total` and goes on (the audit log).
  more?: boolean;
}) {
  return (
    <p className="mb-3 text-sm text-slate-600" aria-live="polite">
      {more
        ? `mais de ${total.toLocaleString("pt-BR")} ${many}`
        : total === 1
          ? `1 ${one}`
          : `${total.toLocaleString("pt-BR")} ${many}`}
      {pages > 1 ? ` · página ${page} de ${pages}` : ""}
    </p>
  );
}

// "Exportar CSV" (issue 34): the whole list as filtered, every page, as a file
// Excel in Brazil opens. A plain link with the list's own parameters, so it
// works without JavaScript and downloads what the page shows.
export function ExportCsvLink({ href }: { href: string }) {
  return (
    <a href={href} download className={buttonClass("secondary", "sm")}>
      <Download aria-hidden className="size-4" /> Exportar CSV
    </a>
  );
}

// ListCount with "Exportar CSV" beside it.
export function ListCountExport({ exportHref, ...count }: Parameters<typeof ListCount>[0] & { exportHref: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-2">
      <ListCount {...count} />
      <div className="mb-3">
        <ExportCsvLink href={exportHref} />
      </div>
    </div>
  );
}
