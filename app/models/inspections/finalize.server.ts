import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { escapeHtml } from "#app/models/billing/notice-email";
import { formatDay } from "#app/models/clients/status";
import { enqueueEmail } from "#app/models/email/outbox.server";
import { removePrivateFiles, storePrivateFile } from "#app/models/files/private-store.server";
import { getAgency } from "#app/utils/env.server";
import type { PdfAgency } from "#app/utils/pdf-sheet.server";
import { firstNames, newVerification, registerDocument, replaceDocument } from "#app/models/documents/registry.server";
import { getInspection } from "./inspections.server";
import { kindLabel } from "./labels";
import { renderInspectionReport } from "./report-pdf.server";

// "Finalizar" (docs/decisions/0044-inspections.md): an inspection with rooms
// and every item rated is locked and its report kept as a private PDF; the
// tenant's copy is queued in the email outbox (decision 0051) in the same
// transaction, once (its dedupe key).

type DB = Kysely<Database>;

export const reportEmailKey = (id: number) => `inspection-report:${id}`;
const reportKeySql = sql<string>`'inspection-report:' || inspections.id`;

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
  const verification = newVerification();
  const people = await reportPeople(db, inspection.client_id, inspection.inspector_id);
  const pdf = await renderInspectionReport(
    { ...inspection, finalized_at: now },
    new Map(photos.map((p) => [p.id, p.file_key])),
    new Map(meterPhotos.map((p) => [p.id, p.file_key])),
    issuer.agency,
    issuer.today,
    verification,
    people,
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
      const documentId = await registerDocument(
        trx,
        verification,
        {
          kind: "inspection_report",
          refId: id,
          title: `Relatório de Vistoria nº ${id}`,
          issuedOn: issuer.today,
          parties: firstNames([inspection.client_name, ...people.owners.map((o) => o.name)]),
        },
        pdf,
      );
      // A correction's report replaces the one it corrects.
      if (inspection.replaces_id) await replaceDocument(trx, "inspection_report", inspection.replaces_id, documentId);
      await queueInspectionReport(trx, id, new Date(now));
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

// The tenant's document, the lease's owners and the inspector's full name,
// as the report names them (the inspector as their staff account names them now).
async function reportPeople(db: DB, clientId: number, inspectorId: number | null) {
  const tenant = await db.selectFrom("clients").select("cpf_cnpj").where("id", "=", clientId).executeTakeFirst();
  const owners = await db
    .selectFrom("lease_owners")
    .innerJoin("owners", "owners.id", "lease_owners.owner_id")
    .select(["owners.name", "owners.cpf_cnpj"])
    .where("lease_owners.client_id", "=", clientId)
    .orderBy("lease_owners.position")
    .execute();
  const inspector =
    inspectorId === null
      ? undefined
      : await db.selectFrom("users").select("name").where("id", "=", inspectorId).executeTakeFirst();
  return { tenantDocument: tenant?.cpf_cnpj ?? null, owners, inspectorFullName: inspector?.name ?? null };
}

// Queues the tenant's copy of a finalized report (nothing when it was before).
async function queueInspectionReport(db: DB | Transaction<Database>, id: number, now: Date) {
  const r = await db
    .selectFrom("inspections")
    .innerJoin("clients", "clients.id", "inspections.client_id")
    .select(["inspections.kind", "inspections.date", "inspections.report_key", "clients.name", "clients.email"])
    .where("inspections.id", "=", id)
    .executeTakeFirstOrThrow();
  const intro = `Olá, ${r.name}. Segue em anexo o relatório da ${kindLabel(r.kind).toLowerCase()} de ${formatDay(r.date)}, com cada cômodo, item, estado e foto.`;
  const outro = `Ele também está na Área do Cliente, na aba Vistoria. ${getAgency().name}`;
  return enqueueEmail(
    db,
    {
      kind: "inspection_report",
      dedupeKey: reportEmailKey(id),
      ref: `inspection:${id}`,
      to: r.email,
      subject: `Relatório de Vistoria nº ${id}`,
      text: [intro, outro].join("\n\n"),
      html: [intro, outro].map((p) => `<p>${escapeHtml(p)}</p>`).join("\n"),
      attachments: [
        { file_key: r.report_key!, filename: `Relatório de Vistoria nº ${id}.pdf`, content_type: "application/pdf" },
      ],
    },
    now,
  );
}

// The hourly sweep: finalized reports whose email was never queued (finalized
// before the outbox existed). Returns how many it queued.
export async function queueInspectionReports(db: DB, now = new Date()) {
  const due = await db
    .selectFrom("inspections")
    .leftJoin("email_outbox", (join) => join.on(sql<boolean>`email_outbox.dedupe_key = ${reportKeySql}`))
    .select("inspections.id")
    .where("inspections.finalized_at", "is not", null)
    .where("inspections.report_key", "is not", null)
    .where("email_outbox.id", "is", null)
    .orderBy("inspections.id")
    .execute();
  let queued = 0;
  for (const { id } of due) if (await queueInspectionReport(db, id, now)) queued += 1;
  return { queued };
}
