import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data } from "react-router";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { ErrorPage } from "#app/components/site/error-page";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field, FormAlert } from "#app/components/ui/field";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import { periodLabel } from "#app/models/billing/months";
import { billingStatusLabel, effectiveStatus } from "#app/models/billing/status";
import { CONTRACT_END_MESSAGES as M, endContractSchema } from "#app/models/clients/contract-end.schema";
import { endContract, getContractEnd, openBillings } from "#app/models/clients/contract-end.server";
import { formatDay } from "#app/models/clients/status";
import { localToday } from "#app/models/shared/days";
import { formatBRL } from "#app/models/shared/money";
import { failedWriteAlert } from "#app/utils/failure.server";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/contract-end";
import { readTab, tabListUrl } from "./clients-tabs";

// "Encerrar contrato" (docs/decisions/0062-nothing-fiscal-deleted.md): a
// dialog over the client list (a page of its own without JavaScript) that
// says what ending does and asks the day and, optionally, why. Nothing is
// deleted. "Excluir" of a client with money history lands here.
export function meta() {
  return [{ title: "Encerrar contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const listOf = (url: URL) => tabListUrl(readTab(url), url.searchParams);

async function loadClient(param: string) {
  const id = parseId(param);
  const client = id === null ? null : await getContractEnd(getDb(), id);
  invariantResponse(client, "Cliente não encontrado");
  return client;
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const client = await loadClient(params.id);
  const today = localToday();
  const open = (await openBillings(getDb(), client.id)).map((b) => ({
    id: b.id,
    period: periodLabel(b.month_year),
    status: billingStatusLabel(effectiveStatus(b.status, b.grace_until, today)),
    amount: formatBRL(b.amount_cents),
  }));
  return {
    client,
    open,
    list: listOf(url),
    reopen: `/admin/clients/${client.id}/reabrir${url.search}`,
    defaults: { ended_on: today, ended_reason: "" },
    constraint: getZodConstraint(endContractSchema),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const client = await loadClient(params.id);
  const list = listOf(url);
  const submission = parseWithZod(await readFormData(request), { schema: endContractSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  let ended: Awaited<ReturnType<typeof endContract>>;
  try {
    ended = await endContract(getDb(), client.id, submission.value, actor);
  } catch (error) {
    return failedWriteAlert("clients.contract_end_failed", error, { result: submission.reply(), alert: M.failed });
  }
  invariantResponse(ended, "Cliente não encontrado");
  if (!ended.ok) {
    if (ended.reason === "already")
      return redirectWithToast(list, { type: "error", title: "Erro", description: M.already });
    const message = ended.reason === "future" ? M.future : M.beforeStart;
    return data({ result: submission.reply({ fieldErrors: { ended_on: [message] } }), alert: null }, { status: 400 });
  }
  const later = ended.later.length
    ? ` ${ended.later.length === 1 ? "A cobrança" : "As cobranças"} de ${ended.later.map((b) => periodLabel(b.month_year)).join(", ")}, já ${ended.later.length === 1 ? "emitida, continua" : "emitidas, continuam"} em aberto, sem novos avisos por email.`
    : "";
  return redirectWithToast(list, {
    type: "success",
    title: "Contrato encerrado",
    description: `${ended.name}, em ${formatDay(ended.endedOn)}. Nada foi apagado.${later}`,
  });
}

export default function EndContract({ loaderData, actionData }: Route.ComponentProps) {
  const { client, open, list, reopen } = loaderData;
  const busy = useIsPending();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: loaderData.defaults,
  });
  const period =
    client.contract_start_date || client.contract_end_date
      ? ` (${formatDay(client.contract_start_date) || "—"} a ${formatDay(client.contract_end_date) || "—"})`
      : "";
  if (client.ended_on)
    return (
      <RouteDialog title="Encerrar contrato" closeTo={list}>
        <p className="break-words">
          O contrato de <strong>{client.name}</strong> já foi encerrado em {formatDay(client.ended_on)}
          {client.ended_reason ? ` (${client.ended_reason})` : ""}.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={reopen} className={buttonClass("secondary")}>
            Reabrir contrato
          </Link>
          <Link to={list} preventScrollReset className={buttonClass("secondary")}>
            Voltar
          </Link>
        </div>
      </RouteDialog>
    );
  return (
    <RouteDialog title="Encerrar contrato" closeTo={list}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {actionData?.alert ? <FormAlert title="Erro" description={actionData.alert} /> : null}
        <p className="break-words">
          Encerrar o contrato de <strong>{client.name}</strong>
          {period}? Depois da data do encerramento:
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>nenhuma cobrança é gerada para os meses seguintes e nenhum reajuste é aplicado;</li>
          <li>
            as cobranças em aberto continuam e podem ser pagas; as de meses depois do encerramento já emitidas deixam de
            receber avisos por email;
          </li>
          <li>
            nada é apagado: cobranças, recibos, arquivos, repasses, DIMOB e informes de rendimentos ficam guardados;
          </li>
          <li>o inquilino continua entrando na Área do Cliente para ver documentos e recibos.</li>
        </ul>
        {open.length ? (
          <div className="text-sm" data-testid="open-billings">
            <p className="font-medium text-slate-800">Cobranças em aberto:</p>
            <ul className="mt-1 space-y-0.5 text-slate-700">
              {open.map((b) => (
                <li key={b.id}>
                  {b.period}: {b.amount} ({b.status})
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <Field meta={fields.ended_on} label="Data do encerramento *" type="date" />
          <Field meta={fields.ended_reason} label="Motivo (opcional)" as="textarea" rows={2} />
        </div>
        <p className="text-sm text-slate-600">Pode ser desfeito com “Reabrir contrato”.</p>
        <div className="flex flex-wrap gap-3">
          <Button name="intent" value="end" disabled={busy} variant="danger">
            {busy ? "Encerrando..." : "Encerrar contrato"}
          </Button>
          <Link to={list} preventScrollReset className={buttonClass("secondary")}>
            Cancelar
          </Link>
        </div>
      </Form>
    </RouteDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Cliente não encontrado"
      notFoundText="Este cliente não existe ou foi excluído."
    />
  );
}
