import { formatDateTime } from "#app/utils/format-date";

// Where an owner's or a tenant's email stands, in the words the pages show
// and their CSV files write (the same sentence in both). Client-safe.

export type EmailTone = "sent" | "warning" | "error" | "waiting";

// The owner's copy of a final statement (Repasses' Realizados), from its row
// in the outbox (models/owners/transfers.server.ts).
export function statementEmailState(s: {
  owner_email: string | null;
  sent_at: string | null;
  attempts: number | null;
  last_error: string | null;
}): { tone: EmailTone; text: string } {
  if (s.sent_at) return { tone: "sent", text: `Enviado em ${formatDateTime(s.sent_at)}` };
  if (!s.owner_email) return { tone: "warning", text: "Proprietário sem email" };
  if (s.last_error)
    return {
      tone: "error",
      text: `Não enviado (${s.attempts ?? 0} ${s.attempts === 1 ? "tentativa" : "tentativas"}): ${s.last_error}`,
    };
  return { tone: "waiting", text: "Aguardando envio" };
}

// An informe's email (income-reports.server.ts): null, never asked.
export function incomeEmailState(
  email: string | null,
  status: { sent_at: string | null; attempts: number; last_error: string | null } | null,
): { tone: EmailTone; text: string } {
  if (!email) return { tone: "warning", text: "Sem email" };
  if (!status) return { tone: "waiting", text: "Não enviado" };
  if (status.sent_at) return { tone: "sent", text: `Enviado em ${formatDateTime(status.sent_at)}` };
  if (status.last_error) return { tone: "error", text: `Falhou (${status.attempts}): ${status.last_error}` };
  return { tone: "waiting", text: "Na fila" };
}

// The colour of each state on the pages.
export const EMAIL_TONE_CLASS: Record<EmailTone, string | undefined> = {
  sent: undefined,
  warning: "text-amber-800",
  error: "text-red-700",
  waiting: "text-slate-600",
};
