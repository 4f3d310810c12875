// The Contrato tab of /client-area (routes/client/area.tsx): the signed-in
// client's contract files, as clients/portal.server.ts reads them.
import { Eye } from "#app/components/ui/icons";
import { Download, FileText } from "#app/components/ui/private-icons";
import { formatDate } from "#app/utils/format-date";
import { formatDay } from "#app/models/clients/status";

export type ClientContract = { id: number; file_name: string; uploaded_at: string; uploaded_by_name: string };

export function ContractsTab({
  contracts,
  documents = [],
}: {
  contracts: ClientContract[];
  documents?: readonly { key: string; label: string; on: string; href: string }[];
}) {
  return (
    <section aria-labelledby="contratos" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="contratos" className="text-lg font-semibold text-slate-900">
        Meus Contratos
      </h2>
      {contracts.length === 0 ? (
        <p className="mt-4 text-slate-600">Nenhum contrato disponível no momento.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {contracts.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="flex items-center gap-3">
                <FileText aria-hidden className="size-6 text-brand-700" />
                <div>
                  <p className="font-medium break-all text-slate-900">{c.file_name}</p>
                  <p className="text-sm text-slate-600">
                    Enviado em {formatDate(c.uploaded_at)} por {c.uploaded_by_name}
                  </p>
                </div>
              </div>
              <div className="flex gap-2">
                <a
                  href={`/arquivos/contratos/${c.id}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
                >
                  <Eye aria-hidden className="size-4" /> Visualizar
                </a>
                <a
                  href={`/arquivos/contratos/${c.id}?download=1`}
                  download
                  className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
                >
                  <Download aria-hidden className="size-4" /> Baixar
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
      {documents.length > 0 ? (
        <>
          <h3 className="mt-6 font-semibold text-slate-900">Aditivos e encerramento</h3>
          <ul className="mt-2 divide-y divide-slate-200" data-testid="lease-documents">
            {documents.map((d) => (
              <li key={d.key} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <p className="text-slate-900">
                  <span className="font-medium">{d.label}</span>{" "}
                  <span className="text-sm text-slate-600">de {formatDay(d.on)}</span>
                </p>
                <a
                  href={`${d.href}?download=1`}
                  download
                  className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
                >
                  <Download aria-hidden className="size-4" /> Baixar {d.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

// "Histórico de Cobranças" (docs/product.md §Área do Cliente): the client's
// last 12 billings, newest due date first, each with its effective status
// (pending and past due reads Em Atraso) and its boletos to download.
