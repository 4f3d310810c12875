import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { CheckCircle2 } from "#app/components/ui/icons";
import { RotateCcw } from "#app/components/ui/private-icons";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { BoletoMatchNotice } from "#app/components/admin/boleto-match-notice";
import { formatMegabytes } from "#app/components/admin/private-upload-form";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { ErrorPage } from "#app/components/site/error-page";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field, FormAlert } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { boletoReviewSchema } from "#app/models/boletos/boleto.schema";
import {
  DUPLICATE_TITLE,
  SLIPS_PARAM,
  boletoSourceLabel,
  duplicateLineMessage,
  formatDigitableLine,
  slipLabel,
  slipsFromParam,
  slipsNotice,
  stepText,
  type SlipChoice,
} from "#app/models/boletos/display";
import { localToday } from "#app/models/shared/days";
import { getBoletoReviewContext, getQueuedBoleto } from "#app/models/boletos/queue.server";
import { formatDay, rentInputValue } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { boletoReviewAction } from "./billing-boleto-review-actions.server";
import type { Route } from "./+types/billing-boleto-review";

// The analysis of one boleto (docs/product.md §Boletos: due date or "Não
// encontrada", amount or "Não encontrado", reference month, "Confirmar e
// Criar Cobrança" and "Analisar Novamente"). The values are a form: the admin
// may correct any of them before confirming. Confirmed, the boleto joins the
// awaiting list below the billings; "Analisar Novamente" drops the draft and
// its file and goes back to the upload. The same page shows an awaiting
// boleto (from the list) read-only, with its "Remover".
// Issue 19: the page says when the client already has the billing the boleto
// will join (BoletoMatchNotice), offers to update its amount, and refuses a
// boleto whose digitable line is registered already.
export function meta() {
  return [{ title: "Análise do Boleto | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=cobrancas";

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const boleto = id === null ? null : await getQueuedBoleto(getDb(), id);
  invariantResponse(boleto, "Boleto não encontrado");
  const context = await getBoletoReviewContext(getDb(), boleto);
  // A carnê page's slips, to choose from (a draft only).
  const slipsParam = new URL(request.url).searchParams.get(SLIPS_PARAM);
  const slips = boleto.confirmed_at === null ? slipsFromParam(slipsParam, localToday()) : [];
  return { boleto, ...context, slips, slipsParam, constraint: getZodConstraint(boletoReviewSchema) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  return boletoReviewAction(request, await readFormData(request), parseId(params.id), actor);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

// The slips of a carnê page: a plain form of radios (works without JavaScript).
function SlipChooser({ slips, param, current }: { slips: SlipChoice[]; param: string; current: string | null }) {
  const chosen = slips.findIndex((s) => s.line === current);
  return (
    <Form
      method="post"
      action={`?${SLIPS_PARAM}=${encodeURIComponent(param)}`}
      className="mt-5 space-y-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200"
      data-testid="boleto-slips"
    >
      <p className="font-semibold text-amber-900">{slipsNotice(slips.length, chosen)}</p>
      <fieldset className="space-y-2">
        <legend className="text-sm text-slate-700">Escolha qual boleto anexar:</legend>
        {slips.map((s) => (
          <label key={s.line} className="flex items-start gap-2 text-sm text-slate-900">
            <input type="radio" name="slip" value={s.index} defaultChecked={s.index === Math.max(0, chosen)} />
            <span>
              {slipLabel(s)} <span className="font-mono text-xs text-slate-600">{formatDigitableLine(s.line)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Button name="intent" value="slip" variant="secondary" formNoValidate>
        Usar o boleto escolhido
      </Button>
    </Form>
  );
}

export default function ReviewBoleto(props: Route.ComponentProps) {
  // Another slip chosen: the form starts again from its values.
  return <Review key={props.loaderData.boleto.digitable_line ?? ""} {...props} />;
}

function Review({ loaderData, actionData }: Route.ComponentProps) {
  const { boleto: b, billings, lineOwner, step, slips, slipsParam } = loaderData;
  const busy = useIsPending();
  const draft = b.confirmed_at === null;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: {
      due_date: b.due_date ?? "",
      amount: b.amount_cents === null ? "" : rentInputValue(b.amount_cents),
      month_year: b.month_year ?? "",
      // Unticked: joining keeps the billing's amount unless staff say otherwise.
      update_amount: "",
    },
  });
  const line = formatDigitableLine(b.digitable_line);
  // A refusal of the post, or (before any) the line found registered already.
  const alert = form.errors?.[0] ?? (lineOwner ? duplicateLineMessage(lineOwner) : null);
  return (
    <RouteDialog
      title={draft ? "Análise do Boleto" : "Boleto aguardando processamento"}
      closeTo={draft ? LIST : `${LIST}#boletos-aguardando`}
    >
      <dl
        className="grid gap-4 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 sm:grid-cols-2"
        data-testid="boleto-analysis"
      >
        <Fact label="Cliente">{b.client_name}</Fact>
        <Fact label="Arquivo">
          <a
            href={`/arquivos/boletos/${b.id}`}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-800 underline"
          >
            {b.file_name}
          </a>{" "}
          <span className="font-normal text-slate-600">({formatMegabytes(b.size)})</span>
        </Fact>
        <Fact label="Vencimento">{b.due_date ? formatDay(b.due_date) : "Não encontrada"}</Fact>
        <Fact label="Valor">{b.amount_cents !== null ? formatBRL(b.amount_cents) : "Não encontrado"}</Fact>
        <Fact label="Mês de referência">{b.month_year ? periodLabel(b.month_year) : "Não encontrado"}</Fact>
        <Fact label="Linha digitável">
          {line ? <span className="font-mono text-sm">{line}</span> : "Não encontrada"}
        </Fact>
        <p className="text-sm text-slate-600 sm:col-span-2">Lido de: {boletoSourceLabel(b.source)}.</p>
      </dl>

      {draft && slips.length > 1 && slipsParam ? (
        <SlipChooser slips={slips} param={slipsParam} current={b.digitable_line} />
      ) : null}

      {draft ? (
        <Form method="post" {...getFormProps(form)} className="mt-5 space-y-5">
          {alert ? <FormAlert title={lineOwner ? DUPLICATE_TITLE : "Erro"} description={alert} /> : null}
          <p className="text-sm text-slate-700">Confira os valores e corrija o que for preciso antes de confirmar.</p>
          <div className="grid gap-5 sm:grid-cols-3">
            <Field meta={fields.due_date} label="Vencimento" type="date" />
            <Field
              meta={fields.amount}
              label="Valor (R$)"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              hint="Ex.: 1.250,00"
            />
            <Field meta={fields.month_year} label="Mês de referência" type="month" hint="Ex.: 10/2026" />
          </div>
          <p className="text-sm text-slate-600">
            Sem vencimento, valor ou mês de referência o boleto fica na lista, mas não gera cobrança.
          </p>
          <BoletoMatchNotice
            billings={billings}
            values={{
              due_date: fields.due_date.value,
              month_year: fields.month_year.value,
              amount: fields.amount.value,
            }}
            updateAmount={fields.update_amount}
          />
          <div className="flex flex-wrap gap-3">
            <Button name="intent" value="confirm" disabled={busy}>
              <CheckCircle2 aria-hidden className="size-4" /> Confirmar e Criar Cobrança
            </Button>
            <Button name="intent" value="discard" formNoValidate disabled={busy} variant="secondary">
              <RotateCcw aria-hidden className="size-4" /> Analisar Novamente
            </Button>
          </div>
        </Form>
      ) : (
        <Form method="post" action={`?de=lista`} className="mt-5 flex flex-wrap gap-3">
          {step ? (
            <p className="w-full text-sm text-slate-700" data-testid="boleto-step">
              {stepText(step, b)}
            </p>
          ) : null}
          <Button name="intent" value="discard" variant="danger">
            Remover da lista
          </Button>
          <Link to={`${LIST}#boletos-aguardando`} className={buttonClass("secondary")}>
            Voltar
          </Link>
        </Form>
      )}
    </RouteDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Boleto não encontrado"
      notFoundText="Este boleto não está mais na lista: já foi processado ou removido."
    />
  );
}
