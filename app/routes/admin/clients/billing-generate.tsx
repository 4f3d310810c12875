import { billingHref } from "#app/models/billing/billing-query";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CalendarPlus } from "#app/components/ui/private-icons";
import { Form, Link, data } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { BILLING_MESSAGES, generateBillingsSchema } from "#app/models/billing/billing.schema";
import { generateContractBillings, listBillingClientChoices } from "#app/models/billing/billing.server";
import { formatDay } from "#app/models/clients/status";
import { formatBRL } from "#app/models/shared/money";
import { parseId, readFormData, requireRole } from "#app/utils/http.server";
import { failedWriteAlert } from "#app/utils/failure.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/billing-generate";

// "Gerar Cobranças do Contrato" (docs/decisions/0009-billing.md): one billing
// per contract month not billed yet, the rent as the amount, the due day
// clamped to the month. The client needs contract dates and a rent; the list
// says which ones have them. A dialog over the Cobranças tab (decision 0010).
export function meta() {
  return [{ title: "Gerar Cobranças do Contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=cobrancas";

export async function loader({ url }: Route.LoaderArgs) {
  const clients = (await listBillingClientChoices(getDb())).map((c) => {
    const ready = !!(c.contract_start_date && c.contract_end_date && c.monthly_rent_cents != null);
    const terms = ready
      ? `${formatDay(c.contract_start_date)} a ${formatDay(c.contract_end_date)}, ${formatBRL(c.monthly_rent_cents!)}, todo dia ${c.payment_due_day}`
      : "sem datas de contrato ou aluguel";
    // Billed up to the end only (generateContractBillings).
    const ended = c.ended_on ? `, encerrado em ${formatDay(c.ended_on)}` : "";
    return { id: c.id, label: `${c.name} — ${terms}${ended}` };
  });
  const chosen = parseId(url.searchParams.get("cliente") ?? undefined);
  return {
    clients,
    chosen: clients.some((c) => c.id === chosen) ? String(chosen) : "",
    constraint: getZodConstraint(generateBillingsSchema),
  };
}

const created = (n: number) => (n === 1 ? "1 cobrança criada" : `${n} cobranças criadas`);

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const submission = parseWithZod(await readFormData(request), { schema: generateBillingsSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), alert: null, editClient: null }, { status: 400 });
  let result: Awaited<ReturnType<typeof generateContractBillings>>;
  try {
    result = await generateContractBillings(getDb(), submission.value.client_id, actor);
  } catch (error) {
    return failedWriteAlert("billing.generate_failed", error, {
      result: submission.reply(),
      alert: BILLING_MESSAGES.generateFailed,
      editClient: null,
    });
  }
  if (!result.ok) {
    const noContract = result.reason === "no-contract";
    const message = noContract ? BILLING_MESSAGES.noContract : BILLING_MESSAGES.noClient;
    const editClient = noContract ? submission.value.client_id : null;
    return data(
      { result: submission.reply({ fieldErrors: { client_id: [message] } }), alert: null, editClient },
      { status: 400 },
    );
  }
  const n = result.created.length;
  if (n === 0) {
    return redirectWithToast(billingHref({ queue: "todas", client: submission.value.client_id }), {
      type: "info",
      title: "Nenhuma cobrança nova",
      description: `Todos os meses do contrato de ${result.clientName} já têm cobrança.`,
    });
  }
  return redirectWithToast(billingHref({ queue: "todas", client: submission.value.client_id }), {
    type: "success",
    title: "Cobranças geradas",
    description: `${created(n)} para ${result.clientName}.`,
  });
}

export default function GenerateBillings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    defaultValue: { client_id: loaderData.chosen },
  });
  return (
    <RouteDialog title="Gerar Cobranças do Contrato" closeTo={LIST}>
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        {actionData?.alert ? <FormAlert title="Erro" description={actionData.alert} /> : null}
        <p className="text-sm text-slate-700">
          Cria uma cobrança pendente para cada mês do contrato que ainda não tem cobrança, com o valor do aluguel e o
          dia de vencimento do cliente (no último dia do mês quando o mês é mais curto).
        </p>
        <Field meta={fields.client_id} label="Cliente" as="select">
          <option value="">Selecione um cliente</option>
          {loaderData.clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </Field>
        {actionData?.editClient ? (
          <Link
            to={`/admin/clients/${actionData.editClient}/edit`}
            className="inline-block text-sm font-medium text-brand-800 underline"
          >
            Editar Cliente
          </Link>
        ) : null}
        <Button disabled={busy}>
          <CalendarPlus aria-hidden className="size-4" /> {busy ? "Gerando..." : "Gerar Cobranças"}
        </Button>
      </Form>
    </RouteDialog>
  );
}
