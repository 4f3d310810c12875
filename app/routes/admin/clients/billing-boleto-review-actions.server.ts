import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getDb } from "#app/db/db.server";
import { BOLETO_MESSAGES, boletoReviewSchema } from "#app/models/boletos/boleto.schema";
import { billingName, duplicateLineMessage } from "#app/models/boletos/display";
import { confirmBoleto, removeQueuedBoleto } from "#app/models/boletos/queue.server";
import { chooseBoletoSlip } from "#app/models/boletos/slips.server";
import { formatDay } from "#app/models/clients/status";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { redirectWithToast } from "#app/utils/toast.server";

// The posts of a boleto's analysis (routes/admin/clients/billing-boleto-review.tsx),
// one schema branch per intent: "confirm" (Confirmar e Criar Cobrança, its
// refusals answered beside the form), "discard" (Analisar Novamente, or
// Remover from the awaiting list) and "slip" (a carnê page's slip).

const LIST = "/admin/clients?aba=cobrancas";

export async function boletoReviewAction(
  request: Request,
  form: FormData,
  id: number | null,
  actor: { id: number; name: string },
) {
  const gone = () => redirectWithToast(LIST, { type: "error", title: "Erro", description: BOLETO_MESSAGES.gone });
  const submission = parseWithZod(form, { schema: boletoReviewSchema });
  if (id === null) return gone();
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const db = getDb();
  if (submission.value.intent === "discard") {
    const removed = await removeQueuedBoleto(db, id, actor);
    if (!removed) return gone();
    await removePrivateFiles([removed.fileKey]);
    // A draft goes back to the upload for another try; an awaiting one was removed from the list.
    const url = new URL(request.url);
    if (url.searchParams.get("de") === "lista")
      return redirectWithToast(LIST, {
        type: "success",
        title: BOLETO_MESSAGES.removed,
        description: removed.fileName,
      });
    return redirectWithToast(`/admin/clients/cobrancas/boleto?cliente=${removed.clientId}`, {
      type: "info",
      title: "Analisar Novamente",
      description: removed.fileName,
    });
  }
  if (submission.value.intent === "slip") {
    const chosen = await chooseBoletoSlip(db, id, submission.value.slip);
    if (!chosen.ok && chosen.reason === "gone") return gone();
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    if (!chosen.ok)
      return redirectWithToast(back, {
        type: "error",
        title: "Erro",
        description: "Boleto não encontrado na página.",
      });
    return redirectWithToast(back, {
      type: "success",
      title: `Boleto ${submission.value.slip + 1} de ${chosen.count} selecionado`,
      description: "Confira os valores antes de confirmar.",
    });
  }
  const { due_date, amount, month_year, update_amount } = submission.value;
  const confirmed = await confirmBoleto(
    db,
    id,
    { due_date: due_date ?? null, amount_cents: amount ?? null, month_year: month_year ?? null, update_amount },
    actor,
  );
  if (!confirmed.ok && confirmed.reason === "gone") return gone();
  if (!confirmed.ok)
    return data({ result: submission.reply({ formErrors: [duplicateLineMessage(confirmed.owner)] }) }, { status: 400 });
  const joins = confirmed.joins ? ` Será anexado à ${billingName(confirmed.joins)}.` : "";
  return redirectWithToast(`${LIST}#boletos-aguardando`, {
    type: "success",
    title: BOLETO_MESSAGES.confirmedTitle,
    description: `${confirmed.file_name}: ${confirmed.due_date ? `vencimento em ${formatDay(confirmed.due_date)}` : BOLETO_MESSAGES.notIdentified}.${joins}`,
  });
}
