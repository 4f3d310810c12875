import { Link } from "react-router";
import { StatementLinesTable, type LineColumn } from "#app/components/admin/statement-lines";
import { FileCheck2 } from "#app/components/ui/private-icons";
import { periodLabel } from "#app/models/billing/months";
import { MATCH_KIND_LABELS, matchReasonLabel } from "#app/models/reconciliation/labels";
import { formatDay } from "#app/models/clients/status";
import type { StatementReviewLine } from "#app/models/reconciliation/review.server";
import { formatBRL } from "#app/models/shared/money";

// What an import's review shows of any line (routes/admin/statements/review.tsx):
// the bank's own words for it, and the lines that are not credits.

// "06 Liquidação" for a CNAB line, as its layout names the movement.
export const movementOf = (l: StatementReviewLine) =>
  l.movement ? `${l.movement} ${l.movement_name ?? ""}`.trim() : null;

// The payer and what the bank says of the line: its movement, its nosso
// número, the tarifa and the juros/multa within the amount.
export function LineDetails({ line: l }: { line: StatementReviewLine }) {
  const movement = movementOf(l);
  const details = [
    movement,
    l.reference ? `nosso número ${l.reference}` : null,
    l.interest_cents > 0 ? `juros/multa ${formatBRL(l.interest_cents)}` : null,
    l.fees_cents > 0 ? `tarifa ${formatBRL(l.fees_cents)}` : null,
  ].filter(Boolean);
  return (
    <>
      <span className="break-words">{l.memo || (movement ? "" : "—")}</span>
      {details.length > 0 ? (
        <span className="block text-xs text-slate-600" data-testid="line-movement">
          {details.join(" · ")}
        </span>
      ) : null}
    </>
  );
}

// The tenant a credit was matched to, how, and the bank's movement. A
// proposal the page computed that differs from the import's says so.
export function MatchedTenant({ line: l }: { line: StatementReviewLine }) {
  return (
    <>
      <span className="font-medium text-slate-900">{l.client_name ?? "—"}</span>
      <span className="block text-xs text-slate-600">
        {MATCH_KIND_LABELS[l.match_kind]}: {matchReasonLabel(l.match_reason)}
        {l.settled_at === null && l.billing_id !== l.stored_billing_id ? " (proposta nova)" : ""}
      </span>
      {movementOf(l) ? <span className="block text-xs text-slate-600">{movementOf(l)}</span> : null}
    </>
  );
}

export const creditColumns: LineColumn<StatementReviewLine>[] = [
  { label: "Crédito em", cell: (l) => formatDay(l.posted_date) },
  { label: "Valor", cell: (l) => formatBRL(l.amount_cents) },
  { label: "Descrição", wide: true, cell: (l) => <LineDetails line={l} /> },
];

// The debits and the information lines (?situacao=debitos / informativos):
// listed, never settled. An information line moves no money: its amount is
// what the bank wrote (a title's value paid before, or nothing).
export function OtherLines({ kind, lines }: { kind: "debit" | "info"; lines: StatementReviewLine[] }) {
  return (
    <div className="mt-6">
      <StatementLinesTable
        title={kind === "debit" ? "Débitos" : "Informativos"}
        note={
          kind === "debit"
            ? "Saídas da conta (tarifas, custas, transferências): não são conciliadas."
            : "Movimentos do banco que não movem dinheiro (entrada confirmada, baixa, alteração...): nem crédito, nem débito."
        }
        empty={kind === "debit" ? "Nenhum débito neste extrato." : "Nenhum movimento informativo neste extrato."}
        lines={lines}
        columns={[
          { label: "Data", cell: (l) => formatDay(l.posted_date) },
          { label: "Valor", cell: (l) => (kind === "info" && l.amount_cents === 0 ? "—" : formatBRL(l.amount_cents)) },
          { label: "Descrição", wide: true, cell: (l) => <LineDetails line={l} /> },
        ]}
        testId={kind === "debit" ? "debit-lines" : "info-lines"}
      />
    </div>
  );
}

// "Dividir": the page that splits this credit between several billings (split.tsx).
export function SplitLink({ line: l }: { line: StatementReviewLine }) {
  return (
    <Link
      to={`linhas/${l.id}/dividir`}
      relative="route"
      className="mt-1 inline-block text-sm font-medium text-brand-700 hover:underline"
      aria-label={`Dividir o crédito de ${formatBRL(l.amount_cents)} em ${formatDay(l.posted_date)}`}
    >
      Dividir
    </Link>
  );
}

// The billings a settled credit paid, each with its receipt (a split credit pays several).
export function PaidList({ line: l }: { line: StatementReviewLine }) {
  return (
    <ul className="space-y-1">
      {l.paid.map((p) => (
        <li key={p.receipt}>
          {`${p.client_name} · ${periodLabel(p.month_year)} · `}
          <a
            href={`/arquivos/recibos/${p.receipt}?download=1`}
            download
            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
          >
            <FileCheck2 aria-hidden className="size-4 shrink-0" /> Recibo nº {p.receipt}
          </a>
        </li>
      ))}
    </ul>
  );
}

// The credits of a pending import split already (split.tsx): settled, with
// what they paid; Confirmar leaves them alone.
export function SplitCredits({ lines }: { lines: StatementReviewLine[] }) {
  return (
    <StatementLinesTable
      title="Créditos divididos"
      note="Estes créditos já baixaram as cobranças abaixo (Dividir crédito); Confirmar não os usa de novo."
      lines={lines}
      columns={[...creditColumns, { label: "Cobranças", wide: true, cell: (l) => <PaidList line={l} /> }]}
      testId="split-credits"
    />
  );
}
