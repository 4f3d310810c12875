import { Link } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { buttonClass } from "#app/components/ui/button";
import { getDb } from "#app/db/db.server";
import { getChargingSettings } from "#app/models/billing/settings.server";
import { formatDay } from "#app/models/clients/status";
import { STATEMENT_KIND_LABELS } from "#app/models/reconciliation/labels";
import { isOtherLines, parseReviewQuery, reviewHref } from "#app/models/reconciliation/review-query";
import { getStatementReview } from "#app/models/reconciliation/review.server";
import { ListCount } from "#app/components/admin/list-filter";
import { Pagination } from "#app/components/site/pagination";
import { formatDateTime } from "#app/utils/format-date";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { confirmReviewAction } from "./review-actions.server";
import { ConfirmedRecord, ReviewForm } from "./review-form";
import { OtherLines } from "./review-lines";
import { ReviewFilter, ReviewSummaryTable } from "./review-summary";
import type { Route } from "./+types/review";

// One import's review (docs/product.md §Conciliação; docs/decisions/0037-reconciliation.md):
// the exact and probable matches with a checkbox each (exact ones checked),
// the unmatched credits with a select to assign them to an open billing or
// ignore them, and the credits an earlier import already settled. Confirmar
// settles the chosen billings in one transaction; a refusal (a billing paid
// meanwhile, one billing chosen twice) comes back on this page with the
// choices kept and nothing settled. Once confirmed the page is the record.
// Issue 34: a summary of every credit by state on top, then one page of the
// credits (?pagina=), filtered by state (?situacao=); Confirmar still acts on
// the whole statement (review.schema.ts) and the page says so.
export function meta() {
  return [{ title: "Conciliação do Extrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const query = parseReviewQuery(url.searchParams);
  const review =
    id === null
      ? null
      : await getStatementReview(getDb(), id, { issueDays: getChargingSettings().issueDays, ...query });
  invariantResponse(review, "Extrato não encontrado");
  return review;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const id = parseId(params.id);
  invariantResponse(id !== null, "Extrato não encontrado");
  return confirmReviewAction(await readFormData(request), id, actor);
}

export default function StatementReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { statement: s, lines, summary, state, page, pages, total } = loaderData;
  const pending = s.confirmed_at === null;
  const debits = summary.debits.count;
  const info = summary.info.count;
  return (
    <div>
      <AdminTitle title="Conciliação do Extrato">
        <Link to="/admin/extratos" className={buttonClass("secondary")}>
          Extratos Bancários
        </Link>
      </AdminTitle>
      <section className="rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 className="font-semibold break-all text-slate-900">{s.file_name}</h2>
        <p className="text-slate-600">
          {STATEMENT_KIND_LABELS[s.kind]}
          {s.account ? ` · conta ${s.account}` : ""}
          {s.period_start && s.period_end ? ` · ${formatDay(s.period_start)} a ${formatDay(s.period_end)}` : ""} ·
          importado por {s.created_by_name} em {formatDateTime(s.created_at)}
        </p>
        <p className="mt-2 text-slate-800" data-testid="statement-counts">
          {s.lines_count} {s.lines_count === 1 ? "lançamento" : "lançamentos"}: {s.credits_count}{" "}
          {s.credits_count === 1 ? "crédito" : "créditos"}, {debits} {debits === 1 ? "débito" : "débitos"} (débitos não
          são conciliados)
          {info > 0 ? `, ${info} ${info === 1 ? "informativo" : "informativos"} (sem valor)` : ""}
          {s.already_count > 0
            ? `; ${s.already_count} já ${s.already_count === 1 ? "conciliado" : "conciliados"} antes`
            : ""}
          .
        </p>
        {pending ? null : (
          <p className="mt-2 font-medium text-slate-900">
            Confirmado por {s.confirmed_by_name} em {formatDateTime(s.confirmed_at!)}: {s.settled_count}{" "}
            {s.settled_count === 1 ? "cobrança baixada" : "cobranças baixadas"}.
          </p>
        )}
      </section>
      <ReviewSummaryTable id={s.id} summary={summary} current={state} />
      <ReviewFilter id={s.id} current={state} />
      <div className="mt-6">
        {isOtherLines(state) ? (
          <ListCount
            total={total}
            one={state === "debit" ? "débito" : "informativo"}
            many={state === "debit" ? "débitos" : "informativos"}
            page={page}
            pages={pages}
          />
        ) : (
          <ListCount total={total} one="crédito" many="créditos" page={page} pages={pages} />
        )}
      </div>
      {isOtherLines(state) ? (
        <OtherLines kind={state} lines={lines} />
      ) : pending ? (
        <ReviewForm
          key={actionData ? JSON.stringify(actionData.confirmation) : `${state}-${page}`}
          lines={lines}
          options={loaderData.options}
          errors={actionData?.errors ?? []}
          confirmation={actionData?.confirmation ?? null}
          exactElsewhere={
            summary.credits.exact.count - lines.filter((l) => l.stored_kind === "exact" && l.settled_at === null).length
          }
          paged={pages > 1 || state !== null}
          returns={loaderData.returns}
        />
      ) : (
        <ConfirmedRecord lines={lines} />
      )}
      <Pagination page={page} pageCount={pages} hrefFor={(p) => reviewHref(s.id, state, p)} />
    </div>
  );
}
