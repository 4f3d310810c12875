import { Link } from "react-router";
import { ErrorPage } from "#app/components/site/error-page";
import { OWNER_AREA, OwnerCard, SignedAmount } from "#app/components/owner/owner-ui";
import { Download } from "#app/components/ui/private-icons";
import { buttonClass } from "#app/components/ui/button";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { ownerStatementDetail } from "#app/models/owners/owner-area.server";
import { wordedDeduction, wordedLine, type WordedAmount } from "#app/models/owners/statement-words";
import { formatBRL } from "#app/models/shared/money";
import { invariantResponse, parseId } from "#app/utils/http.server";
import { ownerContext } from "#app/utils/owner-context";
import { pageTitle } from "#app/utils/seo";
import type { Route } from "./+types/statement";

// One statement in words (decision 0077): for each property, each rent
// received and every amount that came off or was added, with the sentence
// that says what it is; the owner's deductions; the transfer, its date and
// where it went; the PDF. Another owner's statement: the same 404.
export function meta({ matches, data }: Route.MetaArgs) {
  const title = data ? `Extrato nº ${data.id}` : "Extrato";
  return [{ title: pageTitle(matches, `${title} | Área do Proprietário`) }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { owner } = context.get(ownerContext);
  const id = parseId(params.id);
  const found = id === null ? null : await ownerStatementDetail(getDb(), owner.id, id);
  invariantResponse(found, "Extrato não encontrado", { status: 404 });
  return found;
}

function Amounts({ items }: { items: WordedAmount[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((a, i) => (
        <li key={i} className="py-2">
          <div className="flex flex-wrap justify-between gap-x-4">
            <span className="font-medium text-slate-900">{a.label}</span>
            <SignedAmount sign={a.sign} cents={a.cents} />
          </div>
          {a.note ? <p className="mt-0.5 text-sm text-slate-600">{a.note}</p> : null}
        </li>
      ))}
    </ul>
  );
}

export default function OwnerStatement({ loaderData: s }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to={`${OWNER_AREA}/extratos`} className="text-sm font-medium text-brand-700 hover:underline">
          ← Extratos
        </Link>
      </p>
      <OwnerCard title={`Extrato nº ${s.id}: aluguéis de ${periodLabel(s.month)}`}>
        <div className="rounded-lg bg-brand-50 p-4 ring-1 ring-brand-100" data-testid="repasse">
          <p className="text-sm text-slate-700">Valor repassado</p>
          <p className="text-2xl font-bold text-slate-900">{formatBRL(s.netCents)}</p>
          <p className="mt-1 text-sm text-slate-700">
            Em {formatDay(s.transferredOn)}
            {s.destination ? ` para ${s.destination}` : ""}.
          </p>
        </div>
        <a href={`/arquivos/extratos-proprietario/${s.id}?download=1`} className={`${buttonClass("secondary")} mt-4`}>
          <Download aria-hidden className="size-4" /> Baixar o extrato (PDF)
        </a>
      </OwnerCard>
      {s.leases.map((l) => (
        <OwnerCard key={l.clientId} title={l.address ?? "Imóvel sem endereço"}>
          <p className="-mt-2 mb-2 text-sm text-slate-600">Inquilino: {l.tenantName}</p>
          {l.lines.map((line) => (
            <div key={line.billingId} className="mb-4 last:mb-0">
              <Amounts items={wordedLine(line)} />
              <p className="flex justify-between border-t border-slate-200 pt-2 font-semibold">
                <span>Líquido deste aluguel</span>
                <span>{formatBRL(line.netCents)}</span>
              </p>
            </div>
          ))}
        </OwnerCard>
      ))}
      {s.deductions.length ? (
        <OwnerCard title="Descontos">
          <Amounts items={s.deductions.map(wordedDeduction)} />
        </OwnerCard>
      ) : null}
      <OwnerCard title="Total">
        <dl className="space-y-1">
          <div className="flex justify-between gap-4">
            <dt>Recebido dos inquilinos</dt>
            <dd>{formatBRL(s.grossCents)}</dd>
          </div>
          {s.firstRentFeeCents > 0 ? (
            <div className="flex justify-between gap-4">
              <dt>Taxa do primeiro aluguel</dt>
              <dd className="text-red-800">− {formatBRL(s.firstRentFeeCents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4">
            <dt>Taxa de administração</dt>
            <dd className="text-red-800">− {formatBRL(s.adminFeeCents)}</dd>
          </div>
          {s.reimbursedCents > 0 ? (
            <div className="flex justify-between gap-4">
              <dt>Encargos repassados</dt>
              <dd>+ {formatBRL(s.reimbursedCents)}</dd>
            </div>
          ) : null}
          {s.deductionsCents !== 0 ? (
            <div className="flex justify-between gap-4">
              <dt>Descontos</dt>
              <dd>
                <SignedAmount sign={s.deductionsCents > 0 ? "-" : "+"} cents={Math.abs(s.deductionsCents)} />
              </dd>
            </div>
          ) : null}
          {s.carriedCents > 0 ? (
            <div className="flex justify-between gap-4">
              <dt>Saldo devedor para o próximo extrato</dt>
              <dd>{formatBRL(s.carriedCents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-bold">
            <dt>Repassado</dt>
            <dd>{formatBRL(s.netCents)}</dd>
          </div>
        </dl>
      </OwnerCard>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Extrato não encontrado"
      notFoundText="Este extrato não existe ou não é seu."
    />
  );
}
