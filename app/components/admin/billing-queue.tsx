import type { ChangeEvent } from "react";
import { Form, Link } from "react-router";
import { Mail, Search } from "#app/components/ui/icons";
import { BillingTable, REMINDERS_ALL_BOX_ID, type BillingTableRow } from "./billing-rows";
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
import {
  REMINDERS_FORM_ID,
  REMINDERS_PATH,
  REMINDER_ALL_FIELD,
  REMINDER_FIELD,
  REMINDER_PAGE_FIELD,
} from "#app/models/billing/bulk-reminders";

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
// Em atraso adds the bulk reminder: its form above the table and a checkbox
// beside each overdue tenant.
export function BillingQueueTable({
  rows,
  today,
  empty,
  reminders,
}: {
  rows: BillingTableRow[];
  today: string;
  empty: string;
  /** Em atraso: the list's search and page, to come back to after sending. */
  reminders?: { search: string; page: number };
}) {
  if (rows.length === 0) return <p className="py-6 text-slate-600">{empty}</p>;
  const selectable = reminders ? rows.filter((r) => r.status === "overdue").map((r) => r.id) : [];
  return (
    <>
      {reminders && selectable.length > 0 ? <BulkReminderForm ids={selectable} {...reminders} /> : null}
      <div className="rounded-lg border border-slate-200 md:overflow-x-auto">
        <BillingTable
          rows={rows}
          today={today}
          caption="Cobranças"
          withClient
          selectFor={reminders ? REMINDERS_FORM_ID : undefined}
        />
      </div>
    </>
  );
}

// "Enviar lembrete por email aos selecionados" (models/billing/bulk-reminders.ts):
// a plain POST. The rows' checkboxes sit in the table, whose rows hold their
// own status forms (forms do not nest), so they join this form by their
// `form` attribute. "Selecionar todas desta página" is a field of its own, so
// it works without JavaScript (the page's ids travel with it); with
// JavaScript it also ticks the rows, and unticking a row unticks it, so what
// is sent is what is ticked.
function BulkReminderForm({ ids, search, page }: { ids: number[]; search: string; page: number }) {
  const rowBoxes = () =>
    document.querySelectorAll<HTMLInputElement>(`input[form="${REMINDERS_FORM_ID}"][name="${REMINDER_FIELD}"]`);
  const tickAll = (e: ChangeEvent<HTMLInputElement>) => {
    for (const box of rowBoxes()) box.checked = e.currentTarget.checked;
  };
  return (
    <Form
      method="post"
      action={REMINDERS_PATH}
      id={REMINDERS_FORM_ID}
      preventScrollReset
      className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2"
    >
      {search ? <input type="hidden" name="busca" value={search} /> : null}
      {page > 1 ? <input type="hidden" name="pagina" value={page} /> : null}
      {ids.map((id) => (
        <input key={id} type="hidden" name={REMINDER_PAGE_FIELD} value={id} />
      ))}
      <label
        htmlFor={REMINDERS_ALL_BOX_ID}
        className="inline-flex items-center gap-2 text-sm font-medium text-slate-800"
      >
        <input
          id={REMINDERS_ALL_BOX_ID}
          type="checkbox"
          name={REMINDER_ALL_FIELD}
          value="1"
          onChange={tickAll}
          className="size-5 accent-brand-700"
        />
        Selecionar todas desta página
      </label>
      <Button size="sm" variant="secondary" className="text-left">
        <Mail aria-hidden className="size-4 shrink-0" /> Enviar lembrete por email aos selecionados
      </Button>
    </Form>
  );
}
