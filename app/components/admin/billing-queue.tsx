import { Form, Link } from "react-router";
import { Search } from "#app/components/ui/icons";
import { BillingTable, type BillingTableRow } from "./billing-rows";
import { filterControlClass } from "#app/components/admin/list-filter";
import { Button, buttonClass } from "#app/components/ui/button";
import { Download } from "#app/components/ui/private-icons";
import {
  BILLING_QUEUES,
  BILLING_TAB_PATH,
  billingExportHref,
  billingHref,
  type BillingQuery,
  type BillingQueue,
} from "#app/models/billing/billing-query";

// The Cobranças tab's work queues (issue 34): what needs action first, each
// with how many billings wait in it, "Todas" one click away; and the search,
// a GET form that keeps the queue. Links and a plain form: no JavaScript.
export function BillingQueueBar({
  query,
  counts,
}: {
  query: BillingQuery;
  counts: Record<Exclude<BillingQueue, "todas">, number>;
}) {
  const entries = Object.entries(BILLING_QUEUES) as [BillingQueue, string][];
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 border-y border-slate-200 bg-slate-50 px-4 py-3">
      <nav aria-label="Filas de cobranças" className="flex flex-wrap gap-2">
        {entries.map(([queue, label]) => {
          const current = query.queue === queue;
          const count = queue === "todas" ? null : counts[queue];
          return (
            <Link
              key={queue}
              to={billingHref({ queue, search: query.search })}
              aria-current={current ? "page" : undefined}
              className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium ${current ? "border-brand-800 bg-brand-800 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"}`}
            >
              {label}
              {count !== null ? (
                <span
                  className={`rounded-full px-1.5 text-xs ${current ? "bg-white/20" : count > 0 && queue === "atrasadas" ? "bg-red-100 text-red-800" : "bg-slate-100 text-slate-700"}`}
                >
                  {count.toLocaleString("pt-BR")}
                </span>
              ) : null}
            </Link>
          );
        })}
      </nav>
      <Form method="get" action={BILLING_TAB_PATH} className="flex w-full flex-wrap gap-2 sm:w-auto">
        <input type="hidden" name="aba" value="cobrancas" />
        {query.queue !== "atrasadas" ? <input type="hidden" name="fila" value={query.queue} /> : null}
        <label htmlFor="billing-search" className="sr-only">
          Buscar cobranças
        </label>
        <input
          id="billing-search"
          type="search"
          name="busca"
          defaultValue={query.search}
          placeholder="Nome, CPF/CNPJ, email, endereço ou nº"
          className={`${filterControlClass} sm:w-72`}
        />
        <Button size="sm" variant="secondary">
          <Search aria-hidden className="size-4" /> Buscar
        </Button>
        <a href={billingExportHref(query)} download className={buttonClass("secondary", "sm")}>
          <Download aria-hidden className="size-4" /> Exportar CSV
        </a>
      </Form>
    </div>
  );
}

// A queue's billings, clients mixed: the group's table with the client first.
export function BillingQueueTable({ rows, today, empty }: { rows: BillingTableRow[]; today: string; empty: string }) {
  if (rows.length === 0) return <p className="py-6 text-slate-600">{empty}</p>;
  return (
    <div className="rounded-lg border border-slate-200 md:overflow-x-auto">
      <BillingTable rows={rows} today={today} caption="Cobranças" withClient />
    </div>
  );
}
