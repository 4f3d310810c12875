import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { formatCpfCnpj, normalizeCpfCnpj } from "#app/models/clients/documents";
import { statementEmailState } from "#app/models/owners/email-state";
import { parseTransfersQuery } from "#app/models/owners/transfers-query";
import { transfersExportBatches } from "#app/models/owners/transfers.server";
import { csvAmount, csvDay } from "#app/models/shared/csv";
import { localToday } from "#app/models/shared/days";
import { csvResponse } from "#app/utils/csv-response.server";
import { requireRole } from "#app/utils/http.server";
import { transferMonth } from "./month";
import type { Route } from "./+types/export";

// GET /admin/repasses/exportar?mes=&busca=: the month of Repasses (the same
// month and owner search as the page), one row an owner with a transfer in
// it, pending or done, with the page's figures, as a CSV Excel in Brazil
// opens (models/shared/csv.ts).
const HEADER = [
  "Nº do proprietário",
  "Proprietário",
  "CPF/CNPJ",
  "Mês",
  "Situação",
  "Aluguéis",
  "Recebido (R$)",
  "Taxas (R$)",
  "A repassar (R$)",
  "Extrato nº",
  "Repassado em",
  "Email",
];

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  const today = localToday();
  const month = transferMonth(url.searchParams.get("mes"), today);
  const query = parseTransfersQuery(url.searchParams);
  const period = periodLabel(month);
  async function* pages() {
    for await (const rows of transfersExportBatches(getDb(), month, query))
      yield rows.map((r) => [
        r.owner_id,
        r.owner_name,
        r.owner_cpf_cnpj ? formatCpfCnpj(normalizeCpfCnpj(r.owner_cpf_cnpj)) : null,
        period,
        r.done ? "Repassado" : "Pendente",
        r.rents,
        csvAmount(r.grossCents),
        csvAmount(r.feesCents),
        csvAmount(r.netCents),
        r.done?.statementId,
        csvDay(r.done?.transferredOn),
        r.done ? statementEmailState(r).text : null,
      ]);
  }
  return csvResponse(`repasses-${month}-${today}.csv`, HEADER, pages());
}
