import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getDb } from "#app/db/db.server";
import { pdfAgency } from "#app/models/billing/settings.server";
import { confirmStatementImport } from "#app/models/reconciliation/confirm.server";
import { STATEMENT_MESSAGES } from "#app/models/reconciliation/labels";
import { statementConfirmSchema } from "#app/models/reconciliation/review.schema";
import { UNREADABLE_FORM, invariantResponse } from "#app/utils/http.server";
import { localToday } from "#app/models/shared/days";
import { redirectWithToast } from "#app/utils/toast.server";

// "Confirmar" of an import's review (routes/admin/statements/review.tsx):
// the choices through statementConfirmSchema, settled in one transaction; a
// refusal comes back beside the form with the choices kept.

export async function confirmReviewAction(form: FormData, id: number, actor: { id: number; name: string }) {
  const submission = parseWithZod(form, { schema: statementConfirmSchema });
  // The schema reads any post (a bad id is left out): this narrows the type.
  invariantResponse(submission.status === "success", UNREADABLE_FORM, { status: 400 });
  const confirmation = submission.value;
  const here = `/admin/extratos/${id}`;
  const today = localToday();
  const outcome = await confirmStatementImport(getDb(), id, confirmation, actor, {
    agency: pdfAgency(),
    today,
  });
  if (!outcome.ok && outcome.reason === "invalid")
    return data({ errors: outcome.errors, confirmation }, { status: 400 });
  if (!outcome.ok) {
    invariantResponse(outcome.reason !== "import", "Extrato não encontrado");
    return redirectWithToast(here, { type: "error", title: "Erro", description: STATEMENT_MESSAGES.alreadyConfirmed });
  }
  const { settled, differences, skipped, credited, returned, ownerDebits } = outcome;
  const left =
    skipped > 0
      ? ` ${skipped} ${skipped === 1 ? "correspondência exata de outra página não foi baixada" : "correspondências exatas de outras páginas não foram baixadas"}: a cobrança já estava paga ou escolhida para outro crédito.`
      : "";
  return redirectWithToast(here, {
    type: "success",
    title: "Conciliação confirmada",
    description:
      (settled === 0
        ? `Nenhuma cobrança foi baixada.${left}`
        : `${settled} ${settled === 1 ? "cobrança baixada" : "cobranças baixadas"} como Pago, com recibo.${differences > 0 ? ` ${differences} com diferença de valor: veja Diferenças em Cobranças.` : ""}${left}`) +
      (credited > 0
        ? ` ${credited} ${credited === 1 ? "pagamento em dobro lançado" : "pagamentos em dobro lançados"} como crédito do inquilino.`
        : "") +
      (returned > 0
        ? ` ${returned} ${returned === 1 ? "devolução estornou seu pagamento" : "devoluções estornaram seus pagamentos"}: ${returned === 1 ? "a cobrança voltou" : "as cobranças voltaram"} a ficar em aberto.${ownerDebits > 0 ? ` ${ownerDebits === 1 ? "Um pagamento já repassado foi debitado" : `${ownerDebits} pagamentos já repassados foram debitados`} no próximo extrato do proprietário.` : ""}`
        : ""),
  });
}
