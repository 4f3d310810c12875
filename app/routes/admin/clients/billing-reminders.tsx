import { redirect } from "react-router";
import { getDb } from "#app/db/db.server";
import { billingHref, readBillingQuery } from "#app/models/billing/billing-query";
import { MAX_REMINDER_IDS, readReminderPost, refusedCount, reminderSummary } from "#app/models/billing/bulk-reminders";
import { queueOverdueReminders } from "#app/models/billing/bulk-reminders.server";
import { kickOutbox } from "#app/models/email/outbox.server";
import { localToday } from "#app/models/shared/days";
import { UNREADABLE_FORM, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/billing-reminders";

// "Enviar lembrete por email aos selecionados" on Em atraso (issue 34, bulk
// actions; docs/decisions/0057-lists-as-queries.md, "Bulk reminders"): one
// email per checked overdue billing, at most once a day each
// (bulk-reminders.server.ts), then back to the same page of the queue with
// what was sent, what had been sent today already and what was refused.
// A plain form post; nothing to show on a GET.

export function loader() {
  return redirect(billingHref({}));
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const form = await readFormData(request);
  // Back to the queue as it was: its search and page, read as the list reads
  // them (never echoed raw). The queue is Em atraso, the only one with the form.
  const list = readBillingQuery(
    new URLSearchParams({ busca: String(form.get("busca") ?? ""), pagina: String(form.get("pagina") ?? "") }),
  );
  const back = billingHref({ queue: "atrasadas", search: list.search }, list.page);
  const post = readReminderPost(form);
  if (!post.ok)
    return redirectWithToast(back, {
      type: "error",
      title: "Nenhum lembrete enviado",
      description:
        post.reason === "too-many" ? `Selecione no máximo ${MAX_REMINDER_IDS} cobranças por vez.` : UNREADABLE_FORM,
    });
  const outcome = await queueOverdueReminders(getDb(), post.ids, actor, { today: localToday() });
  outcome.refused.missing += post.unreadable;
  if (outcome.sent > 0) kickOutbox(getDb());
  const refused = refusedCount(outcome);
  return redirectWithToast(back, {
    type: refused > 0 ? "error" : outcome.sent > 0 ? "success" : "info",
    title: "Lembretes por email",
    description: reminderSummary(outcome),
  });
}
