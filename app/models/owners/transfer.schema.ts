import { z } from "zod";
import { dayField } from "#app/models/billing/billing.schema";
import { idField, onceKeyField, plainText, rentalAmountField, requiredText } from "#app/models/shared/fields";

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

// "Lançar desconto" on the Extrato do Proprietário (decision 0064): what is
// taken off the owner's next transfer (a repair, a fee), with its
// description, the day, and the contract it concerns if any.
export const DEDUCTION_MESSAGES = {
  description: "Descreva o desconto (por exemplo, o conserto e o imóvel).",
  amount: "Informe o valor do desconto.",
  date: "Informe a data do desconto, até hoje.",
  contract: "Escolha um contrato deste proprietário.",
  failed: "Não foi possível lançar o desconto. Tente novamente.",
  posted: "Desconto lançado",
  reason: "Informe o motivo do cancelamento.",
  notCancellable: "Este desconto não pode mais ser cancelado aqui: já foi cancelado ou repassado.",
  cancelFailed: "Não foi possível cancelar o desconto. Tente novamente.",
  cancelled: "Desconto cancelado",
} as const;

export const deductionSchema = z.object({
  intent: z.literal("deduction"),
  description: requiredText(200, DEDUCTION_MESSAGES.description),
  amount: rentalAmountField({ required: DEDUCTION_MESSAGES.amount, invalid: DEDUCTION_MESSAGES.amount }),
  on_date: dayField(DEDUCTION_MESSAGES.date),
  client_id: idField(DEDUCTION_MESSAGES.contract).optional(),
  chave: onceKeyField,
});

// "Cancelar" beside a deduction not yet transferred: which one, and why.
export const cancelDeductionSchema = z.object({
  intent: z.literal("cancel-deduction"),
  entry: idField(DEDUCTION_MESSAGES.notCancellable),
  reason: requiredText(200, DEDUCTION_MESSAGES.reason),
});
