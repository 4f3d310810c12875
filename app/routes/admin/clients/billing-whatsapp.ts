import { redirect } from "react-router";
import { getDb } from "#app/db/db.server";
import { BILLING_MESSAGES } from "#app/models/billing/billing.schema";
import { whatsappReminder } from "#app/models/billing/reminder.server";
import { localToday } from "#app/models/shared/days";
import { parseId } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/billing-whatsapp";

// "WhatsApp" beside an overdue billing (Em atraso): the tenant's reminder as
// a wa.me address, written now (models/billing/reminder.server.ts). A billing
// paid since the list was read, or a tenant without a phone, goes back to the
// queue saying so.
export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const href = id === null ? null : await whatsappReminder(getDb(), id, localToday());
  if (href) return redirect(href);
  return redirectWithToast("/admin/clients?aba=cobrancas", {
    type: "error",
    title: "Erro",
    description: BILLING_MESSAGES.noWhatsappReminder,
  });
}
