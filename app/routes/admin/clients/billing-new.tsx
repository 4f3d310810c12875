import { billingRowHref } from "#app/models/billing/billing-query";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { NewRecordDialog } from "#app/components/admin/new-record-dialog";
import { Field } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { BILLING_MESSAGES, newBillingSchema } from "#app/models/billing/billing.schema";
import { createBilling, listBillingClientChoices } from "#app/models/billing/billing.server";
import { dueDateFor, periodLabel } from "#app/models/billing/months";
import { rentInputValue } from "#app/models/clients/status";
import { failedWriteAlert } from "#app/utils/failure.server";
import { parseId, readFormData, requireRole } from "#app/utils/http.server";
import { localToday } from "#app/models/shared/days";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/billing-new";

// "Nova Cobrança" (docs/product.md §Cobranças): a client, the reference month,
// the amount and the due date; the billing starts as pending. A dialog over the
// Cobranças tab (decision 0010), a page without JavaScript; errors come back
// beside their fields with the typed values.
export function meta() {
  return [{ title: "Nova Cobrança | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const LIST = "/admin/clients?aba=cobrancas";

// ?cliente=<id> (from a client's group) starts with that client's rent and
// due day for the current month.
export async function loader({ url }: Route.LoaderArgs) {
  const clients = await listBillingClientChoices(getDb());
  const chosenId = parseId(url.searchParams.get("cliente") ?? undefined);
  const chosen = clients.find((c) => c.id === chosenId);
  const month = localToday().slice(0, 7);
  const defaults = {
    client_id: chosen ? String(chosen.id) : "",
    month_year: month,
    amount: chosen ? rentInputValue(chosen.monthly_rent_cents) : "",
    due_date: chosen ? dueDateFor(month, chosen.payment_due_day) : "",
  };
  return {
    clients: clients.map((c) => ({ id: c.id, name: c.name })),
    defaults,
    constraint: getZodConstraint(newBillingSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const submission = parseWithZod(await readFormData(request), { schema: newBillingSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), alert: null }, { status: 400 });
  const { client_id, month_year, amount, due_date } = submission.value;
  let created: Awaited<ReturnType<typeof createBilling>>;
  try {
    created = await createBilling(getDb(), { client_id, month_year, amount_cents: amount, due_date }, actor);
  } catch (error) {
    return failedWriteAlert("billing.create_failed", error, {
      result: submission.reply(),
      alert: BILLING_MESSAGES.createFailed,
    });
  }
  if (!created.ok)
    return data(
      { result: submission.reply({ fieldErrors: { client_id: [BILLING_MESSAGES.noClient] } }), alert: null },
      { status: 400 },
    );
  return redirectWithToast(billingRowHref(client_id, created.id), {
    type: "success",
    title: BILLING_MESSAGES.created,
    description: `Referência: ${periodLabel(month_year)}.`,
  });
}

export default function NewBilling({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NewRecordDialog
      title="Nova Cobrança"
      closeTo={LIST}
      clientLabel="Cliente"
      loaderData={loaderData}
      actionData={actionData}
      submit="Criar Cobrança"
    >
      {(fields) => (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field meta={fields.month_year} label="Mês de referência" type="month" hint="Ex.: 10/2026" />
            <Field meta={fields.due_date} label="Vencimento" type="date" />
          </div>
          <Field
            meta={fields.amount}
            label="Valor (R$)"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            hint="Ex.: 1.250,00"
          />
        </>
      )}
    </NewRecordDialog>
  );
}
