import { getDb } from "#app/db/db.server";
import { formatCpfCnpj, normalizeCpfCnpj } from "#app/models/clients/documents";
import { incomeEmailState } from "#app/models/owners/email-state";
import { parseIncomeQuery } from "#app/models/owners/income-query";
import { incomeExportBatches } from "#app/models/owners/income-reports.server";
import { csvAmount } from "#app/models/shared/csv";
import { localToday } from "#app/models/shared/days";
import { csvResponse } from "#app/utils/csv-response.server";
import { requireRole } from "#app/utils/http.server";
import { reportYear } from "./year";
import type { Route } from "./+types/export";

// GET /admin/informes/exportar?ano=&busca=: the year's two lists of
// "Informes de Rendimentos" (the same year and search as the page), the
// owners then the tenants, everyone, with the page's figures, as one CSV
// Excel in Brazil opens (models/shared/csv.ts). One table with a "Tipo"
// column rather than two files: staff filter it in Excel.
const HEADER = [
  "Tipo",
  "Nº",
  "Nome",
  "CPF/CNPJ",
  "Email",
  "Ano",
  "Recebido no ano (R$)",
  "Líquido (R$)",
  "Líquido repassado (R$)",
  "Líquido a repassar (R$)",
  "Pago no ano (R$)",
  "Envio do informe",
];

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  const today = localToday();
  const year = reportYear(url.searchParams.get("ano"), today);
  const query = parseIncomeQuery(url.searchParams);
  async function* pages() {
    for await (const rows of incomeExportBatches(getDb(), year, query))
      yield rows.map((r) => [
        r.kind === "owner" ? "Proprietário" : "Inquilino",
        r.id,
        r.name,
        r.cpf_cnpj ? formatCpfCnpj(normalizeCpfCnpj(r.cpf_cnpj)) : null,
        r.email,
        year,
        r.kind === "owner" ? csvAmount(r.grossCents) : null,
        r.kind === "owner" ? csvAmount(r.netCents) : null,
        r.kind === "owner" ? csvAmount(r.transferredCents) : null,
        r.kind === "owner" ? csvAmount(r.netCents - r.transferredCents) : null,
        r.kind === "tenant" ? csvAmount(r.paidCents) : null,
        incomeEmailState(r.email, r.email_status).text,
      ]);
  }
  return csvResponse(`informes-${year}-${today}.csv`, HEADER, pages());
}
