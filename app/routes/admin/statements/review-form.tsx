import { Form } from "react-router";
import { StatementLinesTable, type LineColumn } from "#app/components/admin/statement-lines";
import { Button } from "#app/components/ui/button";
import { FileCheck2 } from "#app/components/ui/private-icons";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { PAYMENT_TOLERANCE_CENTS } from "#app/models/shared/money";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { STATEMENT_MESSAGES, differenceLabel, signedDifference } from "#app/models/reconciliation/labels";
import type { StatementReview, StatementReviewLine } from "#app/models/reconciliation/review.server";
import type { Confirmation } from "#app/models/reconciliation/review.schema";
import { formatBRL } from "#app/models/shared/money";
import { MatchedTenant, PaidList, SplitCredits, SplitLink, creditColumns } from "./review-lines";
import { ReturnsTable, SecondCredits } from "./review-returns";

// The two bodies of an import's review (routes/admin/statements/review.tsx):
// the form while pending (matches to check, credits to assign or ignore), the
// record once confirmed.

const matchColumns: LineColumn<StatementReviewLine>[] = [
  { label: "Inquilino", cell: (l) => <MatchedTenant line={l} /> },
  { label: "Período", cell: (l) => (l.month_year ? periodLabel(l.month_year) : "—") },
  { label: "Vencimento", cell: (l) => (l.due_date ? formatDay(l.due_date) : "—") },
  { label: "Crédito em", cell: (l) => formatDay(l.posted_date) },
  { label: "Valor creditado", cell: (l) => formatBRL(l.amount_cents) },
  { label: "Devido na data", cell: (l) => (l.due_cents !== null ? formatBRL(l.due_cents) : "—") },
  {
    label: "Diferença",
    cell: (l) => (
      <span
        className={Math.abs(l.difference_cents ?? 0) > PAYMENT_TOLERANCE_CENTS ? "font-semibold text-amber-800" : ""}
      >
        {signedDifference(l.difference_cents)}
      </span>
    ),
  },
];

export function ReviewForm({
  lines,
  options,
  errors,
  confirmation,
  exactElsewhere,
  paged,
  returns,
}: {
  lines: StatementReviewLine[];
  returns: StatementReview["returns"];
  options: StatementReview["options"];
  errors: string[];
  confirmation: Confirmation | null;
  // Exact matches of the statement this page does not show (Confirmar accepts them).
  exactElsewhere: number;
  // The page shows part of the statement (another page, or a filter).
  paged: boolean;
}) {
  const busy = useIsPending();
  // On a page or a filter, a group with none of its credits here is left out
  // (its "none" message would speak for the whole statement).
  const optionById = new Map(options.map((o) => [o.id, o]));
  // A credit split before Confirmar (split.tsx) is settled already: listed
  // apart, never offered again.
  const split = lines.filter((l) => l.settled_at !== null);
  const open = lines.filter((l) => l.settled_at === null);
  const matched = open.filter((l) => l.match_kind === "exact" || l.match_kind === "probable");
  const unmatched = open.filter((l) => l.match_kind === "none" && !l.second);
  const seconds = open.filter((l) => l.second !== null);
  const already = open.filter((l) => l.match_kind === "already");
  const checked = (l: StatementReviewLine) =>
    confirmation ? confirmation.accept.includes(l.id) : l.match_kind === "exact";
  const assigned = (l: StatementReviewLine) =>
    String(confirmation?.assign.find((a) => a.lineId === l.id)?.billingId ?? "");
  return (
    <Form method="post" className="mt-6 space-y-6">
      {errors.length > 0 ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">{STATEMENT_MESSAGES.confirmRefused}</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {paged && matched.length === 0 ? null : (
        <StatementLinesTable
          title="Correspondências"
          empty="Nenhum crédito corresponde a uma cobrança em aberto."
          note="As exatas vêm marcadas; confira as prováveis antes de marcá-las."
          lines={matched}
          columns={[...matchColumns, { label: "Dividir", cell: (l) => <SplitLink line={l} /> }]}
          lead={{
            label: "Baixar",
            cell: (l) => (
              <input
                type="checkbox"
                name="accept"
                value={l.id}
                defaultChecked={checked(l)}
                aria-label={`Baixar a cobrança de ${l.client_name ?? ""} com o crédito de ${formatBRL(l.amount_cents)}`}
                className="size-5 accent-brand-700"
              />
            ),
          }}
          testId="matched-credits"
        />
      )}
      {paged && unmatched.length === 0 ? null : (
        <StatementLinesTable
          title="Créditos sem correspondência"
          empty="Todos os créditos têm correspondência."
          note="Atribua um crédito a uma cobrança em aberto (as de valor mais próximo), ou deixe-o ignorado."
          lines={unmatched}
          columns={[
            ...creditColumns,
            {
              label: "Atribuir a",
              wide: true,
              cell: (l) => (
                <select
                  name={`assign-${l.id}`}
                  defaultValue={assigned(l)}
                  aria-label={`Atribuir o crédito de ${formatBRL(l.amount_cents)} em ${formatDay(l.posted_date)}`}
                  className="block w-full max-w-xs rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
                >
                  <option value="">Ignorar</option>
                  {l.candidates.flatMap((id) => {
                    const o = optionById.get(id);
                    // One string, one text node: parts as JSX children are a
                    // text node each, with a <!-- --> between them in the HTML
                    // (issue 34: 500 options a page, 25 KB of comments).
                    return o
                      ? [
                          <option key={o.id} value={o.id}>
                            {`${o.client_name} · ${periodLabel(o.month_year)} · venc. ${formatDay(o.due_date)} · ${formatBRL(o.amount_cents)}`}
                          </option>,
                        ]
                      : [];
                  })}
                </select>
              ),
            },
            { label: "Dividir", cell: (l) => <SplitLink line={l} /> },
          ]}
          testId="unmatched-credits"
        />
      )}
      {seconds.length > 0 ? <SecondCredits lines={seconds} confirmation={confirmation} /> : null}
      {returns.length > 0 ? <ReturnsTable returns={returns} confirmation={confirmation} /> : null}
      {already.length > 0 ? (
        <StatementLinesTable
          title="Já conciliados"
          note="Estes créditos já baixaram uma cobrança em outra importação; não serão usados de novo."
          lines={already}
          columns={creditColumns}
          testId="already-credits"
        />
      ) : null}
      {split.length > 0 ? <SplitCredits lines={split} /> : null}
      {/* Which lines this page showed: for them the boxes and selects decide (review.schema.ts). */}
      <input type="hidden" name="escopo" value="pagina" />
      {lines.map((l) => (
        <input key={l.id} type="hidden" name="linha" value={l.id} />
      ))}
      {/* The billing each match shown proposes now (computed when the page was read). */}
      {matched.map((l) =>
        l.billing_id !== null ? (
          <input key={`p${l.id}`} type="hidden" name={`proposta-${l.id}`} value={l.billing_id} />
        ) : null,
      )}
      <div className="flex flex-wrap items-center justify-end gap-4">
        {paged ? (
          <p className="max-w-prose text-sm text-slate-700" data-testid="confirm-scope">
            Confirmar vale para o extrato inteiro, não só para esta página: baixa as correspondências marcadas e as
            atribuições desta página
            {exactElsewhere > 0
              ? ` e também ${exactElsewhere === 1 ? "a correspondência exata" : `as ${exactElsewhere} correspondências exatas`} das outras páginas`
              : ""}
            . Prováveis e atribuições de outras páginas não são baixadas; a confirmação é uma só.
          </p>
        ) : null}
        <Button disabled={busy}>{busy ? "Confirmando..." : "Confirmar"}</Button>
      </div>
    </Form>
  );
}

export function ConfirmedRecord({ lines }: { lines: StatementReviewLine[] }) {
  const settled = lines.filter((l) => l.settled_at !== null);
  const left = lines.filter((l) => l.settled_at === null && l.match_kind !== "already");
  const already = lines.filter((l) => l.match_kind === "already");
  return (
    <div className="mt-6 space-y-6">
      <StatementLinesTable
        title="Cobranças baixadas"
        empty="Nenhuma cobrança foi baixada por esta importação."
        lines={settled}
        columns={[
          matchColumns[0]!,
          matchColumns[1]!,
          matchColumns[3]!,
          matchColumns[4]!,
          {
            label: "Recibo",
            cell: (l) => (
              <>
                {l.paid.length > 1 ? (
                  <PaidList line={l} />
                ) : l.receipt ? (
                  <a
                    href={`/arquivos/recibos/${l.receipt}?download=1`}
                    download
                    className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                  >
                    <FileCheck2 aria-hidden className="size-4 shrink-0" /> Recibo nº {l.receipt}
                  </a>
                ) : (
                  "—"
                )}
                {l.payment_difference_cents !== null ? (
                  <span className="block text-xs font-medium text-amber-800">
                    {differenceLabel(l.payment_difference_cents)}
                  </span>
                ) : null}
              </>
            ),
          },
        ]}
        testId="settled-credits"
      />
      <StatementLinesTable
        title="Créditos não conciliados"
        empty="Todos os créditos foram conciliados."
        lines={left}
        columns={creditColumns}
        testId="unmatched-credits"
      />
      {already.length > 0 ? (
        <StatementLinesTable
          title="Já conciliados antes"
          lines={already}
          columns={creditColumns}
          testId="already-credits"
        />
      ) : null}
    </div>
  );
}
