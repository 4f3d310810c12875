import { FISCAL_GONE, FISCAL_HOW_LONG, FISCAL_KEPT, FISCAL_WHY } from "#app/models/privacy/fiscal-retention";

// The result of an LGPD erasure (/admin/privacidade?eliminacao=<id>, read
// from its audit row): what went and, for tenants with money history, what was
// kept, why and for how long (docs/decisions/0062-nothing-fiscal-deleted.md),
// so that the master can tell the person (LGPD art. 18, VI; art. 16, I).
export type ErasureCounts = {
  idealRequests: number;
  listingRequests: number;
  clients: number;
  accounts: number;
  fiscalClients: number;
  keptBillings: number;
  keptReceipts: number;
  keptContracts: number;
};

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function ErasureResult({ counts: c }: { counts: ErasureCounts }) {
  return (
    <section
      aria-labelledby="erasure-title"
      data-testid="erasure-result"
      className="mb-6 max-w-3xl space-y-3 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="erasure-title" className="text-lg font-semibold text-slate-900">
        Resultado da eliminação
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-slate-700">
        <li>{n(c.idealRequests + c.listingRequests, "solicitação anonimizada", "solicitações anonimizadas")}</li>
        <li>
          {n(c.clients - c.fiscalClients, "cadastro de cliente excluído", "cadastros de cliente excluídos")} com tudo o
          que tinham
        </li>
        <li>{n(c.accounts, "conta de acesso excluída", "contas de acesso excluídas")}</li>
        {c.fiscalClients ? (
          <li>
            {n(c.fiscalClients, "cadastro anonimizado", "cadastros anonimizados")}: apagados {FISCAL_GONE}
          </li>
        ) : null}
      </ul>
      {c.fiscalClients ? (
        <div className="space-y-2 border-t border-slate-200 pt-3 text-slate-700" data-testid="erasure-kept">
          <h3 className="font-semibold text-slate-900">Guardado por obrigação legal</h3>
          <p>
            {n(c.keptBillings, "cobrança", "cobranças")}, {n(c.keptReceipts, "recibo", "recibos")} e{" "}
            {n(c.keptContracts, "arquivo de contrato", "arquivos de contrato")}; ao todo: {FISCAL_KEPT}.
          </p>
          <p>Por quê: {FISCAL_WHY}.</p>
          <p>Por quanto tempo: {FISCAL_HOW_LONG}. Informe isso ao titular na resposta ao pedido.</p>
        </div>
      ) : null}
    </section>
  );
}
