import { Link } from "react-router";
import { OWNER_AREA, OwnerCard, ownerLeaseHref, ownerStatementHref } from "#app/components/owner/owner-ui";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { ownerLeases, ownerSummary } from "#app/models/owners/owner-area.server";
import { ownerPendingApprovals } from "#app/models/maintenance/costs.server";
import { ApprovalCard } from "#app/components/owner/approval-card";
import { localToday } from "#app/models/shared/days";
import { formatBRL } from "#app/models/shared/money";
import { ownerContext } from "#app/utils/owner-context";
import { pageTitle } from "#app/utils/seo";
import type { Route } from "./+types/summary";

// "Resumo" of the owner's area (decision 0077): what waits to be transferred,
// the last transfers, the 12 months' and the year's totals, the arrears on
// their properties (the tenant's name and how many months, nothing more), and
// their properties.
export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Área do Proprietário") }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { owner } = context.get(ownerContext);
  const db = getDb();
  const today = localToday();
  const [summary, leases, approvals] = await Promise.all([
    ownerSummary(db, owner.id, today),
    ownerLeases(db, owner.id),
    ownerPendingApprovals(db, owner.id),
  ]);
  return { summary, approvals, leases: leases.filter((l) => l.ended_on === null), year: today.slice(0, 4) };
}

const months = (n: number) => (n === 1 ? "1 mês" : `${n} meses`);

export default function OwnerSummary({ loaderData }: Route.ComponentProps) {
  const { summary, leases, year, approvals } = loaderData;
  return (
    <>
      {approvals.length ? (
        <OwnerCard title="Aprovações pendentes">
          <ul className="space-y-4" data-testid="aprovacoes">
            {approvals.map((a) => (
              <li key={a.id}>
                <ApprovalCard approval={a} />
              </li>
            ))}
          </ul>
        </OwnerCard>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="a-repassar">
          <p className="text-sm text-slate-600">A repassar</p>
          {summary.pending ? (
            <p className="mt-1">
              <span className="text-xl font-bold text-slate-900">{formatBRL(summary.pending.netCents)}</span>{" "}
              <span className="text-sm text-slate-600">
                de {summary.pending.months.map(periodLabel).join(" e ")} (
                {summary.pending.rents === 1 ? "1 aluguel recebido" : `${summary.pending.rents} aluguéis recebidos`})
              </span>
            </p>
          ) : (
            <p className="mt-1 text-slate-700">Nada recebido aguardando repasse.</p>
          )}
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <p className="text-sm text-slate-600">Repassado nos últimos 12 meses</p>
          <p className="mt-1 text-xl font-bold text-slate-900">{formatBRL(summary.twelveMonthsCents)}</p>
        </div>
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <p className="text-sm text-slate-600">Repassado em {year}</p>
          <p className="mt-1 text-xl font-bold text-slate-900">{formatBRL(summary.yearCents)}</p>
        </div>
      </div>

      <OwnerCard title="Últimos repasses" action={{ to: `${OWNER_AREA}/extratos`, label: "Todos os extratos" }}>
        {summary.last.length ? (
          <ul className="divide-y divide-slate-100" data-testid="ultimos-repasses">
            {summary.last.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <p className="font-medium text-slate-900">{formatBRL(s.net_cents)}</p>
                  <p className="text-sm text-slate-600">
                    Aluguéis de {periodLabel(s.month)}, repassado em {formatDay(s.transferred_on)}
                  </p>
                </div>
                <Link to={ownerStatementHref(s.id)} className="font-medium text-brand-700 hover:underline">
                  Ver extrato nº {s.id}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Nenhum repasse feito ainda.</p>
        )}
      </OwnerCard>

      <OwnerCard title="Inadimplência">
        {summary.arrears.length ? (
          <ul className="space-y-2" data-testid="inadimplencia">
            {summary.arrears.map((a) => (
              <li key={a.id} className="rounded-lg bg-red-50 p-3 text-red-950 ring-1 ring-red-200">
                <Link to={ownerLeaseHref(a.id)} className="font-medium hover:underline">
                  {a.property_address ?? "Imóvel sem endereço"}
                </Link>
                <p className="text-sm">
                  {a.tenantName}: {months(Number(a.months))} em atraso, desde {formatDay(String(a.since))}. A
                  imobiliária está cobrando.
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Nenhum aluguel em atraso nos seus imóveis.</p>
        )}
      </OwnerCard>

      <OwnerCard title="Seus imóveis alugados" action={{ to: `${OWNER_AREA}/imoveis`, label: "Todos os imóveis" }}>
        {leases.length ? (
          <ul className="divide-y divide-slate-100">
            {leases.map((l) => (
              <li key={l.id} className="py-3">
                <Link to={ownerLeaseHref(l.id)} className="font-medium text-brand-700 hover:underline">
                  {l.property_address ?? "Imóvel sem endereço"}
                </Link>
                <p className="text-sm text-slate-600">
                  Inquilino: {l.tenantName}
                  {l.monthly_rent_cents !== null ? ` · Aluguel ${formatBRL(l.monthly_rent_cents)}` : ""}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Nenhum contrato em andamento.</p>
        )}
      </OwnerCard>
    </>
  );
}
