import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { leaseDocument, recordAcceptance } from "#app/models/documents/acceptance.server";
import { addDays, localToday } from "#app/models/shared/days";
import { contestDeadline } from "./contests.server";

// Tacit acceptance (issue 38, docs/decisions/0080-document-acceptance.md): an
// entry inspection whose contest window closed without a contest and without
// the tenant's "Aceito" is accepted as it is (decision 0044), and now says so
// in its report: the "Registro de aceite" page, tacit, with the window's last
// day. A report replaced by a correction is not; the correction has its own.
// Hourly; a few at a time (each draws a PDF).

type DB = Kysely<Database>;
const BATCH = 50;

export async function recordTacitAcceptances(db: DB, today: string, contestDays: number, now = new Date()) {
  // Finalized before (today - window) began in UTC, which is at or before it
  // began in the agency's zone (west of UTC): every one found has a closed
  // window; one finalized late in the evening waits a day more.
  const before = `${addDays(today, -contestDays)}T00:00:00.000Z`;
  const candidates = await db
    .selectFrom("inspections")
    .innerJoin("issued_documents", (j) =>
      j.onRef("issued_documents.ref_id", "=", "inspections.id").on("issued_documents.kind", "=", "inspection_report"),
    )
    .innerJoin("clients", "clients.id", "inspections.client_id")
    .select([
      "inspections.client_id",
      "inspections.finalized_at",
      "issued_documents.id as document_id",
      "clients.name",
      "clients.cpf_cnpj",
    ])
    .where("inspections.kind", "=", "entrada")
    .where("inspections.finalized_at", "is not", null)
    .where("inspections.finalized_at", "<", before)
    .where("issued_documents.replaced_by_id", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("document_acceptances")
            .select("document_acceptances.id")
            .whereRef("document_acceptances.document_id", "=", "issued_documents.id"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("inspection_contests")
            .innerJoin("inspection_items", "inspection_items.id", "inspection_contests.item_id")
            .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
            .select("inspection_contests.id")
            .whereRef("inspection_rooms.inspection_id", "=", "inspections.id"),
        ),
      ),
    )
    .orderBy("inspections.id")
    .limit(BATCH)
    .execute();
  let recorded = 0;
  for (const c of candidates) {
    const deadline = contestDeadline(localToday(new Date(c.finalized_at!)), contestDays);
    if (deadline >= today) continue;
    const doc = await leaseDocument(db, c.client_id, c.document_id);
    if (!doc) continue;
    const accepter = { userId: null, name: c.name, cpfCnpj: c.cpf_cnpj, username: null, ip: null, userAgent: null };
    if ((await recordAcceptance(db, doc, accepter, now, deadline)) === "ok") recorded++;
  }
  return { recorded };
}
