import { formatDateTime } from "#app/utils/format-date";

type StatementEmail = {
  owner_email: string | null;
  sent_at: string | null;
  attempts: number | null;
  last_error: string | null;
};

// Where the owner's copy of a final statement stands (its row in the email
// outbox, joined by models/owners/transfers.server.ts), in words: the page's
// cell and the CSV's say the same.
export function statementEmailState(s: StatementEmail) {
  if (s.sent_at) return { tone: "sent", text: `Enviado em ${formatDateTime(s.sent_at)}` } as const;
  if (!s.owner_email) return { tone: "warning", text: "Proprietário sem email" } as const;
  if (s.last_error)
    return {
      tone: "error",
      text: `Não enviado (${s.attempts ?? 0} ${s.attempts === 1 ? "tentativa" : "tentativas"}): ${s.last_error}`,
    } as const;
  return { tone: "waiting", text: "Aguardando envio" } as const;
}

const TONE_CLASS = { sent: undefined, warning: "text-amber-800", error: "text-red-700", waiting: "text-slate-600" };

export function EmailState({ statement }: { statement: StatementEmail }) {
  const state = statementEmailState(statement);
  return <span className={TONE_CLASS[state.tone]}>{state.text}</span>;
}
