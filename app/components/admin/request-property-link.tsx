import { ExternalLink } from "#app/components/ui/icons";

// The property a "Tenho interesse" request was sent from, opened on the
// public site (what the visitor saw). Deleted since: the message still names
// its code.
export function RequestPropertyLink({ id, label }: { id: number | null; label?: { code: string; name: string } }) {
  if (id == null) return null;
  if (!label) return <p className="text-slate-600">Imóvel removido</p>;
  return (
    <a
      href={`/imoveis/${id}`}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex max-w-full items-start gap-1.5 font-medium text-brand-700 hover:underline"
    >
      <span className="min-w-0 break-words">
        Imóvel {label.code} · {label.name}
      </span>
      <ExternalLink aria-hidden className="mt-0.5 size-3.5 shrink-0" />
      <span className="sr-only">(abre em nova aba)</span>
    </a>
  );
}
