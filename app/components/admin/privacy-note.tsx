import { formatDateTime } from "#app/utils/format-date";

// When the visitor sent the form that showed the privacy notice, or when the
// request was anonymised (docs/decisions/0013-privacy.md). Rows older than
// the notice have neither. In the inbox (`compact`) the notice's time is the
// Data column's, so it is not repeated.
export function PrivacyNote({
  row,
  compact = false,
}: {
  row: { privacy_notice_at?: string | null; anonymized_at?: string | null };
  compact?: boolean;
}) {
  const at = (iso: string) => (compact ? formatDateTime(iso) : <time dateTime={iso}>{formatDateTime(iso)}</time>);
  let text;
  if (row.anonymized_at) text = <>Anonimizada em {at(row.anonymized_at)}</>;
  else if (row.privacy_notice_at)
    text = compact ? <>Aviso de privacidade aceito</> : <>Aviso de privacidade aceito em {at(row.privacy_notice_at)}</>;
  else text = <>Sem registro do aviso de privacidade</>;
  return (
    <p data-testid="privacy-note" className="text-xs text-slate-600">
      {text}
    </p>
  );
}
