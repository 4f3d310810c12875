import { formatDateTime } from "#app/utils/format-date";

// Where the owner's copy of a final statement stands (its row in the email
// outbox, joined by models/owners/transfers.server.ts).
export function EmailState({
  statement: s,
}: {
  statement: { owner_email: string | null; sent_at: string | null; attempts: number | null; last_error: string | null };
}) {
  if (s.sent_at) return <span>Enviado em {formatDateTime(s.sent_at)}</span>;
  if (!s.owner_email) return <span className="text-amber-800">Proprietário sem email</span>;
  if (s.last_error)
    return (
      <span className="text-red-700">
        Não enviado ({s.attempts ?? 0} {s.attempts === 1 ? "tentativa" : "tentativas"}): {s.last_error}
      </span>
    );
  return <span className="text-slate-600">Aguardando envio</span>;
}
