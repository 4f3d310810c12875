import { getDb } from "#app/db/db.server";
import { statementImportsExportBatches } from "#app/models/reconciliation/imports.server";
import { STATEMENT_KIND_LABELS } from "#app/models/reconciliation/labels";
import { csvDateTime, csvDay } from "#app/models/shared/csv";
import { localToday } from "#app/models/shared/days";
import { csvResponse } from "#app/utils/csv-response.server";
import { requireRole } from "#app/utils/http.server";
import type { Route } from "./+types/export";

// GET /admin/extratos/exportar: the Importações list of "Extratos Bancários"
// (it has no filter), every import newest first with its counts, as a CSV
// Excel in Brazil opens (models/shared/csv.ts). The file itself stays behind
// /arquivos/extratos/:id; the review behind /admin/extratos/:id ("Nº").
const HEADER = [
  "Nº",
  "Arquivo",
  "Tipo",
  "Conta",
  "Período de",
  "Período até",
  "Importado por",
  "Importado em",
  "Lançamentos",
  "Créditos",
  "Exatas",
  "Prováveis",
  "Já conciliados",
  "Situação",
  "Confirmado por",
  "Confirmado em",
  "Cobranças baixadas",
];

export async function loader({ context }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  async function* pages() {
    for await (const rows of statementImportsExportBatches(getDb()))
      yield rows.map((s) => [
        s.id,
        s.file_name,
        STATEMENT_KIND_LABELS[s.kind] ?? s.kind,
        s.account,
        csvDay(s.period_start),
        csvDay(s.period_end),
        s.created_by_name,
        csvDateTime(s.created_at),
        s.lines_count,
        s.credits_count,
        s.exact_count,
        s.probable_count,
        s.already_count,
        s.confirmed_at ? "Confirmado" : "Aguardando revisão",
        s.confirmed_by_name,
        csvDateTime(s.confirmed_at),
        s.confirmed_at ? s.settled_count : null,
      ]);
  }
  return csvResponse(`extratos-${localToday()}.csv`, HEADER, pages());
}
