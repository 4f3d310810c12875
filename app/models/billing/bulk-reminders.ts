import { parseId } from "#app/utils/ids";

// "Enviar lembrete por email aos selecionados" on Em atraso (issue 34, bulk
// actions; docs/decisions/0057-lists-as-queries.md, "Bulk reminders"): the
// form's names, what a post may carry and how its outcome reads. Client-safe:
// the queue's form (components/admin/billing-queue.tsx) and the action
// (routes/admin/clients/billing-reminders.tsx) share it; the sending is
// bulk-reminders.server.ts.

export const REMINDERS_PATH = "/admin/clients/cobrancas/lembretes";
// The form sits above the table (a row holds its own status form, and forms
// do not nest): each row's checkbox joins it by its `form` attribute.
export const REMINDERS_FORM_ID = "lembretes-em-atraso";
// A checked row: one value per billing id.
export const REMINDER_FIELD = "cobranca";
// "Selecionar todas desta página" (a checkbox, so it works without
// JavaScript) and the ids of the rows the page showed, which it stands for.
export const REMINDER_ALL_FIELD = "toda-pagina";
export const REMINDER_PAGE_FIELD = "na-pagina";
// Ids read from one post, at most: four pages of the queue, both lists
// together. More is not a person's selection; the post is refused whole.
export const MAX_REMINDER_IDS = 100;

export type ReminderRefusal = "missing" | "not-overdue" | "no-email";
export type ReminderOutcome = { sent: number; already: number; refused: Record<ReminderRefusal, number> };

// The queue's page to come back to (billing-query.ts reads them).
const SINGLE_FIELDS = ["busca", "pagina", REMINDER_ALL_FIELD];

export type ReminderPost =
  { ok: true; ids: number[]; unreadable: number } | { ok: false; reason: "too-many" | "malformed" };

// The ids a post asks for: the checked rows, and the page's rows when
// "Selecionar todas desta página" is checked; each once, in order. A value
// that is not an id is counted (refused as not found), not dropped silently.
// A field the form sends once, sent twice, or the box with another value, is
// no browser's post: refused whole.
export function readReminderPost(form: { getAll(name: string): unknown[] }): ReminderPost {
  if (SINGLE_FIELDS.some((name) => form.getAll(name).length > 1)) return { ok: false, reason: "malformed" };
  const all = form.getAll(REMINDER_ALL_FIELD);
  if (all.length === 1 && all[0] !== "1") return { ok: false, reason: "malformed" };
  const picked = form.getAll(REMINDER_FIELD);
  const page = all.length === 1 ? form.getAll(REMINDER_PAGE_FIELD) : [];
  const values = [...picked, ...page];
  if (values.length > MAX_REMINDER_IDS) return { ok: false, reason: "too-many" };
  const ids = new Set<number>();
  const unreadable = new Set<unknown>();
  for (const value of values) {
    const id = parseId(value);
    if (id === null) unreadable.add(value);
    else ids.add(id);
  }
  return { ok: true, ids: [...ids], unreadable: unreadable.size };
}

export const noReminders = (): ReminderOutcome => ({
  sent: 0,
  already: 0,
  refused: { missing: 0, "not-overdue": 0, "no-email": 0 },
});

const REFUSALS: Record<ReminderRefusal, [one: string, many: string]> = {
  "no-email": ["sem email", "sem email"],
  "not-overdue": ["não está em atraso", "não estão em atraso"],
  missing: ["não encontrada", "não encontradas"],
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const refusedCount = (o: ReminderOutcome) => Object.values(o.refused).reduce((a, b) => a + b, 0);

// "2 lembretes enviados. 1 já enviado hoje. 2 recusados: 1 sem email, 1 não
// está em atraso." Only the parts that happened; nothing at all says so.
export function reminderSummary(o: ReminderOutcome): string {
  const parts: string[] = [];
  if (o.sent > 0) parts.push(count(o.sent, "lembrete enviado", "lembretes enviados"));
  if (o.already > 0) parts.push(count(o.already, "já enviado hoje", "já enviados hoje"));
  const refused = refusedCount(o);
  if (refused > 0) {
    const why = (Object.keys(REFUSALS) as ReminderRefusal[])
      .filter((r) => o.refused[r] > 0)
      .map((r) => count(o.refused[r], ...REFUSALS[r]));
    parts.push(`${count(refused, "recusado", "recusados")}: ${why.join(", ")}`);
  }
  return parts.length ? `${parts.join(". ")}.` : "Nenhuma cobrança selecionada.";
}
