// The Cobrança tab of /client-area (routes/client/area.tsx; docs/product.md
// §Área do Cliente): first the open billings, each with what it costs today,
// itemized, and how to pay it (Pix QR Code and Copia e Cola, the boleto); then
// the history of the last 12 issued billings with their receipts.
import { Download, FileCheck2 } from "#app/components/ui/private-icons";
import { BillingStatusBadge, OpenBalance } from "#app/components/billing/billing-status-badge";
import { isPartiallyPaid } from "#app/models/billing/status";
import { ChargesList } from "#app/components/billing/charges-list";
import {
  StackedCell,
  stackedBodyClass,
  stackedHeadClass,
  stackedRowClass,
  stackedTableClass,
} from "#app/components/billing/stacked-table";
import type { Charges } from "#app/models/billing/charges";
import { periodLabel, type BillingPeriod } from "#app/models/billing/months";
import { ProRata } from "#app/components/billing/period-notes";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";
import { PixBlock, ProofBlock, type ProofState } from "./billing-pay";

type Document = { id: number; file_name: string };
type Receipt = { id: number };

export type ClientBilling = {
  id: number;
  due_date: string;
  grace_until: string;
  month_year: string;
  amount_cents: number;
  payment_date: string | null;
  amount_paid_cents: number | null;
  open_cents: number;
  status: string;
  external_payment_id: string | null;
  documents: Document[];
  receipts: Receipt[]; // in force: one per payment into it (a partial payment, then the rest)
} & BillingPeriod;

export type OpenBilling = ClientBilling & {
  charges: Charges;
  pix: { payload: string } | null;
  proof: ProofState | null;
  beside?: readonly { description: string; amount_cents: number }[];
  /** The IRRF a company tenant withholds from it (decision 0074). */
  withheld?: number;
};

export type AccountStatement = {
  balance: number;
  lines: { id: number; on_date: string; label: string; cents: number; balance: number }[];
};

export function BillingTab({
  open,
  history,
  account,
  today,
  pixConfigured,
}: {
  open: OpenBilling[];
  history: ClientBilling[];
  account: AccountStatement;
  today: string;
  pixConfigured: boolean;
}) {
  return (
    <div className="space-y-6">
      {open.length > 0 ? (
        <section aria-labelledby="em-aberto" className="space-y-4">
          <h2 id="em-aberto" className="text-lg font-semibold text-slate-900">
            Cobranças em aberto
          </h2>
          {open.map((b) => (
            <OpenBillingCard key={b.id} billing={b} today={today} pixConfigured={pixConfigured} />
          ))}
        </section>
      ) : null}
      <Account account={account} />
      <History billings={history} />
    </div>
  );
}

const balanceText = (cents: number) =>
  cents > 0
    ? `Saldo em aberto: ${formatBRL(cents)}`
    : cents < 0
      ? `Crédito a seu favor: ${formatBRL(-cents)}`
      : "Nenhum valor em aberto";
const signedBRL = (cents: number) => (cents < 0 ? `− ${formatBRL(-cents)}` : `+ ${formatBRL(cents)}`);

// "Extrato da conta" (issue 35): every charge, payment, discount and
// estorno of the tenant's account, newest first, with the balance after each.
function Account({ account }: { account: AccountStatement }) {
  return (
    <section aria-labelledby="extrato" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="extrato" className="text-lg font-semibold text-slate-900">
          Extrato da conta
        </h2>
        <p className="font-semibold text-slate-900" data-testid="account-balance">
          {balanceText(account.balance)}
        </p>
      </div>
      {account.lines.length === 0 ? (
        <p className="mt-4 text-slate-600">Nenhum lançamento ainda.</p>
      ) : (
        // One line per entry on a phone and on a desk alike: what and when on the left, the amount and the balance after it on the right.
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {account.lines.map((l) => (
            <li key={l.id} data-testid="account-line" className="flex items-start justify-between gap-4 py-2">
              <div className="min-w-0">
                <p className="text-slate-900">{l.label}</p>
                <p className="text-xs text-slate-600">{formatDay(l.on_date)}</p>
              </div>
              <div className="shrink-0 text-right tabular-nums">
                <p className={`font-medium whitespace-nowrap ${l.cents < 0 ? "text-emerald-800" : "text-slate-900"}`}>
                  {signedBRL(l.cents)}
                </p>
                <p className="text-xs whitespace-nowrap text-slate-600">
                  saldo {l.balance < 0 ? `crédito ${formatBRL(-l.balance)}` : formatBRL(l.balance)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OpenBillingCard({
  billing: b,
  today,
  pixConfigured,
}: {
  billing: OpenBilling;
  today: string;
  pixConfigured: boolean;
}) {
  const headingId = `cobranca-${b.id}`;
  const late = b.charges.days > 0;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="open-billing"
      className={`rounded-xl bg-white p-4 shadow-sm ring-1 sm:p-6 ${late ? "ring-red-200" : "ring-slate-200"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-semibold text-slate-900 first-letter:uppercase">
            Aluguel de {periodLabel(b.month_year)}
          </h3>
          <p className="text-sm text-slate-600">
            Vencimento em {formatDay(b.due_date)}
            {late ? ` · ${b.charges.days} ${b.charges.days === 1 ? "dia" : "dias"} em atraso` : ""}
          </p>
          {!late && b.grace_until !== b.due_date ? (
            <p className="text-sm text-slate-600">
              Cai em fim de semana ou feriado: pode pagar sem multa até {formatDay(b.grace_until)}.
            </p>
          ) : null}
          <ProRata billing={b} />
        </div>
        <BillingStatusBadge status={b.status} partial={isPartiallyPaid(b)} />
        {isPartiallyPaid(b) ? <OpenBalance cents={b.open_cents} className="mt-1" /> : null}
      </div>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          <ChargesList charges={b.charges} partial={isPartiallyPaid(b)} beside={b.beside} withheld={b.withheld} />
          {late ? (
            <p className="mt-2 text-xs text-slate-600">
              Multa e juros conforme o contrato, calculados para pagamento hoje ({formatDay(today)}).
            </p>
          ) : null}
          {b.documents.length > 0 ? (
            <ul className="mt-4 space-y-1">
              {b.documents.map((d) => (
                <li key={d.id}>
                  <a
                    href={`/arquivos/cobrancas/${d.id}?download=1`}
                    download
                    className="inline-flex max-w-full items-start gap-1 text-sm font-medium text-brand-700 hover:underline"
                  >
                    <Download aria-hidden className="mt-0.5 size-4 shrink-0" />
                    <span className="min-w-0 wrap-anywhere">Baixar boleto ({d.file_name})</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {b.pix ? (
          <PixBlock id={b.id} pix={b.pix} total={b.charges.total} />
        ) : !pixConfigured && b.documents.length === 0 ? (
          <p className="text-sm text-slate-600">Para pagar, fale com a imobiliária.</p>
        ) : null}
      </div>
      <ProofBlock billingId={b.id} proof={b.proof} />
    </article>
  );
}

function History({ billings }: { billings: ClientBilling[] }) {
  return (
    <section aria-labelledby="cobrancas" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
      <h2 id="cobrancas" className="text-lg font-semibold text-slate-900">
        Histórico de Cobranças
      </h2>
      {billings.length === 0 ? (
        <p className="mt-4 text-slate-600">Nenhuma cobrança encontrada.</p>
      ) : (
        // Stacked below md; a table from md up that scrolls inside the card rather than widen it.
        <div className="-mx-4 mt-2 sm:mx-0 md:overflow-x-auto">
          <table className={stackedTableClass}>
            <thead className={stackedHeadClass}>
              <tr>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Vencimento</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Referência</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Valor</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Pago em</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Status</th>
                {/* Two lines: the widest header, over a column that is mostly "—". */}
                <th className="px-4 py-2 font-medium">ID do pagamento</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Boleto</th>
                <th className="px-4 py-2 font-medium whitespace-nowrap">Recibo</th>
              </tr>
            </thead>
            <tbody className={stackedBodyClass}>
              {billings.map((b) => (
                <tr key={b.id} data-testid="billing-row" className={stackedRowClass}>
                  <StackedCell label="Vencimento">{formatDay(b.due_date)}</StackedCell>
                  <StackedCell label="Referência">
                    <span className="md:whitespace-nowrap">{periodLabel(b.month_year)}</span>
                  </StackedCell>
                  <StackedCell label="Valor">
                    <span className="whitespace-nowrap">{formatBRL(b.amount_cents)}</span>
                    <ProRata billing={b} />
                    {b.amount_paid_cents !== null && b.amount_paid_cents !== b.amount_cents ? (
                      <span className="block text-xs whitespace-nowrap text-slate-600">
                        pago {formatBRL(b.amount_paid_cents)}
                      </span>
                    ) : null}
                  </StackedCell>
                  <StackedCell label="Pago em">{b.payment_date ? formatDay(b.payment_date) : "—"}</StackedCell>
                  <StackedCell label="Status">
                    <BillingStatusBadge status={b.status} partial={isPartiallyPaid(b)} />
                  </StackedCell>
                  <StackedCell label="ID do pagamento">
                    <span className="break-all">{b.external_payment_id || "—"}</span>
                  </StackedCell>
                  <StackedCell label="Boleto" className="md:min-w-36">
                    {b.documents.length === 0 ? (
                      <span className="text-slate-500">—</span>
                    ) : (
                      <ul className="space-y-1">
                        {b.documents.map((d) => (
                          <li key={d.id}>
                            <a
                              href={`/arquivos/cobrancas/${d.id}?download=1`}
                              download
                              className="inline-flex max-w-full items-start gap-1 font-medium text-brand-700 hover:underline"
                            >
                              <Download aria-hidden className="mt-0.5 size-4 shrink-0" />
                              {/* A long name wraps at its dashes or, failing that, anywhere rather than widen the table. */}
                              <span className="min-w-0 wrap-break-word">{d.file_name}</span>
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </StackedCell>
                  <StackedCell label="Recibo">
                    {b.receipts.length > 0 ? (
                      <ul className="space-y-1">
                        {b.receipts.map((r) => (
                          <li key={r.id}>
                            <a
                              href={`/arquivos/recibos/${r.id}?download=1`}
                              download
                              className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-brand-700 hover:underline"
                            >
                              <FileCheck2 aria-hidden className="size-4 shrink-0" />
                              Recibo nº {r.id}
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-slate-500">—</span>
                    )}
                  </StackedCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-4 text-sm text-slate-500">
        Os status de pagamento são atualizados automaticamente. Um pagamento por Pix ou boleto aparece aqui quando a
        imobiliária recebe a confirmação do banco.
      </p>
    </section>
  );
}
