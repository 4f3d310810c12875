import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { ListCount } from "#app/components/admin/list-filter";
import { Pagination } from "#app/components/site/pagination";
import { buttonClass } from "#app/components/ui/button";
import { getDb } from "#app/db/db.server";
import { formatCpfCnpj } from "#app/models/clients/documents";
import { parseDimobQuery } from "#app/models/owners/dimob-query";
import { dimobPage } from "#app/models/owners/dimob.server";
import { listHref } from "#app/models/shared/list-query";
import { formatBRL } from "#app/models/shared/money";
import { localToday } from "#app/models/shared/days";
import { dimobYearParam } from "./year";
import type { Route } from "./+types/index";

// "DIMOB" (docs/decisions/0042-dimob.md): for a calendar year, what blocks the
// Receita Federal's file (each with the page that fixes it) or, when nothing
// does, the year's summary and the file to download. GET only. Both lists
// are paged (?pendencias=, ?pagina=; issue 34).
export function meta() {
  return [{ title: "DIMOB | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const year = dimobYearParam(params.get("year"), localToday());
  const query = parseDimobQuery(params);
  // The whole year (kept until the next write: dimob.server.ts), shown a page
  // of each list at a time.
  const { blockers, totals, contracts } = await dimobPage(getDb(), year, query);
  return {
    year,
    blockers,
    totals,
    contracts: {
      ...contracts,
      rows: contracts.rows.map((c) => ({
        clientId: c.clientId,
        ownerId: c.ownerId,
        tenantName: c.tenantName,
        tenantDocument: formatCpfCnpj(c.tenantDocument),
        ownerName: c.ownerName,
        ownerDocument: formatCpfCnpj(c.ownerDocument),
        rentCents: c.months.reduce((s, m) => s + m.rentCents, 0),
        commissionCents: c.months.reduce((s, m) => s + m.commissionCents, 0),
        cepMissing: c.cepMissing,
      })),
    },
  };
}

const sectionClass = "mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200";

export default function Dimob({ loaderData }: Route.ComponentProps) {
  const { year, blockers, totals, contracts } = loaderData;
  // This page on another page of one list, the year and the other list's page kept.
  const href = (pages: { pagina?: number; pendencias?: number }) => {
    const blockersPage = pages.pendencias ?? blockers.page;
    return listHref("/admin/dimob", {
      year,
      pagina: pages.pagina ?? contracts.page,
      pendencias: blockersPage > 1 ? blockersPage : null,
    });
  };
  return (
    <div>
      <AdminTitle title="DIMOB" />
      <p className="text-sm text-slate-600">
        Declaração de Informações sobre Atividades Imobiliárias: os aluguéis recebidos no ano de cada contrato com
        proprietário, a comissão da imobiliária e o imposto retido, no formato do programa da Receita Federal.
      </p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-slate-800">
          Ano-calendário
          <input
            name="year"
            type="number"
            min={2000}
            max={Number(localToday().slice(0, 4))}
            defaultValue={year}
            required
            className="mt-1 block w-32 rounded-md border border-slate-300 px-3 py-2"
          />
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          Ver ano
        </button>
      </Form>

      {blockers.total > 0 ? (
        <section className={sectionClass} aria-labelledby="pendencias">
          <h2 id="pendencias" className="text-lg font-semibold text-slate-900">
            O arquivo de {year} ainda não pode ser gerado
          </h2>
          <p className="mt-1 text-sm text-slate-600">Corrija cada pendência abaixo:</p>
          <div className="mt-3">
            <ListCount
              total={blockers.total}
              one="pendência"
              many="pendências"
              page={blockers.page}
              pages={blockers.pages}
            />
          </div>
          <ul className="list-disc space-y-1 pl-5 text-sm text-amber-900" data-testid="dimob-blockers">
            {blockers.rows.map((b, i) => (
              // Two contracts may share a tenant's name: the position is the key.
              <li key={i}>
                {b.message}{" "}
                {b.href ? (
                  <Link to={b.href} className="font-medium text-brand-800 underline">
                    Corrigir
                  </Link>
                ) : (
                  <span className="text-slate-600">Defina-o no ambiente do servidor (README).</span>
                )}
              </li>
            ))}
          </ul>
          <Pagination page={blockers.page} pageCount={blockers.pages} hrefFor={(p) => href({ pendencias: p })} />
        </section>
      ) : (
        <section className={sectionClass} aria-labelledby="resumo">
          <h2 id="resumo" className="text-lg font-semibold text-slate-900">
            Resumo de {year}
          </h2>
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3" data-testid="dimob-summary">
            <div>
              <dt className="text-slate-600">Contratos</dt>
              <dd className="text-lg font-semibold text-slate-900">{totals.contracts}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Aluguéis recebidos</dt>
              <dd className="text-lg font-semibold text-slate-900">{formatBRL(totals.rentCents)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Comissões da imobiliária</dt>
              <dd className="text-lg font-semibold text-slate-900">{formatBRL(totals.commissionCents)}</dd>
            </div>
          </dl>
          {contracts.total > 0 ? (
            <a href={`/admin/dimob/arquivo?ano=${year}`} className={`${buttonClass("primary")} mt-4`} download>
              Baixar arquivo DIMOB
            </a>
          ) : (
            <p className="mt-4 text-sm text-slate-600">Nenhum aluguel recebido em {year}: não há o que declarar.</p>
          )}
        </section>
      )}

      {contracts.total > 0 ? (
        <section className={sectionClass} aria-labelledby="contratos">
          <h2 id="contratos" className="text-lg font-semibold text-slate-900">
            Contratos no arquivo
          </h2>
          <div className="mt-3">
            <ListCount
              total={contracts.total}
              one="contrato"
              many="contratos"
              page={contracts.page}
              pages={contracts.pages}
            />
          </div>
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th className="py-1 font-medium">Inquilino</th>
                <th className="py-1 font-medium">Proprietário</th>
                <th className="py-1 text-right font-medium">Aluguéis</th>
                <th className="py-1 text-right font-medium">Comissão</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {contracts.rows.map((c) => (
                <tr key={c.clientId}>
                  <td className="py-1">
                    <Link to={`/admin/clients/${c.clientId}/edit`} className="text-brand-800 hover:underline">
                      {c.tenantName}
                    </Link>{" "}
                    <span className="text-slate-600">{c.tenantDocument}</span>
                    {c.cepMissing ? (
                      <span className="block text-xs text-amber-800">Endereço do imóvel sem CEP (vai zerado).</span>
                    ) : null}
                  </td>
                  <td className="py-1">
                    <Link to={`/admin/clients/proprietarios/${c.ownerId}`} className="text-brand-800 hover:underline">
                      {c.ownerName}
                    </Link>{" "}
                    <span className="text-slate-600">{c.ownerDocument}</span>
                  </td>
                  <td className="py-1 text-right">{formatBRL(c.rentCents)}</td>
                  <td className="py-1 text-right">{formatBRL(c.commissionCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={contracts.page} pageCount={contracts.pages} hrefFor={(p) => href({ pagina: p })} />
        </section>
      ) : null}
    </div>
  );
}
