import { listHref, readChoice, readPage, readSearch } from "#app/models/shared/list-query";

// The Cobranças tab's state in its URL (issue 34: work queues as the default
// views). Client-safe. `fila` picks the queue; "todas" is the seed's view,
// grouped by client, a page of clients at a time, and `cliente` narrows it to
// one client's every billing. Anything unreadable falls back to the default
// queue, page 1.

export const BILLING_QUEUES = {
  atrasadas: "Em atraso",
  mes: "Vencem este mês",
  diferencas: "Diferenças",
  todas: "Todas",
} as const;
export type BillingQueue = keyof typeof BILLING_QUEUES;
const QUEUES = Object.keys(BILLING_QUEUES) as BillingQueue[];

// What needs action first: the billings past due.
export const DEFAULT_QUEUE: BillingQueue = "atrasadas";

export type BillingQuery = { queue: BillingQueue; search: string; client: number | null; page: number };

export function readBillingQuery(params: URLSearchParams): BillingQuery {
  const client = Number(params.get("cliente"));
  const queue = readChoice(params, "fila", QUEUES, DEFAULT_QUEUE);
  return {
    queue,
    search: readSearch(params),
    client: queue === "todas" && Number.isSafeInteger(client) && client > 0 ? client : null,
    page: readPage(params),
  };
}

export const BILLING_TAB_PATH = "/admin/clients";

export function billingHref(q: Partial<BillingQuery>, page = 1) {
  return listHref(BILLING_TAB_PATH, {
    aba: "cobrancas",
    fila: q.queue && q.queue !== DEFAULT_QUEUE ? q.queue : null,
    busca: q.search,
    cliente: q.client,
    pagina: page,
  });
}

// "Exportar CSV": the same list, every row (routes/admin/billing-export.ts).
export function billingExportHref(q: BillingQuery) {
  return listHref("/admin/cobrancas/exportar", {
    fila: q.queue,
    busca: q.search,
    cliente: q.client,
  });
}

// A billing's row in its client's every billing ("Todas", one client): where
// a write on a billing lands, so staff see the row they changed whatever
// queue it left or entered.
export const billingRowAnchor = (id: number) => `cobranca-${id}`;
export const billingRowHref = (clientId: number, billingId: number) =>
  `${billingHref({ queue: "todas", client: clientId })}#${billingRowAnchor(billingId)}`;
