import { formatDateTime } from "#app/utils/format";

// When the visitor sent the form that showed the privacy notice, or when the
// request was anonymised (docs/decisions/0013-privacy.md). Rows older than
// the notice have neither.
export function PrivacyNote({ row }: { row: { privacy_notice_at?: string | null; anonymized_at?: string | null } }) {
  if (row.anonymized_at) {
    return (
      <p data-testid="privacy-note" className="text-xs text-slate-600">
        Anonimizada em <time dateTime={row.anonymized_at}>{formatDateTime(row.anonymized_at)}</time>
      </p>
    );
  }
  if (row.privacy_notice_at) {
    return (
      <p data-testid="privacy-note" className="text-xs text-slate-600">
        Aviso de privacidade aceito em <time dateTime={row.privacy_notice_at}>{formatDateTime(row.privacy_notice_at)}</time>
      </p>
    );
  }
  return (
    <p data-testid="privacy-note" className="text-xs text-slate-500">
      Sem registro do aviso de privacidade
    </p>
  );
}
