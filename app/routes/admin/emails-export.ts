import { getDb } from "#app/db/db.server";
import { parseEmailsQuery } from "#app/models/email/emails-query";
import { emailKindLabel, emailStateText } from "#app/models/email/kinds";
import { emailsExportBatches } from "#app/models/email/outbox-views.server";
import { csvDateTime } from "#app/models/shared/csv";
import { localToday } from "#app/models/shared/days";
import { csvResponse } from "#app/utils/csv-response.server";
import { requireRole } from "#app/utils/http.server";
import type { Route } from "./+types/emails-export";

// GET /admin/emails/exportar?tipo=&para=&situacao=: the outbox as the
// "Emails" page filters it, every email newest first (not its body), as a CSV
// Excel in Brazil opens (models/shared/csv.ts). Every staff member, as the
// page (docs/decisions/0051-email-outbox.md).
const HEADER = [
  "Nº",
  "Criado em",
  "Tipo",
  "Destinatário",
  "Assunto",
  "Situação",
  "Tentativas",
  "Último erro",
  "Referência",
];

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireRole(context, "staff");
  const { page: _page, ...filter } = parseEmailsQuery(url.searchParams);
  async function* pages() {
    for await (const rows of emailsExportBatches(getDb(), filter))
      yield rows.map((e) => [
        e.id,
        csvDateTime(e.created_at),
        emailKindLabel(e.kind),
        e.to_address,
        e.subject,
        emailStateText(e),
        e.attempts,
        e.status === "sent" ? null : e.last_error,
        e.ref,
      ]);
  }
  return csvResponse(`emails-${localToday()}.csv`, HEADER, pages());
}
