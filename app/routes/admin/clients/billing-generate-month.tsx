import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { z } from "zod";
import { getDb } from "#app/db/db.server";
import { billingHref } from "#app/models/billing/billing-query";
import { issueHorizon } from "#app/models/billing/charges";
import { createDueBillings } from "#app/models/billing/jobs.server";
import { getChargingSettings } from "#app/models/billing/settings.server";
import { formatDay } from "#app/models/clients/status";
import { localToday } from "#app/models/shared/days";
import { readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/billing-generate-month";

// "Gerar Cobranças do Mês" (issue 34, bulk): every active contract's months
// due up to the issue horizon (BILLING_ISSUE_DAYS ahead) that are not billed
// yet, now, by the same function the hourly job runs (createDueBillings), one
// transaction per contract, audited as the staff member. Pressed twice, the
// second time creates nothing. Nothing to show on a GET.
const schema = z.object({ intent: z.literal("generate-month") });
const back = billingHref({ queue: "mes" });

export function loader() {
  return redirect(billingHref({}));
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  if (parseWithZod(await readFormData(request), { schema }).status !== "success")
    return redirectWithToast(billingHref({}), { type: "error", title: "Erro", description: "Ação desconhecida." });
  const today = localToday();
  const { issueDays } = getChargingSettings();
  const { count, failures } = await createDueBillings(getDb(), today, issueDays, actor);
  const until = formatDay(issueHorizon(today, issueDays));
  if (failures.length > 0)
    return redirectWithToast(back, {
      type: "error",
      title: "Cobranças geradas em parte",
      description: `${count} ${count === 1 ? "cobrança nova" : "cobranças novas"}; ${failures.length} ${failures.length === 1 ? "contrato falhou" : "contratos falharam"} e ${failures.length === 1 ? "será tentado" : "serão tentados"} de novo na próxima hora.`,
    });
  if (count === 0)
    return redirectWithToast(back, {
      type: "info",
      title: "Nenhuma cobrança nova",
      description: `Todos os contratos ativos já têm as cobranças com vencimento até ${until}.`,
    });
  return redirectWithToast(back, {
    type: "success",
    title: "Cobranças do mês geradas",
    description: `${count} ${count === 1 ? "cobrança nova" : "cobranças novas"}, com vencimento até ${until}.`,
  });
}
