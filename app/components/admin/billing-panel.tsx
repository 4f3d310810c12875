import { ChevronDown } from "#app/components/ui/icons";
import { CalendarPlus, FileSpreadsheet, FileUp, Plus } from "#app/components/ui/private-icons";
import { Form, Link } from "react-router";
import { AwaitingBoletos, type AwaitingBoleto } from "#app/components/admin/awaiting-boletos";
import { BillingDifferences, type BillingDifference } from "#app/components/admin/billing-differences";
import { BillingQueueBar, BillingQueueTable } from "#app/components/admin/billing-queue";
import { BillingTable, type BillingPanelBilling } from "#app/components/admin/billing-rows";
import { ListCount } from "#app/components/admin/list-filter";
import { Pagination } from "#app/components/site/pagination";
import { buttonClass } from "#app/components/ui/button";
import { billingHref, type BillingQuery, type BillingQueue } from "#app/models/billing/billing-query";
// "Gestão de Cobranças" (docs/product.md §Cobranças; decision 0057): the work
// queues (billing-queue.tsx) and "Todas", billings grouped by client
// (alphabetical, each group open at start with its counts), newest due date
// first; the rows themselves are billing-rows.tsx. Every control is a plain
// link or POST, so the tab works without JavaScript; the links open their
// dialog over the tab (decision 0010).

export type BillingPanelGroup = {
  clientId: number;
  clientName: string;
  counts: { overdue: number; pending: number; paid: number };
  billings: BillingPanelBilling[];
};

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
          <BillingQueueTable
            rows={view.rows}
            today={today}
            empty={QUEUE_EMPTY[query.queue]}
            reminders={query.queue === "atrasadas" ? { search: query.search, page } : undefined}
          />
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
      <div className="md:overflow-x-auto">
        <BillingTable rows={g.billings} today={today} caption={`Cobranças de ${g.clientName}`} />
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
