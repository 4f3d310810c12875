import type { ReactNode } from "react";
import { Form } from "react-router";
import { Pagination } from "#app/components/site/pagination";
import { ExportCsvLink, FilterActions, ListCount, filterControlClass, filterLabelClass } from "./list-filter";

// The search and filter bar of a list tab of "Gestão de Clientes" (issue 34):
// a GET form to /admin/clients (the tab in a hidden field), "Buscar" and the
// tab's own filters, "Filtrar" / "Limpar"; the list's count above the rows
// and its pagination below. Links and a GET form: no JavaScript needed.

export type ListPage = { total: number; page: number; pages: number };

// What the route gives a tab's panel for its bar and its pages: the link of
// each page, the list without filters, whether any is on, and the form's key.
export type TabNav = {
  hrefFor: (page: number) => string;
  withList: (path: string) => string;
  clearTo: string;
  filtered: boolean;
  formKey: string;
};

export function TabListBar({
  tab,
  label,
  search,
  placeholder,
  nav,
  children,
}: {
  tab: string | null; // null: the default tab (no ?aba=)
  label: string; // the form's accessible name: "Buscar clientes"
  search: string;
  placeholder: string;
  nav: TabNav;
  children?: ReactNode;
}) {
  const id = `busca-${tab ?? "clientes"}`;
  return (
    <Form
      method="get"
      action="/admin/clients"
      role="search"
      aria-label={label}
      // A new key when the URL's values change, so the fields show them.
      key={nav.formKey}
      className="grid gap-3 border-t border-slate-100 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(14rem,2fr)_repeat(auto-fit,minmax(9rem,1fr))]"
    >
      {tab ? <input type="hidden" name="aba" value={tab} /> : null}
      <div>
        <label htmlFor={id} className={filterLabelClass}>
          Buscar
        </label>
        <input
          id={id}
          name="busca"
          type="search"
          maxLength={100}
          defaultValue={search}
          placeholder={placeholder}
          className={filterControlClass}
        />
      </div>
      {children}
      <FilterActions clearTo={nav.clearTo} filtered={nav.filtered} />
    </Form>
  );
}

// "12 clientes · página 1 de 2" before the rows.
// With `exportHref`, "Exportar CSV" beside it: the whole list as filtered.
export function TabListCount({
  list,
  one,
  many,
  exportHref,
}: {
  list: ListPage;
  one: string;
  many: string;
  exportHref?: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 px-4">
      <ListCount total={list.total} one={one} many={many} page={list.page} pages={list.pages} />
      {exportHref ? <ExportCsvLink href={exportHref} /> : null}
    </div>
  );
}

// The pages after the rows.
export function TabListPages({ list, hrefFor }: { list: ListPage; hrefFor: (page: number) => string }) {
  return (
    <div className="px-4 pb-6">
      <Pagination page={list.page} pageCount={list.pages} hrefFor={hrefFor} />
    </div>
  );
}

// "Ordenar por": a select without an "all" option (a sort always applies).
export function SortSelect({
  id,
  value,
  options,
}: {
  id: string;
  value: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={id} className={filterLabelClass}>
        Ordenar por
      </label>
      <select id={id} name="ordem" defaultValue={value} className={filterControlClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
