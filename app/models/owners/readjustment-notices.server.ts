import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { pdfAgency } from "#app/models/billing/settings.server";
import { firstNames, newVerification, registerDocument } from "#app/models/documents/registry.server";
import { enqueueEmail } from "#app/models/email/outbox.server";
import { storePrivateFile } from "#app/models/files/private-store.server";
import { localToday } from "#app/models/shared/days";
import { getAgency } from "#app/utils/env.server";
import { leaseOwners } from "./lease-owners.server";
import { readjustmentEmail } from "./readjustment-email";
import { renderReadjustmentNoticePdf } from "./readjustment-pdf.server";

// What the tenant is told of a readjustment (docs/decisions/0041-readjustment.md,
// 0080-document-acceptance.md): the "Aviso de Reajuste" PDF, a registered
// document they read and accept, and the email 30 days before. The job that
// makes and applies readjustments is readjustments.server.ts.

type DB = Kysely<Database> | Transaction<Database>;

export const readjustmentEmailKey = (id: number) => `readjustment:${id}`;

// A readjustment with what its notice and email name of the tenant.
function readjustmentOf(db: DB, id: number) {
  return db
    .selectFrom("readjustments")
    .innerJoin("clients", "clients.id", "readjustments.client_id")
    .select([
      "readjustments.client_id",
      "readjustments.anniversary",
      "readjustments.index_code",
      "readjustments.first_month",
      "readjustments.last_month",
      "readjustments.accumulated_ppm",
      "readjustments.old_rent_cents",
      "readjustments.new_rent_cents",
      "clients.name",
      "clients.email",
      "clients.cpf_cnpj",
      "clients.property_address",
    ])
    .where("readjustments.id", "=", id)
    .executeTakeFirstOrThrow();
}

// The "Aviso de Reajuste" of readjustment `id`, made in its row's
// transaction: drawn with a new code, kept as a private file (its key pushed
// to `created`, for the caller to remove should the transaction not commit),
// named in the row and registered, its day the agency's day of `stamp`.
export async function issueNotice(trx: Transaction<Database>, id: number, stamp: string, created: string[]) {
  const r = await readjustmentOf(trx, id);
  const owners = (await leaseOwners(trx, r.client_id)).map((o) => o.name);
  const issuedOn = localToday(new Date(stamp));
  const verification = newVerification();
  const pdf = await renderReadjustmentNoticePdf({
    agency: pdfAgency(),
    verification,
    tenant: { name: r.name, cpf_cnpj: r.cpf_cnpj, property_address: r.property_address },
    owners,
    anniversary: r.anniversary,
    index: r.index_code,
    firstMonth: r.first_month,
    lastMonth: r.last_month,
    accumulatedPpm: r.accumulated_ppm,
    oldRentCents: r.old_rent_cents,
    newRentCents: r.new_rent_cents,
    issuedOn,
  });
  const key = await storePrivateFile(pdf, ".pdf");
  created.push(key);
  await trx
    .updateTable("readjustments")
    .set({ notice_key: key, notice_size: pdf.byteLength })
    .where("id", "=", id)
    .execute();
  await registerDocument(
    trx,
    verification,
    {
      kind: "readjustment_notice",
      refId: id,
      title: "Aviso de Reajuste",
      issuedOn,
      parties: firstNames([r.name, ...owners]),
      amountCents: r.new_rent_cents,
    },
    pdf,
  );
}

// Queues the tenant's email of a readjustment (once: its dedupe key).
export async function queueReadjustmentEmail(db: DB, id: number, now: Date) {
  const r = await readjustmentOf(db, id);
  const key = readjustmentEmailKey(id);
  return enqueueEmail(
    db,
    { kind: "readjustment", dedupeKey: key, ref: key, to: r.email, ...readjustmentEmail(r, getAgency().name) },
    now,
  );
}
