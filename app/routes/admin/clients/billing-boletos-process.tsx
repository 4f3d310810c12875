import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { getDb } from "#app/db/db.server";
import { BOLETO_MESSAGES, boletoProcessSchema } from "#app/models/boletos/boleto.schema";
import { processedText } from "#app/models/boletos/display";
import { processAwaitingBoletos } from "#app/models/boletos/queue.server";
import { readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/billing-boletos-process";

// "Processar N Boletos" (docs/product.md §Boletos;
// docs/decisions/0015-boleto-flow.md): one POST, one transaction: every
// awaiting boleto with a month, a due date and an amount joins its client's
// billing of that due date or month, or becomes a pending billing, with its
// file attached; the toast says how many of each. Nothing to show on a GET.
const LIST = "/admin/clients?aba=cobrancas";

export function loader() {
  return redirect(LIST);
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  if (parseWithZod(await readFormData(request), { schema: boletoProcessSchema }).status !== "success") {
    return redirectWithToast(LIST, { type: "error", title: "Erro", description: BOLETO_MESSAGES.processFailed });
  }
  const result = await processAwaitingBoletos(getDb(), actor);
  const { done, left } = processedText(result);
  if (!done) {
    return redirectWithToast(`${LIST}#boletos-aguardando`, {
      type: "error",
      title: "Nenhum boleto processado",
      description: left || "Nenhum boleto da lista tem vencimento, valor e mês de referência.",
    });
  }
  return redirectWithToast(LIST, {
    type: "success",
    title: BOLETO_MESSAGES.processedTitle,
    description: left ? `${done} ${left}` : done,
  });
}
