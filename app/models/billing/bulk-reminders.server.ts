import { owedOn } from "#app/models/ledger/owed";
import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { enqueueEmail } from "#app/models/email/outbox.server";
import { absoluteUrl, getAgency } from "#app/utils/env.server";
import { noReminders, type ReminderOutcome } from "./bulk-reminders";
import { overdueReminderEmail } from "./notice-email";
import { NOTICE_COLUMNS } from "./notices.server";
import { billingTxid, pixPayload } from "./pix";
import { getChargingSettings, type ChargingSettings } from "./settings.server";
import { effectiveStatus } from "./status";

// "Enviar lembrete por email aos selecionados" (issue 34, bulk actions;
// docs/decisions/0057-lists-as-queries.md, "Bulk reminders"): one email per
// selected billing still overdue, through the one outbox (decision 0051),
// with the amount due today and its Pix as the WhatsApp reminder
// (reminder.ts) and the tenant's Cobrança tab compute them (chargesOn,
// pixPayload). Once a billing a day: the dedupe key holds the billing and the
// agency's day, so a second post that day (a double click, the back button, a
// replayed form) queues nothing and says so. Each queued one is audited on its
// billing, in the same transaction.

type DB = Kysely<Database>;

export const reminderKey = (billingId: number, day: string) => `billing-reminder:${billingId}:${day}`;

// Something an email can be sent to (the form requires one; an imported or
// older row may have none).
const hasAddress = (email: string) => /\S@\S/.test(email);

export async function queueOverdueReminders(
  db: DB,
  ids: readonly number[],
  actor: AuditActor,
  {
    today,
    now = new Date(),
    settings = getChargingSettings(),
  }: { today: string; now?: Date; settings?: ChargingSettings },
): Promise<ReminderOutcome> {
  const outcome = noReminders();
  if (ids.length === 0) return outcome;
  const agencyName = getAgency().name;
  const link = absoluteUrl("/client-area?tab=cobranca");
  // The check and the queueing in one transaction: a payment recorded
  // meanwhile is either before it (refused) or after it.
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("billing")
      .innerJoin("clients", "clients.id", "billing.client_id")
      .select(NOTICE_COLUMNS)
      .where("billing.id", "in", [...ids])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Those sent today already are not written again (nor their words drawn).
    const sentToday = new Set(
      (
        await trx
          .selectFrom("email_outbox")
          .select("dedupe_key")
          .where(
            "dedupe_key",
            "in",
            ids.map((id) => reminderKey(id, today)),
          )
          .execute()
      ).map((r) => r.dedupe_key),
    );
    for (const id of ids) {
      const b = byId.get(id);
      if (!b) outcome.refused.missing += 1;
      else if (effectiveStatus(b.status, b.grace_until, today) !== "overdue") outcome.refused["not-overdue"] += 1;
      else if (!hasAddress(b.email)) outcome.refused["no-email"] += 1;
      else if (sentToday.has(reminderKey(id, today))) outcome.already += 1;
      else {
        const charges = owedOn(b, today);
        const pix = settings.pix ? pixPayload(settings.pix, charges.total, billingTxid(b.id)) : null;
        const queued = await enqueueEmail(
          trx,
          {
            kind: "billing_overdue_reminder",
            dedupeKey: reminderKey(b.id, today),
            // The billing's trace ("Avisos por email" in its dialog) lists it.
            ref: `billing:${b.id}`,
            to: b.email.trim(),
            ...overdueReminderEmail({
              agencyName,
              clientName: b.name,
              month_year: b.month_year,
              due_date: b.due_date,
              today,
              charges,
              pix,
              link,
            }),
          },
          now,
        );
        // (The unique key is the last guard: a post that raced this one.)
        if (!queued) {
          outcome.already += 1;
          continue;
        }
        outcome.sent += 1;
        await recordAudit(trx, {
          actor,
          action: "remind",
          entity: "billing",
          entityId: b.id,
          after: { email: b.email.trim(), amount_due_cents: charges.total },
        });
      }
    }
  });
  return outcome;
}
