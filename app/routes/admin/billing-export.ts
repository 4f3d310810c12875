import { getDb } from "#app/db/db.server";
import { readBillingQuery } from "#app/models/billing/billing-query";
import { billingExportBatches } from "#app/models/billing/billing-queues.server";
import { periodLabel } from "#app/models/billing/months";
import { billingStatusLabel } from "#app/models/billing/status";
import { localToday } from "#app/models/shared/days";
import { csvAmount, csvDay } from "#app/models/shared/csv";
import { csvResponse } from "#app/utils/csv-response.server";
import { requireRole } from "#app/utils/http.server";
import type { Route } from "./+types/billing-export";

// GET /admin/cobrancas/exportar?fila=&busca=&cliente=: the Cobranças list as
// the page shows it (the same queue, search and client), every row, as a CSV
// that Excel in Brazil opens as a table (app/models/shared/csv.ts), streamed
// a batch at a time. A resource route under the admin layout: its middleware
// checked the session; staff only.
const HEADER = [
  "Nº",
  "Cliente",
  "CPF/CNPJ",
  "Período",
  "Vencimento",
  "Valor (R$)",
  "Status",
  "Pago em",
  "Valor recebido (R$)",
  "Diferença (R$)",
];

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  const query = readBillingQuery(url.searchParams);
  const today = localToday();
  async function* pages() {
    for await (const rows of billingExportBatches(getDb(), query, today))
      yield rows.map((b) => [
        b.id,
        b.client_name,
        b.cpf_cnpj,
        periodLabel(b.month_year),
        csvDay(b.due_date),
        csvAmount(b.amount_cents),
        billingStatusLabel(b.status),
        csvDay(b.payment_date),
        csvAmount(b.amount_paid_cents),
        csvAmount(b.payment_difference_cents),
      ]);
  }
  return csvResponse(`cobrancas-${query.queue}-${today}.csv`, HEADER, pages());
}
