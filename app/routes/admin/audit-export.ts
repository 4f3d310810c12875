import { getDb } from "#app/db/db.server";
import { parseAuditQuery } from "#app/models/audit/audit.schema";
import { auditExportBatches } from "#app/models/audit/audit.server";
import { AUDIT_ACTIONS, AUDIT_ENTITIES, describeChange } from "#app/models/audit/labels";
import { csvDateTime } from "#app/models/shared/csv";
import { localToday } from "#app/models/shared/days";
import { csvResponse } from "#app/utils/csv-response.server";
import { requireRole } from "#app/utils/http.server";
import type { Route } from "./+types/audit-export";

// GET /admin/auditoria/exportar?pessoa=&entidade=&de=&ate=: the audit log as
// the page filters it, every row newest first, as a CSV Excel in Brazil opens
// (models/shared/csv.ts). The master only, as the page: anyone else gets the
// page's own refusal (back to the dashboard, "Acesso negado").
const HEADER = ["Nº", "Data/hora", "Pessoa", "Ação", "Entidade", "Registro", "Alterações"];

const label = (labels: Record<string, string>, key: string) => (Object.hasOwn(labels, key) ? labels[key] : key);

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireRole(context, "master", "ver a auditoria");
  const { filter } = parseAuditQuery(url.searchParams);
  async function* pages() {
    for await (const rows of auditExportBatches(getDb(), filter))
      yield rows.map((row) => [
        row.id,
        csvDateTime(row.created_at),
        row.actor_name,
        label(AUDIT_ACTIONS, row.action),
        label(AUDIT_ENTITIES, row.entity),
        row.entity_id,
        // One change a line inside the cell, as the page lists them.
        Object.entries(row.changes)
          .map(([field, change]) => describeChange(row.entity, row.action, field, change))
          .join("\n"),
      ]);
  }
  return csvResponse(`auditoria-${localToday()}.csv`, HEADER, pages());
}
