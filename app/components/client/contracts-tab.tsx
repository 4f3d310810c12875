// The Contrato tab of /client-area (routes/client/area.tsx): the signed-in
// client's contract files, as clients/portal.server.ts reads them.
import { formatDateTime } from "#app/utils/format-date";
import { Eye } from "#app/components/ui/icons";
import { Download, FileText } from "#app/components/ui/private-icons";
import { formatDate } from "#app/utils/format-date";
import { formatDay } from "#app/models/clients/status";

export type ClientContract = { id: number; file_name: string; uploaded_at: string; uploaded_by_name: string };

export type OtherLeaseView = {
  id: number;
  property_address: string | null;
  contract_start_date: string | null;
  contract_end_date: string | null;
  ended_on: string | null;
  contracts: ClientContract[];
  documents: LeaseDocumentView[];
};
type LeaseDocumentView = {
  key: string;
  label: string;
  on: string;
  href: string;
  acceptance?: { href: string; accepted: { kind: "express" | "tacit"; at: string } | null };
};

const linkButton =
  "inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50";

export function ContractsTab({
  contracts,
  documents = [],
  otherLeases = [],
}: {
  contracts: ClientContract[];
  documents?: readonly LeaseDocumentView[];
  otherLeases?: readonly OtherLeaseView[];
}) {
  return (
    <section aria-labelledby="contratos" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="contratos" className="text-lg font-semibold text-slate-900">
        Meus Contratos
      </h2>
      {contracts.length === 0 ? (
        <p className="mt-4 text-slate-600">Nenhum contrato disponível no momento.</p>
      ) : (
        <ContractFiles contracts={contracts} />
      )}
      {documents.length > 0 ? (
        <>
          <h3 className="mt-6 font-semibold text-slate-900">Aditivos e encerramento</h3>
          <LeaseDocuments documents={documents} testId="lease-documents" />
        </>
      ) : null}
      {otherLeases.length > 0 ? (
        <div className="mt-8 border-t border-slate-200 pt-6">
          <h3 className="font-semibold text-slate-900">Contratos anteriores</h3>
          {otherLeases.map((lease) => (
            <article key={lease.id} className="mt-4" data-testid="other-lease" aria-label={leaseTitle(lease)}>
              <h4 className="font-medium text-slate-900">{leaseTitle(lease)}</h4>
              <p className="text-sm text-slate-600">{leasePeriod(lease)}</p>
              {lease.contracts.length === 0 && lease.documents.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">Nenhum documento deste contrato.</p>
              ) : null}
              {lease.contracts.length > 0 ? <ContractFiles contracts={lease.contracts} /> : null}
              {lease.documents.length > 0 ? <LeaseDocuments documents={lease.documents} /> : null}
            </article>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function leaseTitle(lease: OtherLeaseView) {
  return lease.property_address ? `Contrato de ${lease.property_address}` : `Contrato nº ${lease.id}`;
}

function leasePeriod(lease: OtherLeaseView) {
  const period =
    lease.contract_start_date || lease.contract_end_date
      ? `Vigência: ${formatDay(lease.contract_start_date) || "—"} a ${formatDay(lease.contract_end_date) || "—"}`
      : "Vigência não informada";
  return lease.ended_on ? `${period}; encerrado em ${formatDay(lease.ended_on)}` : period;
}

function ContractFiles({ contracts }: { contracts: ClientContract[] }) {
  return (
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
            <a href={`/arquivos/contratos/${c.id}`} target="_blank" rel="noopener noreferrer" className={linkButton}>
              <Eye aria-hidden className="size-4" /> Visualizar
            </a>
            <a href={`/arquivos/contratos/${c.id}?download=1`} download className={linkButton}>
              <Download aria-hidden className="size-4" /> Baixar
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}

function LeaseDocuments({ documents, testId }: { documents: readonly LeaseDocumentView[]; testId?: string }) {
  return (
    <ul className="mt-2 divide-y divide-slate-200" data-testid={testId}>
      {documents.map((d) => (
        <li key={d.key} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div>
            <p className="text-slate-900">
              <span className="font-medium">{d.label}</span>{" "}
              <span className="text-sm text-slate-600">de {formatDay(d.on)}</span>
            </p>
            {d.acceptance?.accepted ? (
              <p className="text-sm text-emerald-800">Aceito em {formatDateTime(d.acceptance.accepted.at)}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap gap-2">
            {d.acceptance && !d.acceptance.accepted ? (
              <a href={d.acceptance.href} className={linkButton}>
                Ler e aceitar
              </a>
            ) : null}
            <a href={`${d.href}?download=1`} download className={linkButton}>
              <Download aria-hidden className="size-4" /> Baixar {d.label}
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}

// "Histórico de Cobranças" (docs/product.md §Área do Cliente): the client's
// last 12 billings, newest due date first, each with its effective status
// (pending and past due reads Em Atraso) and its boletos to download.
