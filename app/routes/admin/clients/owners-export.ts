import { getDb } from "#app/db/db.server";
import { formatCpfCnpj, normalizeCpfCnpj } from "#app/models/clients/documents";
import { parseOwnersQuery } from "#app/models/owners/owners-query";
import { ownersExportBatches } from "#app/models/owners/owners.server";
import { localToday } from "#app/models/shared/days";
import { csvResponse } from "#app/utils/csv-response.server";
import { requireRole } from "#app/utils/http.server";
import type { Route } from "./+types/owners-export";

// GET /admin/proprietarios/exportar?busca=&contratos=: the Proprietários tab
// as the page lists it, every owner, as a CSV Excel in Brazil opens.
const HEADER = ["Proprietário", "CPF/CNPJ", "Email", "Telefone", "Chave Pix", "Contratos"];

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  const query = parseOwnersQuery(url.searchParams);
  async function* pages() {
    for await (const rows of ownersExportBatches(getDb(), query))
      yield rows.map((o) => [
        o.name,
        o.cpf_cnpj ? formatCpfCnpj(normalizeCpfCnpj(o.cpf_cnpj)) : null,
        o.email,
        o.phone,
        o.pix_key,
        Number(o.contracts),
      ]);
  }
  return csvResponse(`proprietarios-${localToday()}.csv`, HEADER, pages());
}
