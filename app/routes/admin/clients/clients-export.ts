import { getDb } from "#app/db/db.server";
import { parseClientsQuery } from "#app/models/clients/clients-query";
import { clientsExportBatches } from "#app/models/clients/clients.server";
import { formatCpfCnpj, normalizeCpfCnpj } from "#app/models/clients/documents";
import { csvAmount, csvDay } from "#app/models/shared/csv";
import { localToday } from "#app/models/shared/days";
import { csvResponse } from "#app/utils/csv-response.server";
import { requireRole } from "#app/utils/http.server";
import type { Route } from "./+types/clients-export";

// GET /admin/clientes/exportar?aba=ativos&busca=&acesso=&contrato=&ordem=:
// the Clientes or Ativos tab as the page lists it (the same search, filters
// and order), every row, as a CSV Excel in Brazil opens (models/shared/csv.ts).
const HEADER = [
  "Cliente",
  "CPF/CNPJ",
  "Email",
  "Telefone",
  "Usuário",
  "Endereço do imóvel",
  "Início do contrato",
  "Fim do contrato",
  "Aluguel (R$)",
  "Dia de vencimento",
  "Encerrado em",
];

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  const active = url.searchParams.get("aba") === "ativos";
  const query = parseClientsQuery(url.searchParams, active);
  const today = localToday();
  async function* pages() {
    for await (const rows of clientsExportBatches(getDb(), query, today))
      yield rows.map((c) => [
        c.name,
        c.cpf_cnpj ? formatCpfCnpj(normalizeCpfCnpj(c.cpf_cnpj)) : null,
        c.email,
        c.phone,
        c.username,
        c.property_address,
        csvDay(c.contract_start_date),
        csvDay(c.contract_end_date),
        csvAmount(c.monthly_rent_cents),
        c.payment_due_day,
        csvDay(c.ended_on),
      ]);
  }
  return csvResponse(`${active ? "clientes-ativos" : "clientes"}-${today}.csv`, HEADER, pages());
}
