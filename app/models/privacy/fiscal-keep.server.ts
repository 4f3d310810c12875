import { sql, type Transaction } from "kysely";
import type { Database, EmailStatus } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { removeLogin } from "#app/models/clients/logins.server";
import { ANONYMIZED } from "./anonymized";

// The LGPD erasure of a client with money history (docs/decisions/0062-nothing-fiscal-deleted.md).
// LGPD art. 16: personal data are eliminated once their processing ends,
// "autorizada a conservação para as seguintes finalidades: I - cumprimento de
// obrigação legal ou regulatória pelo controlador". The agency must keep what
// backs its fiscal records (the DIMOB it files, the receipts and informes it
// issued) until the tax credits they refer to prescribe (CTN art. 173, 174
// and 195 parágrafo único: five years): those stay; the rest goes.
//
// Kept: the record's name, CPF/CNPJ, property address, contract dates, rent,
// rates and owner (what the DIMOB, the receipts, the informes and the owner
// statements print), its billings with their boletos, its receipts with their
// PDFs, readjustments, the bank lines settled to it, the owner statements,
// and the lease files (the contract those records rest on).
// Gone: the login (sessions and reset tokens with it), the email (the
// undeliverable ANONYMIZED.email), the phone, the end's reason, the
// maintenance requests with their texts, images and documents, the
// inspections with their photos, contests and reports, the boletos awaiting
// processing, the proofs of payment the tenant sent ("Já paguei", decision
// 0063: their own screenshots and PDFs; the payment itself is the ledger's
// credit and its receipt, kept), and the words of the emails sent to the address (their kind,
// subject and dates stay as the trace of what was sent; unsent ones are given up).
// Returns the private files to remove after the commit.

type Trx = Transaction<Database>;

export const ERASED_EMAIL_NOTE = "Dados pessoais apagados (LGPD)";

export async function anonymizeClientIn(trx: Trx, id: number, actor: AuditActor, now: string) {
  const c = await trx
    .selectFrom("clients")
    .select(["email", "phone", "user_id", "ended_reason"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const requests = trx.selectFrom("maintenance_requests").select("id").where("client_id", "=", id);
  const inspections = trx.selectFrom("inspections").select("id").where("client_id", "=", id);
  const items = trx
    .selectFrom("inspection_items")
    .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
    .select("inspection_items.id")
    .where("inspection_rooms.inspection_id", "in", inspections);
  const keys = [
    ...(await trx.selectFrom("maintenance_images").select("file_key").where("request_id", "in", requests).execute()),
    ...(await trx.selectFrom("maintenance_documents").select("file_key").where("request_id", "in", requests).execute()),
    ...(await trx.selectFrom("inspection_photos").select("file_key").where("item_id", "in", items).execute()),
    ...(await trx
      .selectFrom("inspection_contest_photos")
      .innerJoin("inspection_contests", "inspection_contests.id", "inspection_contest_photos.contest_id")
      .select("inspection_contest_photos.file_key")
      .where("inspection_contests.item_id", "in", items)
      .execute()),
    ...(await trx
      .selectFrom("inspection_meter_photos")
      .select("file_key")
      .where("inspection_id", "in", inspections)
      .execute()),
    ...(await trx
      .selectFrom("inspections")
      .select("report_key as file_key")
      .where("client_id", "=", id)
      .where("report_key", "is not", null)
      .execute()),
    ...(await trx.selectFrom("boleto_queue").select("file_key").where("client_id", "=", id).execute()),
    ...(await trx.selectFrom("payment_proofs").select("file_key").where("client_id", "=", id).execute()),
  ].map((r) => r.file_key!);
  // What the emails to this tenant are about (the outbox's ref, indexed),
  // read before the inspections go.
  const refs = [
    ...(await trx.selectFrom("billing").select("id").where("client_id", "=", id).execute()).map(
      (r) => `billing:${r.id}`,
    ),
    ...(await trx.selectFrom("readjustments").select("id").where("client_id", "=", id).execute()).map(
      (r) => `readjustment:${r.id}`,
    ),
    ...(await inspections.execute()).map((r) => `inspection:${r.id}`),
  ];
  // Their child rows go with them (ON DELETE CASCADE).
  await trx.deleteFrom("maintenance_requests").where("client_id", "=", id).execute();
  await trx.deleteFrom("inspections").where("client_id", "=", id).execute();
  await trx.deleteFrom("boleto_queue").where("client_id", "=", id).execute();
  await trx.deleteFrom("payment_proofs").where("client_id", "=", id).execute();
  if (c.user_id !== null) await removeLogin(trx, c.user_id, actor);
  const erased = { email: ANONYMIZED.email, phone: null, ended_reason: null, personal_data_erased_at: now };
  await trx
    .updateTable("clients")
    .set({ ...erased, updated_at: now })
    .where("id", "=", id)
    .execute();
  // The emails written to the tenant: their words go, the trace stays. Found
  // by what they are about (the ref index; the outbox grows by a few emails a
  // billing, too many to scan by address), the informes of tenants by their
  // refs' range and the address.
  const redacted = {
    to_address: ANONYMIZED.email,
    text: ANONYMIZED.text,
    html: null,
    status: sql<EmailStatus>`case when status = 'queued' then 'failed' else status end`,
    last_error: sql<string | null>`case when status = 'queued' then ${ERASED_EMAIL_NOTE} else last_error end`,
  };
  for (let i = 0; i < refs.length; i += 500)
    await trx
      .updateTable("email_outbox")
      .set(redacted)
      .where("ref", "in", refs.slice(i, i + 500))
      .execute();
  await trx
    .updateTable("email_outbox")
    .set(redacted)
    .where("ref", ">=", "income-report:")
    .where("ref", "<", "income-report;")
    .where("kind", "=", "income_report_tenant")
    .where(sql<boolean>`lower(to_address) = ${c.email.trim().toLowerCase()}`)
    .execute();
  // The values themselves stay out of the trail (redactAudit does the same for the older rows).
  await recordAudit(trx, {
    actor,
    action: "anonymize",
    entity: "client",
    entityId: id,
    before: { personal_data_erased_at: null },
    after: { personal_data_erased_at: now },
  });
  return keys;
}
