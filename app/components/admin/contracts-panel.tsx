import { Eye } from "#app/components/ui/icons";
import { Download, Upload } from "#app/components/ui/private-icons";
import { Link } from "react-router";
import { InlineDeleteConfirm } from "#app/components/admin/confirm-delete";
import { buttonClass } from "#app/components/ui/field";
import { formatDateTime } from "#app/utils/format-date";

// "Gestão de Contratos" (docs/product.md §Contratos): the list, newest
// first, with the links to the private file route (opened in a new tab or
// downloaded with the original name) and a delete that asks first, without
// JavaScript (<details>).

export type ContractListItem = {
  id: number;
  client_name: string;
  file_name: string;
  uploaded_by_name: string;
  uploaded_at: string;
};

const smallButton = "inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2.5 py-1 text-sm hover:bg-slate-50";

export function ContractsPanel({ contracts }: { contracts: ContractListItem[] }) {
  return (
    <section className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-4">
        <h2 className="text-lg font-semibold text-slate-900">Gestão de Contratos</h2>
        <Link to="/admin/clients/contratos/novo" className={buttonClass}>
          <Upload aria-hidden className="size-4" /> Enviar Contrato
        </Link>
      </div>
      {contracts.length === 0 ? (
        <p className="p-4 text-slate-600">Nenhum contrato enviado.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="mt-2 w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th className="px-4 py-3">Cliente</th>
                <th className="px-4 py-3">Arquivo</th>
                <th className="px-4 py-3">Enviado em</th>
                <th className="px-4 py-3">Enviado por</th>
                <th className="px-4 py-3">Ações</th>
              </tr>
            </thead>
            <tbody>
              {contracts.map((c) => (
                <tr key={c.id} data-testid="contract-row" className="border-t border-slate-100 align-top">
                  <td className="px-4 py-3 font-medium text-slate-900">{c.client_name}</td>
                  <td className="px-4 py-3 break-all">{c.file_name}</td>
                  <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(c.uploaded_at)}</td>
                  <td className="px-4 py-3">{c.uploaded_by_name}</td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap items-start gap-2">
                      <a href={`/arquivos/contratos/${c.id}`} target="_blank" rel="noopener noreferrer" className={smallButton}>
                        <Eye aria-hidden className="size-4" /> Visualizar
                      </a>
                      <a href={`/arquivos/contratos/${c.id}?download=1`} download className={smallButton}>
                        <Download aria-hidden className="size-4" /> Baixar
                      </a>
                      <InlineDeleteConfirm action={`/admin/clients/contratos/${c.id}/excluir`}>
                        Excluir o contrato <strong>{c.file_name}</strong> de {c.client_name}? O arquivo será apagado.
                      </InlineDeleteConfirm>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
