import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { whatsappHref } from "#app/models/leads/admin/request-status";
import { owedOn } from "#app/models/ledger/owed";
import { getAgency } from "#app/utils/env.server";
import { billingTxid, pixPayload } from "./pix";
import { NOTICE_COLUMNS } from "./notices.server";
import { reminderHref } from "./reminder";
import { effectiveStatus } from "./status";
import { getChargingSettings } from "./settings.server";

// The Em atraso queue's "WhatsApp" (reminder.ts) is a link to
// /admin/clients/cobrancas/<id>/whatsapp, which answers with the wa.me
// address written at the click. Written in the list, each of its 25 rows
// carried the whole message twice (the page and its data, ~1.8 KB a row) and
// a Pix code drawn for it on every view: a third of the tab's HTML and of its
// cost with 20 staff (docs/decisions/0065-ledger-at-scale.md). At the click it
// is also the amount due that minute.

// Whether a row of the queue shows the link: overdue, with a phone WhatsApp can open.
export const remindsOnWhatsapp = (b: { status: string; phone: string | null }) =>
  b.status === "overdue" && !!b.phone && whatsappHref(b.phone) !== null;

export const whatsappReminderPath = (billingId: number) => `/admin/clients/cobrancas/${billingId}/whatsapp`;

// The wa.me address of billing `id`'s reminder today, or null: not found, not
// overdue (paid since the list was read) or no usable phone.
export async function whatsappReminder(db: Kysely<Database>, id: number, today: string) {
  const row = await db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    // What the reminder says of the billing and its tenant, as the notices.
    .select([...NOTICE_COLUMNS, "clients.phone"])
    .where("billing.id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const b = { ...row, status: effectiveStatus(row.status, row.grace_until, today) };
  if (!remindsOnWhatsapp(b)) return null;
  const { pix } = getChargingSettings();
  const total = owedOn(b, today).total;
  return reminderHref(b.phone, {
    clientName: b.name,
    monthYear: b.month_year,
    dueDate: b.due_date,
    totalCents: total,
    agencyName: getAgency().name,
    pixPayload: pix ? pixPayload(pix, total, billingTxid(b.id)) : null,
  });
}
