import { Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import { buttonClass } from "#app/components/ui/button";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { monthTransfers } from "#app/models/owners/transfers.server";
import { formatBRL } from "#app/models/shared/money";
import { localToday, addMonths } from "#app/models/shared/days";
import { EmailState } from "./email-state";
import { transferMonth } from "./month";
import type { Route } from "./+types/index";

// "Repasses" (docs/decisions/0040-owner-transfers.md): for a month, each
// owner's pending transfer (the rents received and not yet transferred, with
// the fees) linking to the owner's statement, and the transfers done.
export function meta() {
  return [{ title: "Repasses | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const month = transferMonth(new URL(request.url).searchParams.get("mes"), localToday());
  return { month, ...(await monthTransfers(getDb(), month)) };
}

const sectionClass = "mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200";
const thClass = "px-4 py-2 font-medium";

export default function Transfers({ loaderData }: Route.ComponentProps) {
  const { month, pending, done, unowned } = loaderData;
  const period = periodLabel(month);
  const pendingTotal = pending.reduce((s, p) => s + p.netCents, 0);
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
        <Link to={`?mes=${addMonths(month, -1)}`} className="text-brand-700 hover:underline" rel="prev">
          ← {periodLabel(addMonths(month, -1))}
        </Link>
        <h2 className="text-lg font-semibold text-slate-900">Recebidos em {period}</h2>
        <Link to={`?mes=${addMonths(month, 1)}`} className="text-brand-700 hover:underline" rel="next">
          {periodLabel(addMonths(month, 1))} →
        </Link>
      </nav>
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
        {pending.length === 0 ? (
          <p className="px-4 pb-6 text-sm text-slate-600">Nenhum repasse pendente neste mês.</p>
        ) : (
          <table className={stackedTableClass} data-testid="pending-transfers">
            <thead className={stackedHeadClass}>
              <tr>
                <th className={thClass}>Proprietário</th>
                <th className={thClass}>Aluguéis</th>
                <th className={`${thClass} text-right`}>Recebido</th>
                <th className={`${thClass} text-right`}>Taxas</th>
                <th className={`${thClass} text-right`}>A repassar</th>
              </tr>
            </thead>
            <tbody className={stackedBodyClass}>
              {pending.map((p) => (
                <tr key={p.ownerId} className={stackedRowClass}>
                  <StackedCell label="Proprietário" wide>
                    <Link
                      to={`/admin/repasses/${p.ownerId}/${month}`}
                      className="font-semibold text-brand-800 hover:underline"
                    >
                      {p.ownerName}
                    </Link>
                  </StackedCell>
                  <StackedCell label="Aluguéis">{p.rents}</StackedCell>
                  <StackedCell label="Recebido" className="md:text-right">
                    {formatBRL(p.grossCents)}
                  </StackedCell>
                  <StackedCell label="Taxas" className="md:text-right">
                    {formatBRL(p.adminFeeCents + p.firstRentFeeCents)}
                  </StackedCell>
                  <StackedCell label="A repassar" className="font-semibold md:text-right">
                    {formatBRL(p.netCents)}
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pending.length > 1 ? (
          <p className="border-t border-slate-100 p-4 text-right text-sm font-semibold text-slate-900">
            Total a repassar: {formatBRL(pendingTotal)}
          </p>
        ) : null}
      </section>

      <section className={sectionClass} aria-labelledby="realizados">
        <h2 id="realizados" className="p-4 text-lg font-semibold text-slate-900">
          Realizados
        </h2>
        {done.length === 0 ? (
          <p className="px-4 pb-6 text-sm text-slate-600">Nenhum repasse feito para este mês.</p>
        ) : (
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
              {done.map((s) => (
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
        )}
      </section>
    </div>
  );
}
