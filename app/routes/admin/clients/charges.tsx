import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { ChargeForm, ChargesList, RecurringForm, RecurringList } from "#app/components/admin/charges-forms";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { getDb } from "#app/db/db.server";
import { CHARGE_MESSAGES, chargeSchema, recurringSchema } from "#app/models/charges/charge.schema";
import {
  addRecurringCharge,
  cancelCharge,
  chargeableBillings,
  contractCharges,
  endRecurringCharge,
  postCharge,
  recurringCharges,
} from "#app/models/charges/charges.server";
import { getClient } from "#app/models/clients/clients.server";
import { localToday } from "#app/models/shared/days";
import { failedWriteAlert } from "#app/utils/failure.server";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/charges";
import { readTab, tabListUrl } from "./clients-tabs";

// "Encargos do contrato" (issue 36, docs/decisions/0068-charges-beside-the-rent.md):
// IPTU, condomínio, insurance, repairs on the tenant's billings, each for
// whom receives it; monthly ones go on each billing made. A dialog over the
// client lists, a page without JavaScript.
export function meta() {
  return [{ title: "Encargos do contrato | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const listOf = (url: URL) => tabListUrl(readTab(url), url.searchParams);

export async function loader({ params, url }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const db = getDb();
  const client = id === null ? null : await getClient(db, id);
  invariantResponse(client, CHARGE_MESSAGES.notFound);
  return {
    name: client.name,
    billings: await chargeableBillings(db, client.id),
    charges: await contractCharges(db, client.id),
    recurring: await recurringCharges(db, client.id),
    constraint: getZodConstraint(chargeSchema),
    monthlyConstraint: getZodConstraint(recurringSchema),
    // The form's one-time key: posted twice, one charge.
    onceKey: randomUUID(),
    list: listOf(url),
  };
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const id = parseId(params.id);
  invariantResponse(id !== null, CHARGE_MESSAGES.notFound);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const here = `${url.pathname}${url.search}`;
  const db = getDb();
  const today = localToday();
  if (intent === "cancel" || intent === "end") {
    const target = parseId(String(form.get("id") ?? ""));
    invariantResponse(target !== null, CHARGE_MESSAGES.charge);
    if (intent === "end") {
      const ended = await endRecurringCharge(db, id, target, actor, today.slice(0, 7));
      invariantResponse(ended, CHARGE_MESSAGES.charge);
      return redirectWithToast(here, { type: "success", title: CHARGE_MESSAGES.ended });
    }
    const cancelled = await cancelCharge(db, id, target, actor, today);
    if (!cancelled.ok)
      return redirectWithToast(here, {
        type: "error",
        title: cancelled.reason === "locked" ? CHARGE_MESSAGES.chargeLocked : CHARGE_MESSAGES.charge,
      });
    return redirectWithToast(here, { type: "success", title: CHARGE_MESSAGES.cancelled });
  }
  if (intent === "add-monthly") {
    const submission = parseWithZod(form, { schema: recurringSchema });
    if (submission.status !== "success")
      return data({ form: "monthly" as const, result: submission.reply(), alert: null }, { status: 400 });
    try {
      const saved = await addRecurringCharge(db, id, submission.value, actor, today);
      invariantResponse(saved.ok, CHARGE_MESSAGES.notFound);
      return redirectWithToast(here, {
        type: "success",
        title: CHARGE_MESSAGES.addedMonthly,
        description: saved.attached > 0 ? `Entrou também em ${saved.attached} cobrança(s) já geradas.` : undefined,
      });
    } catch (error) {
      return failedWriteAlert("recurring_charge.create_failed", error, {
        form: "monthly" as const,
        result: submission.reply(),
        alert: CHARGE_MESSAGES.failed,
      });
    }
  }
  const submission = parseWithZod(form, { schema: chargeSchema });
  if (submission.status !== "success")
    return data({ form: "add" as const, result: submission.reply(), alert: null }, { status: 400 });
  let posted: Awaited<ReturnType<typeof postCharge>>;
  try {
    posted = await postCharge(db, id, submission.value, actor, today);
  } catch (error) {
    return failedWriteAlert("rent_charge.create_failed", error, {
      form: "add" as const,
      result: submission.reply(),
      alert: CHARGE_MESSAGES.failed,
    });
  }
  if (!posted.ok)
    return data(
      {
        form: "add" as const,
        result: submission.reply({ fieldErrors: { billing_id: [CHARGE_MESSAGES.billingClosed] } }),
        alert: null,
      },
      { status: 400 },
    );
  return redirectWithToast(here, {
    type: "success",
    title: CHARGE_MESSAGES.added,
    description: submission.value.description,
  });
}

export default function Charges({ loaderData, actionData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <RouteDialog title={`Encargos do contrato: ${d.name}`} closeTo={d.list} wide>
      <div className="space-y-6">
        <p className="text-sm text-slate-700">
          O que o inquilino paga com o aluguel além dele (Lei 8.245, arts. 22 VIII, 23 XII e 25): entra na cobrança,
          depois do aluguel, e vai para quem recebe. O que é do proprietário entra no extrato dele como reembolso, sem
          taxa; o de terceiros e o da imobiliária não entram no repasse.
        </p>
        {actionData?.alert ? <p className="text-sm text-red-700">{actionData.alert}</p> : null}
        {/* A new key after each charge: the form starts empty again. */}
        <ChargeForm
          key={d.onceKey}
          constraint={d.constraint}
          result={actionData?.form === "add" ? actionData.result : undefined}
          onceKey={d.onceKey}
          billings={d.billings}
        />
        <RecurringForm
          constraint={d.monthlyConstraint}
          result={actionData?.form === "monthly" ? actionData.result : undefined}
        />
        <RecurringList rows={d.recurring} />
        <ChargesList rows={d.charges} />
      </div>
    </RouteDialog>
  );
}
