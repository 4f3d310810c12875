import { Link } from "react-router";
import { OWNER_AREA, OwnerCard } from "#app/components/owner/owner-ui";
import { Download } from "#app/components/ui/private-icons";
import { buttonClass } from "#app/components/ui/button";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { ownerIncomeYears, ownerYear } from "#app/models/owners/owner-area.server";
import { reportYear } from "#app/models/owners/report-year";
import { localToday } from "#app/models/shared/days";
import { formatBRL } from "#app/models/shared/money";
import { invariantResponse } from "#app/utils/http.server";
import { ownerContext } from "#app/utils/owner-context";
import { pageTitle } from "#app/utils/seo";
import type { Route } from "./+types/income";

// "Informes" (decision 0077): the informe de rendimentos of a year, month by
// month, its PDF, and what the agency's DIMOB declares for the owner, lease
// by lease. ?ano= picks the year (last year by default).
export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Informes | Área do Proprietário") }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { owner } = context.get(ownerContext);
  const db = getDb();
  const today = localToday();
  const year = reportYear(url.searchParams.get("ano"), today);
  const [found, years] = await Promise.all([ownerYear(db, owner.id, year), ownerIncomeYears(db, owner.id, today)]);
  invariantResponse(found, "Informe não encontrado", { status: 404 });
  const { income, dimob } = found;
  return {
    year,
    years: years.includes(year) ? years : [year, ...years].sort((a, b) => b - a),
    months: income.months.filter((m) => m.grossCents !== 0 || m.netCents !== 0),
    totals: income.totals,
    dimob,
    thisYear: Number(today.slice(0, 4)),
  };
}

const th = "px-3 py-2 text-left font-medium";
const td = "px-3 py-2";

export default function OwnerIncome({ loaderData }: Route.ComponentProps) {
  const { year, years, months, totals, dimob, thisYear } = loaderData;
  return (
    <>
      <nav aria-label="Ano do informe" className="flex flex-wrap gap-2">
        {years.map((y) => (
          <Link
            key={y}
            to={`${OWNER_AREA}/informes?ano=${y}`}
            aria-current={y === year ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-semibold ${y === year ? "bg-brand-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"}`}
          >
            {y}
          </Link>
        ))}
      </nav>
      <OwnerCard title={`Informe de rendimentos ${year}`}>
        <p className="text-slate-700">
          Os aluguéis que a imobiliária recebeu por você em {year}, mês a mês (pela data do pagamento), as taxas e o
          líquido. Use-o na sua declaração de Imposto de Renda.
          {year === thisYear ? " O ano ainda não terminou: os valores mudam até dezembro." : ""}
        </p>
        <a href={`${OWNER_AREA}/informes/${year}`} className={`${buttonClass("secondary")} mt-4`}>
          <Download aria-hidden className="size-4" /> Baixar o informe {year} (PDF)
        </a>
        {months.length ? (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-sm" data-testid="informe">
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  <th className={th}>Mês</th>
                  <th className={th}>Aluguel</th>
                  <th className={th}>IRRF retido</th>
                  <th className={th}>Taxas</th>
                  <th className={th}>Líquido</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {months.map((m) => (
                  <tr key={m.month}>
                    <td className={td}>{periodLabel(m.month)}</td>
                    <td className={td}>{formatBRL(m.grossCents)}</td>
                    <td className={td}>{formatBRL(m.withheldCents)}</td>
                    <td className={td}>{formatBRL(m.feesCents)}</td>
                    <td className={td}>{formatBRL(m.netCents)}</td>
                  </tr>
                ))}
                <tr className="font-semibold">
                  <td className={td}>Total</td>
                  <td className={td}>{formatBRL(totals.grossCents)}</td>
                  <td className={td}>{formatBRL(totals.withheldCents)}</td>
                  <td className={td}>{formatBRL(totals.feesCents)}</td>
                  <td className={td}>{formatBRL(totals.netCents)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-4 text-slate-700">Nenhum aluguel recebido por você em {year}.</p>
        )}
      </OwnerCard>
      <OwnerCard title={`DIMOB ${year}`}>
        <p className="text-slate-700">
          A imobiliária informa à Receita Federal, na DIMOB, os aluguéis de cada contrato, a comissão dela e o imposto
          retido. A declaração de {year} é entregue até o último dia útil de fevereiro de {year + 1}.
        </p>
        {dimob.length ? (
          <ul className="mt-4 divide-y divide-slate-100" data-testid="dimob">
            {dimob.map((d) => (
              <li key={d.clientId} className="py-3">
                <p className="font-medium break-words text-slate-900">{d.address ?? "Imóvel sem endereço"}</p>
                <p className="text-sm text-slate-600">Inquilino: {d.tenantName}</p>
                <p className="text-sm">
                  Aluguéis {formatBRL(d.rentCents)} · comissão {formatBRL(d.commissionCents)} · imposto retido{" "}
                  {formatBRL(d.taxCents)}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-slate-700">Nenhum contrato seu a declarar em {year}.</p>
        )}
      </OwnerCard>
    </>
  );
}
