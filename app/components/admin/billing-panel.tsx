import { ChevronDown } from "#app/components/ui/icons";
import { CalendarPlus, Download, FileSpreadsheet, FileUp, Plus, Trash2 } from "#app/components/ui/private-icons";
import { Form, Link } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { AwaitingBoletos, type AwaitingBoleto } from "#app/components/admin/awaiting-boletos";
import { BillingDifferences, type BillingDifference } from "#app/components/admin/billing-differences";
import { BillingQueueBar } from "#app/components/admin/billing-queue";
import { ListCount } from "#app/components/admin/list-filter";
import { Pagination } from "#app/components/site/pagination";
import { billingHref, billingRowAnchor, type BillingQuery, type BillingQueue } from "#app/models/billing/billing-query";
import { BillingStatusBadge } from "#app/components/billing/billing-status-badge";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import { buttonClass } from "#app/components/ui/button";
import { AutoSubmitSelect } from "#app/components/ui/auto-submit-select";
import { shortFileName } from "#app/models/billing/display";
import { periodLabel } from "#app/models/billing/months";
import { BILLING_STATUS_OPTIONS, PAST_DUE_NOTE, isPastDue } from "#app/models/billing/status";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";

// "Gestão de Cobranças" (docs/product.md §Cobranças): billings grouped by
// client (alphabetical, each group open at start with its counts), newest due
// date first; Período, Valor, Vencimento, Status, Boletos and the status
// selector. Every control is a plain link or POST, so the tab works without
// JavaScript; the links open their dialog over the tab (decision 0010).
// Statuses arrive effective (pending and past due: overdue); a row past due
// and unpaid says so under its selector, which then reads Em Atraso even
// when Pendente was chosen.

export type BillingPanelDocument = { id: number; file_name: string };
export type BillingPanelBilling = {
  id: number;
  month_year: string;
  amount_cents: number;
  due_date: string;
  status: string;
  payment_date: string | null;
  documents: BillingPanelDocument[];
};
export type BillingPanelGroup = {
  clientId: number;
  clientName: string;
  counts: { overdue: number; pending: number; paid: number };
  billings: BillingPanelBilling[];
};

const iconButton = "inline-flex size-8 shrink-0 items-center justify-center rounded border bg-white";
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// "1 em atraso · 2 pendentes · 3 pagas"
export function countsText({ overdue, pending, paid }: BillingPanelGroup["counts"]) {
  return `${overdue} em atraso · ${plural(pending, "pendente", "pendentes")} · ${plural(paid, "paga", "pagas")}`;
}

// What the tab shows below its queue bar: a queue's billings, or "Todas",
// groups of a page of clients (billing-queues.server.ts).
export type BillingPanelView =
  | {
      kind: "queue";
      rows: (BillingPanelBilling & { client_id: number; client_name: string; whatsapp?: string | null })[];
    }
  | { kind: "differences"; rows: BillingDifference[] }
  | { kind: "groups"; groups: (BillingPanelGroup & { total: number })[] };

type PanelProps = {
  query: BillingQuery;
  /** How many billings wait in each queue. */
  counts: Record<Exclude<BillingQueue, "todas">, number>;
  view: BillingPanelView;
  /** The list's size and page (Paginação below it). */
  total: number;
  page: number;
  pages: number;
  /** The agency's day (localToday()), which says whether a billing is past due. */
  today: string;
  /** The boleto flow's organised boletos awaiting processing ("Processar N Boletos"). */
  awaiting: AwaitingBoleto[];
};

export function BillingPanel({ query, counts, view, total, page, pages, today, awaiting }: PanelProps) {
  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3 p-4">
        <h2 className="text-lg font-semibold text-slate-900">Gestão de Cobranças</h2>
        <div className="flex flex-wrap gap-2">
          <Link preventScrollReset to="/admin/clients/cobrancas/nova" className={buttonClass()}>
            <Plus aria-hidden className="size-4" /> Nova Cobrança
          </Link>
          <Link preventScrollReset to="/admin/clients/cobrancas/gerar" className={buttonClass("secondary")}>
            <CalendarPlus aria-hidden className="size-4" /> Gerar Cobranças do Contrato
          </Link>
          <Form method="post" action="/admin/clients/cobrancas/gerar-mes">
            <input type="hidden" name="intent" value="generate-month" />
            <button type="submit" className={buttonClass("secondary")}>
              <CalendarPlus aria-hidden className="size-4" /> Gerar Cobranças do Mês
            </button>
          </Form>
          <Link preventScrollReset to="/admin/clients/cobrancas/boleto" className={buttonClass("secondary")}>
            <FileUp aria-hidden className="size-4" /> Anexar Boleto
          </Link>
          <Link to="/admin/extratos" className={buttonClass("secondary")}>
            <FileSpreadsheet aria-hidden className="size-4" /> Importar Extrato
          </Link>
        </div>
      </div>
      <BillingQueueBar query={query} counts={counts} />
      <div className="px-2 pt-3 pb-4 sm:px-4">
        {query.client !== null ? (
          <Link to={billingHref({ queue: "todas" })} className="mb-3 inline-block text-sm font-medium text-brand-800">
            ← Todas as cobranças
          </Link>
        ) : total > 0 ? (
          <ListCount
            total={total}
            one={query.queue === "todas" ? "cliente" : "cobrança"}
            many={query.queue === "todas" ? "clientes" : "cobranças"}
            page={page}
            pages={pages}
          />
        ) : null}
        {view.kind === "differences" ? (
          <BillingDifferences items={view.rows} />
        ) : view.kind === "queue" ? (
          <BillingQueueTable rows={view.rows} today={today} empty={QUEUE_EMPTY[query.queue]} />
        ) : view.groups.length === 0 ? (
          query.search ? (
            <p className="py-6 text-slate-600">Nenhum cliente com cobranças encontrado para “{query.search}”.</p>
          ) : (
            <NoBillings />
          )
        ) : (
          <div className="space-y-4">
            {view.groups.map((g) => (
              <BillingGroupBlock key={g.clientId} group={g} today={today} />
            ))}
          </div>
        )}
        <Pagination page={page} pageCount={pages} hrefFor={(p) => billingHref(query, p)} />
      </div>
      <AwaitingBoletos items={awaiting} />
    </section>
  );
}

const QUEUE_EMPTY: Record<BillingQueue, string> = {
  atrasadas: "Nenhuma cobrança em atraso.",
  mes: "Nenhuma cobrança a vencer neste mês.",
  diferencas: "Nenhuma diferença a resolver.",
  todas: "Nenhuma cobrança encontrada",
};

function NoBillings() {
  return (
    <div className="py-2 text-slate-600">
      <p className="font-medium text-slate-800">Nenhuma cobrança encontrada</p>
      <p className="mt-1 text-sm">
        Crie uma em{" "}
        <Link preventScrollReset to="/admin/clients/cobrancas/nova" className="font-medium text-brand-800 underline">
          Nova Cobrança
        </Link>{" "}
        ou gere as do contrato de um cliente em{" "}
        <Link preventScrollReset to="/admin/clients/cobrancas/gerar" className="font-medium text-brand-800 underline">
          Gerar Cobranças do Contrato
        </Link>
        .
      </p>
    </div>
  );
}

function BillingGroupBlock({ group: g, today }: { group: BillingPanelGroup & { total: number }; today: string }) {
  return (
    <details open data-testid="billing-group" className="group rounded-lg border border-slate-200">
      <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-slate-50 px-4 py-3 [&::-webkit-details-marker]:hidden">
        <span className="mr-auto flex min-w-0 items-start gap-2 font-semibold text-slate-900">
          <ChevronDown aria-hidden className="mt-1 size-4 shrink-0 text-slate-500 transition group-open:rotate-180" />
          {g.clientName}
        </span>
        <span className="pl-6 text-sm text-slate-600 sm:pl-0">{countsText(g.counts)}</span>
      </summary>
      {/* From md up a table, which scrolls inside the card rather than widen it. */}
      <div className="md:overflow-x-auto">
        <table className={stackedTableClass}>
          <caption className="sr-only">Cobranças de {g.clientName}</caption>
          <thead className={stackedHeadClass}>
            <tr>
              <th className="px-4 py-2 font-medium">Período</th>
              <th className="px-4 py-2 font-medium">Valor</th>
              <th className="px-4 py-2 font-medium">Vencimento</th>
              <th className="px-4 py-2 font-medium">Status</th>
              <th className="px-4 py-2 font-medium">Boletos</th>
              <th className="px-4 py-2 font-medium">Ações</th>
            </tr>
          </thead>
          <tbody className={stackedBodyClass}>
            {g.billings.map((b) => (
              <BillingRow key={b.id} billing={b} today={today} />
            ))}
          </tbody>
        </table>
      </div>
      {g.total > g.billings.length ? (
        <p className="border-t border-slate-200 px-4 py-2 text-sm">
          <Link to={billingHref({ queue: "todas", client: g.clientId })} className="font-medium text-brand-800">
            Ver todas as {g.total} cobranças de {g.clientName}
          </Link>
        </p>
      ) : null}
    </details>
  );
}

// A billing's row; in a queue (clients mixed) it starts with the client.
export function BillingRow({
  billing: b,
  today,
  clientName,
  whatsapp,
}: {
  billing: BillingPanelBilling;
  today: string;
  clientName?: string;
  /** The overdue tenant's reminder (models/billing/reminder.ts), in a queue. */
  whatsapp?: string | null;
}) {
  const period = periodLabel(b.month_year);
  return (
    <tr id={billingRowAnchor(b.id)} data-testid="billing-row" className={`${stackedRowClass} scroll-mt-24`}>
      {clientName !== undefined ? (
        <StackedCell label="Cliente">
          <span className="font-medium text-slate-900">{clientName}</span>
        </StackedCell>
      ) : null}
      <StackedCell label="Período">
        <Link
          preventScrollReset
          to={`/admin/clients/cobrancas/${b.id}`}
          className="font-medium text-slate-900 underline-offset-2 hover:underline"
        >
          {period}
        </Link>
      </StackedCell>
      <StackedCell label="Valor">
        <span className="whitespace-nowrap">{formatBRL(b.amount_cents)}</span>
      </StackedCell>
      <StackedCell label="Vencimento">
        <span className="whitespace-nowrap">{formatDay(b.due_date)}</span>
      </StackedCell>
      <StackedCell label="Status">
        <BillingStatusBadge status={b.status} />
        {b.payment_date ? (
          <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">
            Pago em {formatDay(b.payment_date)}
          </span>
        ) : null}
      </StackedCell>
      <StackedCell label="Boletos" wide>
        <BillingDocuments documents={b.documents} />
      </StackedCell>
      <StackedCell label="Ações" wide>
        <BillingStatusForm id={b.id} status={b.status} label={`Status da cobrança de ${period}`} />
        <PastDueNote status={b.status} dueDate={b.due_date} today={today} />
        {whatsapp ? (
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={clientName ? `Lembrar ${clientName} pelo WhatsApp` : "Lembrar pelo WhatsApp"}
            className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-emerald-800 underline-offset-2 hover:underline"
          >
            WhatsApp
          </a>
        ) : null}
      </StackedCell>
    </tr>
  );
}

// Under the selector of an unpaid billing past its due date: why it reads Em
// Atraso (Pendente saved there shows as Em Atraso).
export function PastDueNote({ status, dueDate, today }: { status: string; dueDate: string; today: string }) {
  if (status !== "overdue" || !isPastDue(dueDate, today)) return null;
  return <p className="mt-1 text-xs text-slate-600 first-letter:uppercase">{PAST_DUE_NOTE}</p>;
}

// Each attached boleto: its name cut at 15 characters (the whole name in the
// title), opened in a new tab; Baixar; Excluir asks first on its own page.
export function BillingDocuments({ documents }: { documents: BillingPanelDocument[] }) {
  if (documents.length === 0) return <span className="text-slate-500">Nenhum boleto</span>;
  return (
    <ul className="max-w-xs space-y-1.5">
      {documents.map((d) => (
        <li key={d.id} className="flex items-center gap-1.5">
          <a
            href={`/arquivos/cobrancas/${d.id}`}
            target="_blank"
            rel="noopener noreferrer"
            title={d.file_name}
            className="mr-auto min-w-0 truncate text-brand-800 underline-offset-2 hover:underline"
          >
            {shortFileName(d.file_name)}
          </a>
          <a
            href={`/arquivos/cobrancas/${d.id}?download=1`}
            download
            className={`${iconButton} border-slate-300 hover:bg-slate-50`}
          >
            <Download aria-hidden className="size-4" />
            <span className="sr-only">Baixar {d.file_name}</span>
          </a>
          <Link
            preventScrollReset
            to={`/admin/clients/cobrancas/documentos/${d.id}/excluir`}
            className={`${iconButton} border-red-200 text-red-800 hover:bg-red-50`}
          >
            <Trash2 aria-hidden className="size-4" />
            <span className="sr-only">Excluir {d.file_name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

// The status selector (docs/product.md §Cobranças, "Ações"): a POST with a
// Salvar button, so it works without JavaScript; once hydrated, choosing an
// option submits at once (AutoSubmitSelect, as the requests' selectors).
export function BillingStatusForm({
  id,
  status,
  label,
  showLabel,
}: {
  id: number;
  status: string;
  label: string;
  showLabel?: boolean;
}) {
  const action = `/admin/clients/cobrancas/${id}`;
  const busy = useIsPending({ formAction: action });
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      aria-busy={busy || undefined}
      className="transition-opacity aria-busy:opacity-60"
    >
      <input type="hidden" name="intent" value="status" />
      <AutoSubmitSelect
        id={`billing-status-${id}`}
        name="status"
        value={status}
        label={label}
        showLabel={showLabel}
        saves="status"
        className="md:min-w-40"
      >
        {BILLING_STATUS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </AutoSubmitSelect>
    </Form>
  );
}

// A queue's billings, clients mixed: the group's table with the client first.
export function BillingQueueTable({
  rows,
  today,
  empty,
}: {
  rows: (BillingPanelBilling & { client_name: string; whatsapp?: string | null })[];
  today: string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="py-6 text-slate-600">{empty}</p>;
  return (
    <div className="rounded-lg border border-slate-200 md:overflow-x-auto">
      <table className={stackedTableClass}>
        <caption className="sr-only">Cobranças</caption>
        <thead className={stackedHeadClass}>
          <tr>
            <th className="px-4 py-2 font-medium">Cliente</th>
            <th className="px-4 py-2 font-medium">Período</th>
            <th className="px-4 py-2 font-medium">Valor</th>
            <th className="px-4 py-2 font-medium">Vencimento</th>
            <th className="px-4 py-2 font-medium">Status</th>
            <th className="px-4 py-2 font-medium">Boletos</th>
            <th className="px-4 py-2 font-medium">Ações</th>
          </tr>
        </thead>
        <tbody className={stackedBodyClass}>
          {rows.map((b) => (
            <BillingRow key={b.id} billing={b} today={today} clientName={b.client_name} whatsapp={b.whatsapp} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
