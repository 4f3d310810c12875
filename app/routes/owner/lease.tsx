import { Link } from "react-router";
import { ErrorPage } from "#app/components/site/error-page";
import { OWNER_AREA, OwnerCard } from "#app/components/owner/owner-ui";
import { getDb } from "#app/db/db.server";
import { formatPercent } from "#app/models/billing/charges";
import { formatDay } from "#app/models/clients/status";
import { GUARANTEE_LABELS } from "#app/models/guarantees/guarantee.schema";
import { kindLabel } from "#app/models/inspections/labels";
import { maintenanceCategoryLabel, maintenanceStatusLabel } from "#app/models/maintenance/labels";
import { ownerLease } from "#app/models/owners/owner-area.server";
import { INDEX_LABELS, formatRate } from "#app/models/owners/readjustment";
import { localToday } from "#app/models/shared/days";
import { formatBRL } from "#app/models/shared/money";
import { formatDateTime } from "#app/utils/format-date";
import { invariantResponse, parseId } from "#app/utils/http.server";
import { ownerContext } from "#app/utils/owner-context";
import { pageTitle } from "#app/utils/seo";
import type { Route } from "./+types/lease";

// One property of the owner (decision 0077): the lease's terms, the next
// readjustment, the guarantee and its validity, the contract and the
// inspection reports (PDFs the file routes give the owner), maintenance and
// what the agency charged the owner for it. Another owner's lease, or an id
// that does not exist: the same 404.
export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Imóvel | Área do Proprietário") }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { owner } = context.get(ownerContext);
  const id = parseId(params.id);
  const found = id === null ? null : await ownerLease(getDb(), owner.id, id, localToday());
  invariantResponse(found, "Imóvel não encontrado", { status: 404 });
  return found;
}

const COST_STATE = {
  waiting: "aguardando a sua aprovação",
  approved: "aprovado por você",
  refused: "recusado por você",
  within: "dentro do seu limite, sem consulta",
} as const;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

export default function OwnerLease({ loaderData }: Route.ComponentProps) {
  const {
    lease,
    nextReadjustment,
    nextRentCents,
    lastReadjustment,
    guarantee,
    contracts,
    inspections,
    maintenance,
    expenses,
    costs,
  } = loaderData;
  const overdue = Number(lease.overdue);
  return (
    <>
      <p>
        <Link to={`${OWNER_AREA}/imoveis`} className="text-sm font-medium text-brand-700 hover:underline">
          ← Imóveis
        </Link>
      </p>
      <OwnerCard title={lease.property_address ?? "Imóvel sem endereço"}>
        {overdue > 0 ? (
          <p className="mb-4 rounded-lg bg-red-50 p-3 text-red-950 ring-1 ring-red-200">
            {overdue === 1 ? "1 aluguel em atraso" : `${overdue} aluguéis em atraso`}. A imobiliária está cobrando.
          </p>
        ) : null}
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          <Row label="Inquilino">{lease.tenantName}</Row>
          <Row label="Aluguel">
            {lease.monthly_rent_cents === null ? "—" : formatBRL(lease.monthly_rent_cents)}
            {lease.share_bp < 10000 ? ` (sua quota: ${formatPercent(lease.share_bp)}%)` : ""}
          </Row>
          <Row label="Vencimento">Dia {lease.payment_due_day}</Row>
          <Row label="Início">{formatDay(lease.contract_start_date)}</Row>
          <Row label="Término">{formatDay(lease.contract_end_date)}</Row>
          {lease.ended_on ? <Row label="Encerrado em">{formatDay(lease.ended_on)}</Row> : null}
          <Row label="Índice de reajuste">
            {lease.readjustment_index ? INDEX_LABELS[lease.readjustment_index] : "Sem reajuste"}
          </Row>
          {nextReadjustment ? (
            <Row label="Próximo reajuste">
              {formatDay(nextReadjustment)}
              {nextRentCents !== null ? `: aluguel ${formatBRL(nextRentCents)}` : ""}
            </Row>
          ) : null}
          {lastReadjustment ? (
            <Row label="Último reajuste">
              {formatDay(lastReadjustment.anniversary)}: {formatRate(lastReadjustment.accumulated_ppm)}%, aluguel{" "}
              {formatBRL(lastReadjustment.new_rent_cents)}
            </Row>
          ) : null}
          <Row label="Garantia">
            {guarantee ? GUARANTEE_LABELS[guarantee.kind] : "Sem garantia"}
            {guarantee?.valid_until ? `, válida até ${formatDay(guarantee.valid_until)}` : ""}
          </Row>
        </dl>
      </OwnerCard>

      <OwnerCard title="Documentos">
        {contracts.length || inspections.length ? (
          <ul className="space-y-2">
            {contracts.map((c) => (
              <li key={`c${c.id}`}>
                <a
                  href={`/arquivos/contratos/${c.id}`}
                  className="font-medium break-all text-brand-700 hover:underline"
                >
                  {c.file_name}
                </a>{" "}
                <span className="text-sm text-slate-600">contrato, enviado em {formatDateTime(c.uploaded_at)}</span>
              </li>
            ))}
            {inspections.map((i) => (
              <li key={`i${i.id}`}>
                <a
                  href={`/arquivos/vistorias/relatorios/${i.id}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  Relatório de Vistoria nº {i.id}
                </a>{" "}
                <span className="text-sm text-slate-600">
                  {kindLabel(i.kind)} de {formatDay(i.date)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Nenhum documento ainda.</p>
        )}
      </OwnerCard>

      <OwnerCard title="Manutenção">
        {maintenance.length ? (
          <ul className="divide-y divide-slate-100">
            {maintenance.map((m) => (
              <li key={m.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{m.title}</p>
                  <p className="text-sm text-slate-600">
                    {maintenanceCategoryLabel(m.category)} · pedida em {formatDateTime(m.requested_at)}
                    {m.completed_at ? ` · concluída em ${formatDateTime(m.completed_at)}` : ""}
                  </p>
                </div>
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-800">
                  {maintenanceStatusLabel(m.status)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Nenhuma solicitação de manutenção.</p>
        )}
        <h3 className="mt-6 font-semibold text-slate-900">Custos dos reparos</h3>
        {costs.length ? (
          <ul className="mt-2 divide-y divide-slate-100" data-testid="custos">
            {costs.map((c) => (
              <li key={c.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="min-w-0 break-words">
                  {maintenance.find((m) => m.id === c.request_id)?.title ?? "Reparo"}: {c.description}{" "}
                  <span className="text-sm text-slate-600">
                    ({COST_STATE[c.answer ?? (c.approvalId ? "waiting" : "within")]})
                  </span>
                </span>
                <span className="font-medium">{formatBRL(c.amount_cents)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">Nenhum custo de reparo registrado.</p>
        )}
        <h3 className="mt-6 font-semibold text-slate-900">Despesas lançadas na sua conta</h3>
        {expenses.length ? (
          <ul className="mt-2 divide-y divide-slate-100">
            {expenses.map((e) => (
              <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="break-words">
                  {e.description} <span className="text-sm text-slate-600">({formatDay(e.on_date)})</span>
                </span>
                <span className="font-medium">{formatBRL(e.amount_cents)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">Nenhuma despesa deste imóvel descontada dos seus repasses.</p>
        )}
      </OwnerCard>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Imóvel não encontrado"
      notFoundText="Este imóvel não existe ou não está em seu nome."
    />
  );
}
