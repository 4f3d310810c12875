import { Form, Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import {
  ExportCsvLink,
  FilterActions,
  ListCount,
  filterControlClass,
  filterLabelClass,
} from "#app/components/admin/list-filter";
import { Pagination } from "#app/components/site/pagination";
import { buttonClass } from "#app/components/ui/button";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { parseTransfersQuery } from "#app/models/owners/transfers-query";
import { monthTransfers } from "#app/models/owners/transfers.server";
import { listHref } from "#app/models/shared/list-query";
import { formatBRL } from "#app/models/shared/money";
import { localToday, addMonths } from "#app/models/shared/days";
import { readFormData, requireRole } from "#app/utils/http.server";
import { markSelectedTransfers } from "./bulk-actions.server";
import { EmailState } from "./email-state";
import { BulkTransferSummary, PendingTransfersForm } from "./pending-table";
import { transferMonth } from "./month";
import type { Route } from "./+types/index";

// "Repasses" (docs/decisions/0040-owner-transfers.md): for a month, each
// owner's pending transfer (the rents received and not yet transferred, with
// the fees) linking to the owner's statement, and the transfers done. Both
// lists are paged (?pagina=, ?realizados=) and searched by owner (?busca=);
// "Total a repassar" is of every owner (issue 34).
export function meta() {
  return [{ title: "Repasses | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ url }: Route.LoaderArgs) {
  const month = transferMonth(url.searchParams.get("mes"), localToday());
  const query = parseTransfersQuery(url.searchParams);
  return { month, query, today: localToday(), ...(await monthTransfers(getDb(), month, query)) };
}

// "Marcar selecionados como repassados": the month of the page, back to it
// (its page and search) when done.
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const url = new URL(request.url);
  const month = transferMonth(url.searchParams.get("mes"), localToday());
  return markSelectedTransfers(await readFormData(request), month, `${url.pathname}${url.search}`, actor);
}

const sectionClass = "mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200";
const thClass = "px-4 py-2 font-medium";

export default function Transfers({ loaderData, actionData }: Route.ComponentProps) {
  const { month, query, today, pending, pendingOwners, pendingTotalCents, done, unowned } = loaderData;
  const period = periodLabel(month);
  // This page for other values (a month, a page), the search kept; another
  // month starts on the first pages.
  const href = (values: { mes?: string; pagina?: number; realizados?: number }) => {
    const fresh = values.mes !== undefined;
    const donePage = values.realizados ?? (fresh ? 1 : done.page);
    return listHref("/admin/repasses", {
      mes: values.mes ?? month,
      busca: query.search,
      pagina: values.pagina ?? (fresh ? 1 : pending.page),
      realizados: donePage > 1 ? donePage : null,
    });
  };
  return (
    <div>
      <AdminTitle title="Repasses aos Proprietários">
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/informes" className={buttonClass("secondary")}>
            Informes de Rendimentos
          </Link>
          <Link to="/admin/clients?aba=proprietarios" className={buttonClass("secondary")}>
            Proprietários
          </Link>
        </div>
      </AdminTitle>
      <nav aria-label="Mês" className="flex flex-wrap items-center gap-3 text-sm">
        <Link to={href({ mes: addMonths(month, -1) })} className="text-brand-700 hover:underline" rel="prev">
          ← {periodLabel(addMonths(month, -1))}
        </Link>
        <h2 className="text-lg font-semibold text-slate-900">Recebidos em {period}</h2>
        <Link to={href({ mes: addMonths(month, 1) })} className="text-brand-700 hover:underline" rel="next">
          {periodLabel(addMonths(month, 1))} →
        </Link>
      </nav>
      <Form
        method="get"
        action="/admin/repasses"
        role="search"
        aria-label="Buscar proprietário"
        key={query.search}
        className="mt-4 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      >
        <input type="hidden" name="mes" value={month} />
        <div className="min-w-64 flex-1">
          <label htmlFor="repasses-busca" className={filterLabelClass}>
            Buscar proprietário
          </label>
          <input
            id="repasses-busca"
            name="busca"
            type="search"
            maxLength={100}
            defaultValue={query.search}
            placeholder="Nome ou CPF/CNPJ"
            className={filterControlClass}
          />
        </div>
        <FilterActions clearTo={`/admin/repasses?mes=${month}`} filtered={query.search !== ""} />
        {/* The month's owners, pending and done, with the search applied. */}
        <ExportCsvLink href={listHref("/admin/repasses/exportar", { mes: month, busca: query.search })} />
      </Form>
      {actionData?.outcomes ? <BulkTransferSummary outcomes={actionData.outcomes} /> : null}
      {unowned > 0 ? (
        <p className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200" role="status">
          {unowned === 1
            ? "1 aluguel recebido neste mês é de um contrato sem proprietário"
            : `${unowned} aluguéis recebidos neste mês são de contratos sem proprietário`}
          : não entra em nenhum repasse.{" "}
          <Link to="/admin/clients" className="font-medium underline">
            Indicar o proprietário no cadastro do cliente
          </Link>
          .
        </p>
      ) : null}

      <section className={sectionClass} aria-labelledby="pendentes">
        <h2 id="pendentes" className="p-4 text-lg font-semibold text-slate-900">
          Pendentes
        </h2>
        {pending.rows.length === 0 ? (
          <p className="px-4 pb-6 text-sm text-slate-600">
            {query.search && pendingOwners > 0
              ? "Nenhum proprietário encontrado com repasse pendente."
              : "Nenhum repasse pendente neste mês."}
          </p>
        ) : (
          <>
            <div className="px-4">
              <ListCount
                total={pending.total}
                one="proprietário"
                many="proprietários"
                page={pending.page}
                pages={pending.pages}
              />
            </div>
            <PendingTransfersForm rows={pending.rows} month={month} today={today} answer={actionData ?? null} />
            <Pagination page={pending.page} pageCount={pending.pages} hrefFor={(p) => href({ pagina: p })} />
          </>
        )}
        {pendingOwners > 1 ? (
          <p className="border-t border-slate-100 p-4 text-right text-sm font-semibold text-slate-900">
            Total a repassar: {formatBRL(pendingTotalCents)}
            {pendingOwners > pending.rows.length ? (
              <span className="block text-xs font-normal text-slate-600">
                de todos os {pendingOwners.toLocaleString("pt-BR")} proprietários com repasse pendente
              </span>
            ) : null}
          </p>
        ) : null}
      </section>

      <section className={sectionClass} aria-labelledby="realizados">
        <h2 id="realizados" className="p-4 text-lg font-semibold text-slate-900">
          Realizados
        </h2>
        {done.rows.length === 0 ? (
          <p className="px-4 pb-6 text-sm text-slate-600">
            {query.search ? "Nenhum repasse encontrado para este mês." : "Nenhum repasse feito para este mês."}
          </p>
        ) : (
          <>
            <div className="px-4">
              <ListCount total={done.total} one="repasse" many="repasses" page={done.page} pages={done.pages} />
            </div>
            <table className={stackedTableClass} data-testid="done-transfers">
              <thead className={stackedHeadClass}>
                <tr>
                  <th className={thClass}>Extrato</th>
                  <th className={thClass}>Proprietário</th>
                  <th className={thClass}>Repassado em</th>
                  <th className={`${thClass} text-right`}>Valor</th>
                  <th className={thClass}>Email</th>
                </tr>
              </thead>
              <tbody className={stackedBodyClass}>
                {done.rows.map((s) => (
                  <tr key={s.id} className={stackedRowClass}>
                    <StackedCell label="Extrato">nº {s.id}</StackedCell>
                    <StackedCell label="Proprietário">
                      <Link
                        to={`/admin/repasses/${s.owner_id}/${month}`}
                        className="font-semibold text-brand-800 hover:underline"
                      >
                        {s.owner_name}
                      </Link>
                    </StackedCell>
                    <StackedCell label="Repassado em">{formatDay(s.transferred_on)}</StackedCell>
                    <StackedCell label="Valor" className="font-semibold md:text-right">
                      {formatBRL(s.net_cents)}
                    </StackedCell>
                    <StackedCell label="Email">
                      <EmailState statement={s} />
                    </StackedCell>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination page={done.page} pageCount={done.pages} hrefFor={(p) => href({ realizados: p })} />
          </>
        )}
      </section>
    </div>
  );
}
