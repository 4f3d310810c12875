import { getDb } from "#app/db/db.server";
import { formatCpfCnpj, normalizeCpfCnpj } from "#app/models/clients/documents";
import { parseContractsQuery } from "#app/models/contracts/contracts-query";
import { contractsExportBatches } from "#app/models/contracts/contracts.server";
import { csvDateTime } from "#app/models/shared/csv";
import { localToday } from "#app/models/shared/days";
import { csvResponse } from "#app/utils/csv-response.server";
import { requireRole } from "#app/utils/http.server";
import type { Route } from "./+types/contracts-export";

// GET /admin/contratos/exportar?busca=: the Contratos tab as the page lists
// it (the same search, newest first), every contract, as a CSV Excel in
// Brazil opens (models/shared/csv.ts). The file itself stays behind its own
// route (/arquivos/contratos/:id): the CSV names it by its number.
const HEADER = ["Nº", "Cliente", "Nº do cliente", "CPF/CNPJ", "Arquivo", "Enviado em", "Enviado por"];

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  const query = parseContractsQuery(url.searchParams);
  async function* pages() {
    for await (const rows of contractsExportBatches(getDb(), query))
      yield rows.map((c) => [
        c.id,
        c.client_name,
        c.client_id,
        c.client_cpf_cnpj ? formatCpfCnpj(normalizeCpfCnpj(c.client_cpf_cnpj)) : null,
        c.file_name,
        csvDateTime(c.uploaded_at),
        c.uploaded_by_name,
      ]);
  }
  return csvResponse(`contratos-${localToday()}.csv`, HEADER, pages());
}
