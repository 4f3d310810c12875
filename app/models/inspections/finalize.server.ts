import fs from "node:fs/promises";
import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { escapeHtml } from "#app/models/billing/notice-email";
import { formatDay } from "#app/models/clients/status";
import { privateFilePath, removePrivateFiles, storePrivateFile } from "#app/models/files/private-store.server";
import { sendEmail } from "#app/utils/email.server";
import { getAgency } from "#app/utils/env.server";
import { log, reasonOf, scrub } from "#app/utils/log.server";
import type { PdfAgency } from "#app/utils/pdf-sheet.server";
import { getInspection } from "./inspections.server";
import { kindLabel } from "./labels";
import { renderInspectionReport } from "./report-pdf.server";

// "Finalizar" (docs/decisions/0044-inspections.md): an inspection with rooms
// and every item rated is locked and its report kept as a private PDF; the
// tenant's copy goes by email from the hourly job.

type DB = Kysely<Database>;
export const MAX_ATTEMPTS = 24;

export type FinalizeOutcome = "ok" | "missing" | "locked" | "empty" | "unrated";

export async function finalizeInspection(
  db: DB,
  id: number,
  actor: AuditActor,
  issuer: { agency: PdfAgency; today: string },
): Promise<FinalizeOutcome> {
  const inspection = await getInspection(db, id);
  if (!inspection) return "missing";
  if (inspection.finalized_at) return "locked";
  const items = inspection.rooms.flatMap((r) => r.items);
  if (items.length === 0) return "empty";
  if (items.some((i) => i.condition === null)) return "unrated";
  const photos = await db
    .selectFrom("inspection_photos")
    .select(["id", "file_key"])
    .where(
      "item_id",
      "in",
      items.map((i) => i.id),
    )
    .execute();
  const meterPhotos = await db
    .selectFrom("inspection_meter_photos")
    .select(["id", "file_key"])
    .where("inspection_id", "=", id)
    .execute();
  const now = new Date().toISOString();
  const pdf = await renderInspectionReport(
    { ...inspection, finalized_at: now },
    new Map(photos.map((p) => [p.id, p.file_key])),
    new Map(meterPhotos.map((p) => [p.id, p.file_key])),
    issuer.agency,
    issuer.today,
  );
  const key = await storePrivateFile(pdf, ".pdf");
  try {
    const done = await db.transaction().execute(async (trx) => {
      // Edited meanwhile (a photo, a note): the report would not be what is locked.
      const locked = await trx
        .updateTable("inspections")
        .set({ finalized_at: now, report_key: key, report_size: pdf.byteLength, updated_at: now })
        .where("id", "=", id)
        .where("finalized_at", "is", null)
        .where("updated_at", "=", inspection.updated_at)
        .executeTakeFirst();
      if (Number(locked.numUpdatedRows) !== 1) return false;
      await recordAudit(trx, {
        actor,
        action: "update",
        entity: "inspection",
        entityId: id,
        before: { finalized_at: null },
        after: { finalized_at: now },
      });
      return true;
    });
    if (!done) {
      await removePrivateFiles([key]);
      return "locked";
    }
    return "ok";
  } catch (error) {
    await removePrivateFiles([key]);
    throw error;
  }
}

// The tenant's copy of each finalized report, once.
export async function sendInspectionReports(db: DB, now = new Date()) {
  const due = await db
    .selectFrom("inspections")
    .select("id")
    .where("finalized_at", "is not", null)
    .where("report_key", "is not", null)
    .where("report_sent_at", "is", null)
    .where("report_attempts", "<", MAX_ATTEMPTS)
    .orderBy("id")
    .execute();
  const counts = { sent: 0, failed: 0 };
  for (const { id } of due) {
    const claimed = await db
      .updateTable("inspections")
      .set({ report_sent_at: now.toISOString() })
      .where("id", "=", id)
      .where("report_sent_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!claimed) continue;
    const r = await db
      .selectFrom("inspections")
      .innerJoin("clients", "clients.id", "inspections.client_id")
      .select(["inspections.kind", "inspections.date", "inspections.report_key", "clients.name", "clients.email"])
      .where("inspections.id", "=", id)
      .executeTakeFirstOrThrow();
    try {
      const content = await fs.readFile(privateFilePath(r.report_key!));
      const intro = `Olá, ${r.name}. Segue em anexo o relatório da ${kindLabel(r.kind).toLowerCase()} de ${formatDay(r.date)}, com cada cômodo, item, estado e foto.`;
      const outro = `Ele também está na Área do Cliente, na aba Vistoria. ${getAgency().name}`;
      await sendEmail({
        to: r.email,
        subject: `Relatório de Vistoria nº ${id}`,
        text: [intro, outro].join("\n\n"),
        html: [intro, outro].map((p) => `<p>${escapeHtml(p)}</p>`).join("\n"),
        attachments: [{ filename: `Relatório de Vistoria nº ${id}.pdf`, content, contentType: "application/pdf" }],
      });
      await db.updateTable("inspections").set({ report_last_error: null }).where("id", "=", id).execute();
      counts.sent += 1;
    } catch (error) {
      log.warn("inspection.report_email_failed", { inspectionId: id, error: reasonOf(error) });
      await db
        .updateTable("inspections")
        .set({
          report_sent_at: null,
          report_attempts: sql`report_attempts + 1`,
          report_last_error: scrub(reasonOf(error)).slice(0, 200),
        })
        .where("id", "=", id)
        .execute();
      counts.failed += 1;
    }
  }
  if (counts.sent + counts.failed > 0) log.info("inspection.report_emails", counts);
  return counts;
}
