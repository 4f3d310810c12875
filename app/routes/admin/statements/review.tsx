import { FileCheck2 } from "#app/components/ui/private-icons";
import { Form, Link, data } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { StatementLinesTable, type LineColumn } from "#app/components/admin/statement-lines";
import { Button, buttonClass } from "#app/components/ui/button";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { PAYMENT_TOLERANCE_CENTS } from "#app/models/billing/charges";
import { getChargingSettings, pdfAgency } from "#app/models/billing/settings.server";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { confirmStatementImport, type Confirmation } from "#app/models/reconciliation/confirm.server";
import {
  MATCH_KIND_LABELS,
  STATEMENT_KIND_LABELS,
  STATEMENT_MESSAGES,
  differenceLabel,
  matchReasonLabel,
  signedDifference,
} from "#app/models/reconciliation/labels";
import { getStatementReview, type StatementReviewLine } from "#app/models/reconciliation/review.server";
import { formatBRL } from "#app/utils/format";
import { formatDateTime } from "#app/utils/format-date";
import { failedWriteToast } from "#app/utils/failure.server";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { localToday } from "#app/utils/local-date";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/review";

// One import's review (docs/product.md §Conciliação; docs/decisions/0037-reconciliation.md):
// the exact and probable matches with a checkbox each (exact ones checked),
// the unmatched credits with a select to assign them to an open billing or
// ignore them, and the credits an earlier import already settled. Confirmar
// settles the chosen billings in one transaction; a refusal (a billing paid
// meanwhile, one billing chosen twice) comes back on this page with the
// choices kept and nothing settled. Once confirmed the page is the record.
export function meta() {
  return [{ title: "Conciliação do Extrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const review = id === null ? null : await getStatementReview(getDb(), id, getChargingSettings().issueDays);
  invariantResponse(review, "Extrato não encontrado");
  return review;
}

// The posted choices: `accept` (matched lines, checked) and `assign-<line>` (a billing id, or empty: ignore).
function readConfirmation(form: FormData): Confirmation {
  const accept = form.getAll("accept").flatMap((v) => parseId(v) ?? []);
  const assign = [...form.entries()].flatMap(([name, value]) => {
    const lineId = name.startsWith("assign-") ? parseId(name.slice(7)) : null;
    const billingId = parseId(value);
    return lineId !== null && billingId !== null ? [{ lineId, billingId }] : [];
  });
  return { accept: [...new Set(accept)], assign };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const id = parseId(params.id);
  invariantResponse(id !== null, "Extrato não encontrado");
  const confirmation = readConfirmation(await readFormData(request));
  const here = `/admin/extratos/${id}`;
  const today = localToday();
  let outcome: Awaited<ReturnType<typeof confirmStatementImport>>;
  try {
    outcome = await confirmStatementImport(getDb(), id, confirmation, actor, {
      agency: pdfAgency(),
      today,
    });
  } catch (error) {
    return failedWriteToast("statement.confirm_failed", error, here, {
      title: "Erro",
      description: STATEMENT_MESSAGES.confirmFailed,
    });
  }
  if (!outcome.ok && outcome.reason === "invalid")
    return data({ errors: outcome.errors, confirmation }, { status: 400 });
  if (!outcome.ok) {
    invariantResponse(outcome.reason !== "import", "Extrato não encontrado");
    return redirectWithToast(here, { type: "error", title: "Erro", description: STATEMENT_MESSAGES.alreadyConfirmed });
  }
  const { settled, differences } = outcome;
  return redirectWithToast(here, {
    type: "success",
    title: "Conciliação confirmada",
    description:
      settled === 0
        ? "Nenhuma cobrança foi baixada."
        : `${settled} ${settled === 1 ? "cobrança baixada" : "cobranças baixadas"} como Pago, com recibo.${differences > 0 ? ` ${differences} com diferença de valor: veja Diferenças em Cobranças.` : ""}`,
  });
}

export default function StatementReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { statement: s, lines } = loaderData;
  const pending = s.confirmed_at === null;
  const debits = s.lines_count - s.credits_count;
  return (
    <div className="mx-auto max-w-7xl">
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
      {pending ? (
        <ReviewForm
          key={actionData ? JSON.stringify(actionData.confirmation) : "initial"}
          lines={lines}
          options={loaderData.options}
          errors={actionData?.errors ?? []}
          confirmation={actionData?.confirmation ?? null}
        />
      ) : (
        <ConfirmedRecord lines={lines} />
      )}
    </div>
  );
}

const matchColumns: LineColumn<StatementReviewLine>[] = [
  {
    label: "Inquilino",
    cell: (l) => (
      <>
        <span className="font-medium text-slate-900">{l.client_name ?? "—"}</span>
        <span className="block text-xs text-slate-600">
          {MATCH_KIND_LABELS[l.match_kind]}: {matchReasonLabel(l.match_reason)}
        </span>
      </>
    ),
  },
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

const creditColumns: LineColumn<StatementReviewLine>[] = [
  { label: "Crédito em", cell: (l) => formatDay(l.posted_date) },
  { label: "Valor", cell: (l) => formatBRL(l.amount_cents) },
  { label: "Descrição", wide: true, cell: (l) => <span className="break-words">{l.memo || "—"}</span> },
];

function ReviewForm({
  lines,
  options,
  errors,
  confirmation,
}: {
  lines: StatementReviewLine[];
  options: Route.ComponentProps["loaderData"]["options"];
  errors: string[];
  confirmation: Confirmation | null;
}) {
  const busy = useIsPending();
  const matched = lines.filter((l) => l.match_kind === "exact" || l.match_kind === "probable");
  const unmatched = lines.filter((l) => l.match_kind === "none");
  const already = lines.filter((l) => l.match_kind === "already");
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
      <StatementLinesTable
        title="Correspondências"
        empty="Nenhum crédito corresponde a uma cobrança em aberto."
        note="As exatas vêm marcadas; confira as prováveis antes de marcá-las."
        lines={matched}
        columns={matchColumns}
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
      <StatementLinesTable
        title="Créditos sem correspondência"
        empty="Todos os créditos têm correspondência."
        note="Atribua um crédito a uma cobrança em aberto, ou deixe-o ignorado."
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
                {options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.client_name} · {periodLabel(o.month_year)} · venc. {formatDay(o.due_date)} ·{" "}
                    {formatBRL(o.amount_cents)}
                  </option>
                ))}
              </select>
            ),
          },
        ]}
        testId="unmatched-credits"
      />
      {already.length > 0 ? (
        <StatementLinesTable
          title="Já conciliados"
          note="Estes créditos já baixaram uma cobrança em outra importação; não serão usados de novo."
          lines={already}
          columns={creditColumns}
          testId="already-credits"
        />
      ) : null}
      <div className="flex justify-end">
        <Button disabled={busy}>{busy ? "Confirmando..." : "Confirmar"}</Button>
      </div>
    </Form>
  );
}

function ConfirmedRecord({ lines }: { lines: StatementReviewLine[] }) {
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
                {l.receipt ? (
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
                {l.payment_difference !== null ? (
                  <span className="block text-xs font-medium text-amber-800">
                    {differenceLabel(l.payment_difference)}
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
