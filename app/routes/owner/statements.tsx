import { Link } from "react-router";
import { Pagination } from "#app/components/site/pagination";
import { OWNER_AREA, OwnerCard, ownerStatementHref } from "#app/components/owner/owner-ui";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { ownerStatements } from "#app/models/owners/owner-area.server";
import { readPage } from "#app/models/shared/list-query";
import { formatBRL } from "#app/models/shared/money";
import { ownerContext } from "#app/utils/owner-context";
import { pageTitle } from "#app/utils/seo";
import type { Route } from "./+types/statements";

// "Extratos": the owner's statements, month by month, newest first, a page
// at a time; each opens in words (statement.tsx) and as its PDF.
export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Extratos | Área do Proprietário") }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const { owner } = context.get(ownerContext);
  return { list: await ownerStatements(getDb(), owner.id, readPage(url.searchParams)) };
}

export default function OwnerStatements({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  return (
    <OwnerCard title="Extratos de repasse">
      {list.rows.length ? (
        <>
          <ul className="divide-y divide-slate-100" data-testid="extratos">
            {list.rows.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <div>
                  <Link to={ownerStatementHref(s.id)} className="font-medium text-brand-700 hover:underline">
                    {periodLabel(s.month)}: extrato nº {s.id}
                  </Link>
                  <p className="text-sm text-slate-600">
                    Recebido {formatBRL(s.gross_cents)} · taxas {formatBRL(s.admin_fee_cents + s.first_rent_fee_cents)}{" "}
                    · repassado em {formatDay(s.transferred_on)}
                  </p>
                </div>
                <span className="text-lg font-semibold text-slate-900">{formatBRL(s.net_cents)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <Pagination
              page={list.page}
              pageCount={list.pages}
              hrefFor={(p) => `${OWNER_AREA}/extratos${p > 1 ? `?pagina=${p}` : ""}`}
            />
          </div>
        </>
      ) : (
        <p className="text-slate-700">Nenhum repasse feito ainda. Cada repasse gera um extrato aqui.</p>
      )}
    </OwnerCard>
  );
}
