import { z } from "zod";
import { plainText } from "#app/models/shared/fields";

// "Marcar repasse como feito" on the Extrato do Proprietário
// (routes/admin/transfers/statement.tsx): the day of the transfer and the net
// amount the page showed (centavos), so that a change in the receipts since
// the page was opened is refused instead of transferred unseen.

export const TRANSFER_MESSAGES = {
  date: "Informe a data do repasse: do primeiro dia do mês até hoje.",
  changed: "Os recebimentos mudaram desde que a página foi aberta. Confira o extrato e confirme de novo.",
  empty: "Nenhum recebimento a repassar neste mês.",
  done: "O repasse deste mês já foi marcado como feito.",
  failed: "Não foi possível marcar o repasse. Tente novamente.",
} as const;

export const transferDoneSchema = z.object({
  transferred_on: plainText({ error: TRANSFER_MESSAGES.date }).regex(/^\d{4}-\d{2}-\d{2}$/, TRANSFER_MESSAGES.date),
  // A hidden field of the page; a post without it is refused like a bad date.
  net_cents: z
    .string({ error: TRANSFER_MESSAGES.date })
    .regex(/^-?\d{1,15}$/, TRANSFER_MESSAGES.date)
    .transform(Number)
    .refine(Number.isSafeInteger, TRANSFER_MESSAGES.date),
});
