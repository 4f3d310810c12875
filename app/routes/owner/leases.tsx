import { Link } from "react-router";
import { OwnerCard, ownerLeaseHref } from "#app/components/owner/owner-ui";
import { getDb } from "#app/db/db.server";
import { formatPercent } from "#app/models/billing/charges";
import { formatDay } from "#app/models/clients/status";
import { ownerLeases } from "#app/models/owners/owner-area.server";
import { formatBRL } from "#app/models/shared/money";
import { ownerContext } from "#app/utils/owner-context";
import { pageTitle } from "#app/utils/seo";
import type { Route } from "./+types/leases";

// "Imóveis": every lease that names the owner, running ones first; a
// co-owner's share says whose part is theirs (decision 0077).
export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Imóveis | Área do Proprietário") }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { owner } = context.get(ownerContext);
  return { leases: await ownerLeases(getDb(), owner.id) };
}

export default function OwnerLeases({ loaderData }: Route.ComponentProps) {
  const { leases } = loaderData;
  return (
    <OwnerCard title="Imóveis">
      {leases.length ? (
        <ul className="divide-y divide-slate-100" data-testid="imoveis">
          {leases.map((l) => (
            <li key={l.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
              <div className="min-w-0">
                <Link to={ownerLeaseHref(l.id)} className="font-medium break-words text-brand-700 hover:underline">
                  {l.property_address ?? "Imóvel sem endereço"}
                </Link>
                <p className="text-sm text-slate-600">
                  Inquilino: {l.tenantName}
                  {l.monthly_rent_cents !== null ? ` · Aluguel ${formatBRL(l.monthly_rent_cents)}` : ""}
                  {l.share_bp < 10000 ? ` · Sua quota: ${formatPercent(l.share_bp)}%` : ""}
                </p>
              </div>
              <span
                className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${l.ended_on ? "bg-slate-100 text-slate-700" : Number(l.overdue) > 0 ? "bg-red-100 text-red-900" : "bg-emerald-100 text-emerald-900"}`}
              >
                {l.ended_on
                  ? `Encerrado em ${formatDay(l.ended_on)}`
                  : Number(l.overdue) > 0
                    ? "Aluguel em atraso"
                    : "Em dia"}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-700">Nenhum contrato em seu nome.</p>
      )}
    </OwnerCard>
  );
}
