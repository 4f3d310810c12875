import { getDb } from "#app/db/db.server";
import { maintenanceExportBatches } from "#app/models/maintenance/admin.server";
import {
  maintenanceCategoryLabel,
  maintenancePriorityLabel,
  maintenanceStatusLabel,
} from "#app/models/maintenance/labels";
import { parseMaintenanceQuery } from "#app/models/maintenance/maintenance-query";
import { csvDateTime } from "#app/models/shared/csv";
import { localToday } from "#app/models/shared/days";
import { csvResponse } from "#app/utils/csv-response.server";
import { requireRole } from "#app/utils/http.server";
import type { Route } from "./+types/maintenance-export";

// GET /admin/manutencoes/exportar?busca=&situacao=&prioridade=&categoria=&ordem=:
// the Manutenções tab as the page lists it (the same search, filters and
// order), every request, as a CSV Excel in Brazil opens (models/shared/csv.ts).
const HEADER = [
  "Nº",
  "Título",
  "Cliente",
  "Nº do cliente",
  "Situação",
  "Prioridade",
  "Categoria",
  "Solicitada em",
  "Concluída em",
  "Descrição",
  "Observações do administrador",
  "Imagens",
  "Documentos",
];

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  const query = parseMaintenanceQuery(url.searchParams);
  async function* pages() {
    for await (const rows of maintenanceExportBatches(getDb(), query))
      yield rows.map((r) => [
        r.id,
        r.title,
        r.client_name,
        r.client_id,
        maintenanceStatusLabel(r.status),
        maintenancePriorityLabel(r.priority),
        maintenanceCategoryLabel(r.category),
        csvDateTime(r.requested_at),
        csvDateTime(r.completed_at),
        r.description,
        r.admin_notes,
        r.images.length,
        r.documents.map((d) => d.file_name).join(", "),
      ]);
  }
  return csvResponse(`manutencoes-${localToday()}.csv`, HEADER, pages());
}
