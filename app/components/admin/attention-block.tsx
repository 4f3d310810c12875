import type { ReactNode } from "react";
import { Link } from "react-router";
import { Calendar, CheckCircle2, ChevronRight, Clock, Info, KeyRound } from "#app/components/ui/icons";
import {
  ENDING_TITLE,
  ENDING_WINDOWS,
  NOTHING_TO_SEE,
  PIX_MISSING,
  endingLine,
  needsAttention,
  overdueClients,
  overdueTitle,
  withoutLoginTitle,
  statementsTitle,
  differencesTitle,
  proofsTitle,
  maintenanceTitle,
  contestsTitle,
  approvalsLateTitle,
  bankRequestsTitle,
  billingGapsTitle,
  gapMonths,
  indefiniteTitle,
  guaranteesTitle,
  READJUSTMENTS_TITLE,
  MISSING_INDEX_TITLE,
  moreReadjustments,
  type Attention,
} from "#app/models/dashboard/attention";
import { formatDay } from "#app/models/clients/status";
import { INDEX_LABELS, waitingLabel } from "#app/models/owners/readjustment";
import { formatBRL } from "#app/models/shared/money";

// The dashboard's "Atenção" block (issue 19): one line per thing to act on,
// each a link to the tab where staff act; a line with nothing to report is
// left out, and with nothing at all the block says so instead of vanishing
// (an empty dashboard would read as "not loaded").

type Tone = "red" | "amber" | "slate";
const ICON_TONE: Record<Tone, string> = {
  red: "bg-red-50 text-red-700",
  amber: "bg-amber-50 text-amber-800",
  slate: "bg-slate-100 text-slate-700",
};

function Item({
  to,
  icon: Icon,
  tone,
  title,
  children,
}: {
  to?: string;
  icon: typeof Clock;
  tone: Tone;
  title: ReactNode;
  children?: ReactNode;
}) {
  const body = (
    <>
      <span className={`mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full ${ICON_TONE[tone]}`}>
        <Icon className="size-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-semibold text-slate-900">{title}</span>
        {children ? <span className="mt-0.5 block text-sm text-slate-700">{children}</span> : null}
      </span>
      {to ? <ChevronRight className="mt-2 size-5 shrink-0 text-slate-500" /> : null}
    </>
  );
  return (
    <li>
      {to ? (
        <Link
          to={to}
          className="flex items-start gap-3 px-4 py-3 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          {body}
        </Link>
      ) : (
        <div className="flex items-start gap-3 px-4 py-3">{body}</div>
      )}
    </li>
  );
}

export function AttentionBlock({ attention, pixConfigured }: { attention: Attention; pixConfigured: boolean }) {
  const { overdue, ending, withoutLogin, statementsToReview, differences, proofsToCheck } = attention;
  const fine = !needsAttention(attention, pixConfigured);
  return (
    <section
      aria-labelledby="atencao"
      className={`mb-8 rounded-xl bg-white shadow-sm ring-1 ${fine ? "ring-slate-200" : "ring-amber-300"}`}
    >
      <h2
        id="atencao"
        className={`rounded-t-xl border-b px-4 py-3 text-lg font-semibold ${
          fine ? "border-slate-200 text-slate-900" : "border-amber-200 bg-amber-50 text-amber-900"
        }`}
      >
        Atenção
      </h2>
      {fine ? (
        <p className="flex items-center gap-2 px-4 py-3 text-slate-700">
          <CheckCircle2 className="size-5 text-emerald-700" /> {NOTHING_TO_SEE}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {overdue.count > 0 ? (
            <Item to="/admin/clients?aba=cobrancas" icon={Clock} tone="red" title={overdueTitle(overdue.count)}>
              {overdueClients(overdue.clients)} · Total a pagar hoje, com multa e juros:{" "}
              <strong className="font-semibold whitespace-nowrap text-slate-900">
                {formatBRL(overdue.totalDueTodayCents)}
              </strong>
            </Item>
          ) : null}
          {ending.within90 > 0 ? (
            <Item to="/admin/clients?aba=ativos" icon={Calendar} tone="amber" title={ENDING_TITLE}>
              {ENDING_WINDOWS.map((days, i) => (
                <span key={days}>
                  {i > 0 ? " · " : null}
                  <span className="whitespace-nowrap">{endingLine(days, ending[`within${days}`])}</span>
                </span>
              ))}
            </Item>
          ) : null}
          {withoutLogin > 0 ? (
            <Item
              to="/admin/clients?aba=ativos&acesso=sem"
              icon={KeyRound}
              tone="amber"
              title={withoutLoginTitle(withoutLogin)}
            >
              Sem acesso à Área do Cliente: dê o login em Clientes Ativos.
            </Item>
          ) : null}
          {proofsToCheck > 0 ? (
            <Item to="/admin/comprovantes" icon={Info} tone="amber" title={proofsTitle(proofsToCheck)}>
              Enviados pelos inquilinos em “Já paguei”: confira e registre o pagamento.
            </Item>
          ) : null}
          {attention.approvalsLate.count > 0 ? (
            <Item
              to="/admin/clients?aba=manutencoes"
              icon={Info}
              tone="amber"
              title={approvalsLateTitle(attention.approvalsLate.count, attention.approvalsLate.days)}
            >
              Custos de reparo acima do limite do proprietário, sem resposta na Área do Proprietário: ligue para ele.
            </Item>
          ) : null}
          {attention.bankRequests > 0 ? (
            <Item
              to="/admin/clients?aba=proprietarios"
              icon={Info}
              tone="amber"
              title={bankRequestsTitle(attention.bankRequests)}
            >
              Pedidos na Área do Proprietário: confirme com o proprietário, por telefone, antes de aplicar.
            </Item>
          ) : null}
          {attention.maintenancePending > 0 ? (
            <Item
              to="/admin/clients?aba=manutencoes"
              icon={Info}
              tone="amber"
              title={maintenanceTitle(attention.maintenancePending)}
            >
              Pedidas pelos inquilinos na Área do Cliente: responda e atualize o status.
            </Item>
          ) : null}
          {attention.contestsOpen.count > 0 ? (
            <Item
              to={
                attention.contestsOpen.firstInspectionId
                  ? `/admin/vistorias/${attention.contestsOpen.firstInspectionId}`
                  : undefined
              }
              icon={Info}
              tone="amber"
              title={contestsTitle(attention.contestsOpen.count)}
            >
              Itens da vistoria de entrada que o inquilino contestou: responda cada um.
            </Item>
          ) : null}
          {attention.billingGaps.count > 0 ? (
            <Item
              to={`/admin/clients/cobrancas/gerar?cliente=${attention.billingGaps.clients[0]?.id ?? ""}`}
              icon={Calendar}
              tone="red"
              title={billingGapsTitle(attention.billingGaps.count)}
            >
              Meses já vencidos que a geração automática não cria: use “Gerar Cobranças do Contrato”.
              {attention.billingGaps.clients.map((c) => (
                <span key={c.id} className="block" data-testid="billing-gap">
                  {c.name} · {gapMonths(c.months)}
                </span>
              ))}
            </Item>
          ) : null}
          {statementsToReview > 0 ? (
            <Item to="/admin/extratos" icon={Info} tone="amber" title={statementsTitle(statementsToReview)}>
              Nada foi baixado ainda: revise as correspondências e confirme.
            </Item>
          ) : null}
          {differences > 0 ? (
            <Item
              to="/admin/clients?aba=cobrancas&fila=diferencas"
              icon={Info}
              tone="amber"
              title={differencesTitle(differences)}
            >
              Pago a menor ou a maior pelo extrato: veja Diferenças em Cobranças.
            </Item>
          ) : null}
          {attention.guaranteesEnding.within60 > 0 ? (
            <Item
              to={`/admin/clients/${attention.guaranteesEnding.first[0]?.clientId ?? ""}/garantia`}
              icon={Calendar}
              tone={attention.guaranteesEnding.within30 > 0 ? "red" : "amber"}
              title={guaranteesTitle(attention.guaranteesEnding.within60)}
            >
              {attention.guaranteesEnding.within30} em até 30 dias: renove a apólice ou peça outra garantia.
              {attention.guaranteesEnding.first.map((g) => (
                <span key={g.clientId} className="block" data-testid="guarantee-ending">
                  {g.name} · {formatDay(g.validUntil)}
                </span>
              ))}
            </Item>
          ) : null}
          {attention.indefinite > 0 ? (
            <Item
              to="/admin/clients?contrato=indeterminado&ordem=fim"
              icon={Calendar}
              tone="amber"
              title={indefiniteTitle(attention.indefinite)}
            >
              Passaram do fim do prazo e seguem cobrados e reajustados: encerre os que o inquilino já devolveu.
            </Item>
          ) : null}
          {attention.readjustments.length > 0 ? (
            <Item to="/admin/indices" icon={Calendar} tone="amber" title={READJUSTMENTS_TITLE}>
              {attention.readjustments.map((r) => (
                <span key={r.clientId} className="block" data-testid="readjustment-due">
                  {r.clientName} · {formatDay(r.anniversary)} · {INDEX_LABELS[r.index]} ·{" "}
                  {r.newRent === null ? waitingLabel(r.missing) : `${formatBRL(r.oldRent)} → ${formatBRL(r.newRent)}`}
                </span>
              ))}
              {attention.readjustmentsDue > attention.readjustments.length ? (
                <span className="block">
                  {moreReadjustments(attention.readjustmentsDue - attention.readjustments.length)}
                </span>
              ) : null}
            </Item>
          ) : null}
          {attention.missingIndexLines.length > 0 ? (
            <Item to="/admin/indices" icon={Info} tone="amber" title={MISSING_INDEX_TITLE}>
              {attention.missingIndexLines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </Item>
          ) : null}
          {!pixConfigured ? (
            <Item icon={Info} tone="slate" title={`${PIX_MISSING.title}:`}>
              defina{" "}
              <code className="rounded bg-slate-100 px-1 font-mono text-[0.8125rem]">{PIX_MISSING.variable}</code> para
              mostrar o QR Code Pix nas cobranças.
            </Item>
          ) : null}
        </ul>
      )}
    </section>
  );
}
