import { randomUUID } from "node:crypto";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data } from "react-router";
import { ClientAreaHeader } from "#app/components/client/client-area-header";
import { BillingStatusBadge } from "#app/components/billing/billing-status-badge";
import { ErrorPage } from "#app/components/site/error-page";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert, describedBy } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { kickOutbox } from "#app/models/email/outbox.server";
import { issueHorizon } from "#app/models/billing/charges";
import { periodLabel } from "#app/models/billing/months";
import { getChargingSettings } from "#app/models/billing/settings.server";
import { effectiveStatus } from "#app/models/billing/status";
import { formatDay } from "#app/models/clients/status";
import { owedOn } from "#app/models/ledger/owed";
import { PROOF_ACCEPT, PROOF_MESSAGES, proofSchema } from "#app/models/payment-proofs/proofs.schema";
import { proofBilling, sendPaymentProof, type SendProofResult } from "#app/models/payment-proofs/proofs.server";
import { localToday } from "#app/models/shared/days";
import { formatBRL } from "#app/models/shared/money";
import { clientContext } from "#app/utils/client-context";
import { failedWriteAlert } from "#app/utils/failure.server";
import { invariantResponse, parseId } from "#app/utils/http.server";
import { pageTitle } from "#app/utils/seo";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/payment-proof";
import { readProofForm } from "./proof-upload.server";

// "Já paguei" (issue 35; docs/decisions/0063-payment-proofs.md): the tenant
// sends a proof of payment for one of their own open billings. It goes to
// staff's "Comprovantes a conferir" and settles nothing. Another tenant's
// billing, or one not issued yet, is the same 404 as a missing one.
const BACK = "/client-area?tab=cobranca";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Já paguei") }, { name: "robots", content: "noindex" }];
}

async function ownBilling(clientId: number, rawId: string | undefined) {
  const id = parseId(rawId);
  const today = localToday();
  const billing =
    id === null
      ? null
      : await proofBilling(getDb(), clientId, id, issueHorizon(today, getChargingSettings().issueDays));
  invariantResponse(billing, "Cobrança não encontrada");
  return { billing, today };
}

const alreadyPaid = () =>
  redirectWithToast(BACK, {
    type: "info",
    title: "Cobrança já paga",
    description: "Esta cobrança já consta como paga: não é preciso enviar comprovante.",
  });

export async function loader({ context, params }: Route.LoaderArgs) {
  const { client } = context.get(clientContext);
  const { billing, today } = await ownBilling(client.id, params.id);
  if (billing.status === "paid") throw await alreadyPaid();
  return {
    clientName: client.name,
    billing: {
      id: billing.id,
      period: periodLabel(billing.month_year),
      dueDate: billing.due_date,
      status: effectiveStatus(billing.status, billing.grace_until, today),
      owedToday: owedOn(billing, today).total,
    },
    today,
    // The form's one-time key: the same form posted twice stores one proof.
    onceKey: randomUUID(),
    constraint: getZodConstraint(proofSchema),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { client } = context.get(clientContext);
  const { billing, today } = await ownBilling(client.id, params.id);
  if (billing.status === "paid") return alreadyPaid();
  const body = await readProofForm(request);
  const formData = body.formData ?? new FormData();
  const submission = parseWithZod(formData, { schema: proofSchema });
  const refuse = (field: string, message: string) =>
    data({ result: submission.reply({ fieldErrors: { [field]: [message] } }), alert: null }, { status: 400 });
  if (!body.ok) {
    if (body.reason === "too-large") return refuse("file", PROOF_MESSAGES.tooLarge);
    return data({ result: submission.reply(), alert: PROOF_MESSAGES.failed }, { status: 400 });
  }
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  const { file, paid_on, amount, note, chave } = submission.value;
  let sent: SendProofResult;
  try {
    sent = await sendPaymentProof(
      getDb(),
      client.id,
      billing.id,
      {
        fileName: file!.name,
        bytes: new Uint8Array(await file!.arrayBuffer()),
        paid_on: paid_on ?? null,
        amount_cents: amount ?? null,
        note: note || null,
        op_key: chave,
      },
      { horizon: issueHorizon(today, getChargingSettings().issueDays), today },
    );
  } catch (error) {
    return failedWriteAlert("payment_proof.send_failed", error, {
      result: submission.reply(),
      alert: PROOF_MESSAGES.failed,
    });
  }
  if (!sent.ok) {
    switch (sent.reason) {
      case "billing":
        throw data({ message: "Cobrança não encontrada" }, { status: 404 });
      case "paid":
        return alreadyPaid();
      case "type":
        return refuse("file", PROOF_MESSAGES.type);
      case "too-large":
        return refuse("file", PROOF_MESSAGES.tooLarge);
      case "unreadable":
        return refuse("file", PROOF_MESSAGES.unreadable);
      case "future":
        return refuse("paid_on", PROOF_MESSAGES.futurePaidOn);
      case "too-many":
        return data({ result: submission.reply(), alert: PROOF_MESSAGES.tooMany }, { status: 400 });
    }
  }
  if (!sent.duplicate) kickOutbox(getDb()); // the agency's "Aviso à equipe"
  return redirectWithToast(BACK, {
    type: "success",
    title: PROOF_MESSAGES.sentTitle,
    description: PROOF_MESSAGES.sent,
  });
}

export default function PaymentProof({ loaderData, actionData }: Route.ComponentProps) {
  const { billing: b, today } = loaderData;
  const busy = useIsPending();
  const [form, fields] = useForm({
    id: `comprovante-${b.id}`,
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    shouldRevalidate: "onSubmit",
  });
  return (
    <main id="conteudo" className="min-h-screen bg-slate-50">
      <ClientAreaHeader clientName={loaderData.clientName} />
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
        <Link to={BACK} className="text-sm font-medium text-brand-700 hover:underline">
          ← Voltar para Cobrança
        </Link>
        <section aria-labelledby="ja-paguei" className="rounded-xl bg-white p-4 shadow-sm sm:p-6">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 id="ja-paguei" className="text-lg font-semibold text-slate-900">
              Já paguei: aluguel de {b.period}
            </h2>
            <BillingStatusBadge status={b.status} />
          </div>
          <p className="mt-1 text-sm text-slate-700">
            Vencimento em {formatDay(b.dueDate)} · Valor para pagamento hoje:{" "}
            <strong className="whitespace-nowrap">{formatBRL(b.owedToday)}</strong>
          </p>
          <p className="mt-3 text-sm text-slate-600">
            Envie o comprovante do pagamento (foto ou PDF). A imobiliária confere o valor com o banco e dá a baixa; até
            lá a cobrança continua em aberto.
          </p>
          <Form
            method="post"
            encType="multipart/form-data"
            {...getFormProps(form)}
            noValidate={false}
            className="mt-4 space-y-4"
          >
            {actionData?.alert ? <FormAlert title="Comprovante não enviado" description={actionData.alert} /> : null}
            <input type="hidden" name="chave" value={loaderData.onceKey} />
            <Field
              meta={fields.file}
              label="Comprovante"
              hint="Foto (JPEG, PNG, WebP ou HEIC) ou PDF, de até 10 MB."
              as="custom"
            >
              <input
                id={fields.file.id}
                name={fields.file.name}
                type="file"
                accept={PROOF_ACCEPT}
                required
                aria-invalid={fields.file.errors?.length ? true : undefined}
                aria-describedby={describedBy(fields.file, "hint")}
                className="block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold"
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field meta={fields.paid_on} label="Data do pagamento (opcional)" type="date" max={today} />
              <Field
                meta={fields.amount}
                label="Valor pago em R$ (opcional)"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0,00"
              />
            </div>
            <Field meta={fields.note} label="Observação (opcional)" as="textarea" rows={3} />
            <Button disabled={busy}>{busy ? "Enviando..." : "Enviar comprovante"}</Button>
          </Form>
        </section>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Cobrança não encontrada"
      notFoundText="Esta cobrança não existe ou não está em aberto."
    />
  );
}
