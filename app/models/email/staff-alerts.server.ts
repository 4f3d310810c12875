import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { absoluteUrl, getAgency } from "#app/utils/env.server";
import { enqueueEmail } from "./outbox.server";

// What tenants do reaches the agency (issue 36; docs/decisions/0066-lease-dates.md):
// a new maintenance request, an inspection item contested, a "Já paguei"
// proof. Each also counts in the dashboard's "Atenção"; this is the email to
// the agency's address (AGENCY_EMAIL), queued in the same transaction as the
// tenant's row, so it goes exactly when the row exists, once (its key).

export type StaffAlert = {
  key: string; // "maintenance:12": once per event
  subject: string;
  lines: string[]; // what happened, in words, without more personal data than staff see
  path: string; // where staff act on it
};

export async function queueStaffAlert(db: Kysely<Database> | Transaction<Database>, alert: StaffAlert) {
  const link = absoluteUrl(alert.path);
  return enqueueEmail(db, {
    kind: "staff_alert",
    dedupeKey: `staff:${alert.key}`,
    to: getAgency().email,
    subject: alert.subject,
    text: [...alert.lines, "", `Abrir no painel: ${link}`].join("\n"),
  });
}
