import { z } from "zod";
import { REQUIRED, rentalAmountField, idField, onceKeyField, plainText, requiredText } from "#app/models/shared/fields";
import { parseLocalDay } from "#app/models/shared/days";
import { BILLING_STATUS_VALUES } from "./status";

// The forms of "Gestão de Cobranças" (docs/product.md §Cobranças): Nova
// Cobrança, Gerar Cobranças do Contrato, the status selector of each row. Field
// names follow the entity (docs/product.md §Entidades, Billing). Client-safe.

export const BILLING_MESSAGES = {
  statusUpdated: "Status da cobrança atualizado!",
  statusFailed: "Erro ao atualizar status.",
  documentDeleted: "Documento excluído com sucesso!",
  documentDeleteFailed: "Erro ao excluir documento.",
  loadFailed: "Não foi possível carregar as cobranças.",
  noWhatsappReminder: "Esta cobrança não está mais em atraso, ou o inquilino não tem um celular cadastrado.",
  created: "Cobrança criada com sucesso!",
  createFailed: "Não foi possível criar a cobrança. Nada foi salvo; tente novamente.",
  generateFailed: "Não foi possível gerar as cobranças. Nada foi salvo; tente novamente.",
  noClient: "Cliente não encontrado. Recarregue a página e escolha outro.",
  chooseClient: "Selecione um cliente.",
  noContract: "Este cliente não tem datas de contrato e aluguel cadastrados. Preencha-os em Editar Cliente.",
  month: "Informe o mês de referência (mm/aaaa).",
  amount: "Informe um valor válido, por exemplo 1.250,00.",
  dueDate: "Informe a data de vencimento (dd/mm/aaaa).",
  status: "Escolha um status.",
  paymentRegistered: "Pagamento registrado!",
  paymentFailed: "Não foi possível registrar o pagamento. Nada foi salvo; tente novamente.",
  paymentDate: "Informe a data do pagamento (dd/mm/aaaa).",
  futurePayment: "A data do pagamento não pode ser depois de hoje.",
  amountPaid: "Informe o valor recebido, por exemplo 1.605,50.",
  // The ledger's actions (docs/decisions/0061-rent-ledger.md).
  reversed: "Pagamento estornado!",
  reverseFailed: "Não foi possível estornar o pagamento. Nada foi alterado; tente novamente.",
  nothingToReverse: "Esta cobrança não tem pagamento a estornar.",
  reason: "Informe o motivo.",
  discountGranted: "Desconto concedido!",
  discountAmount: "O desconto não pode passar do valor em aberto deste item.",
  discountItem: "Escolha o item do desconto.",
  askPayment: "Informe a data e o valor recebido para marcar como Pago.",
} as const;

const MONTH_MAX = 10;

// "2026-10" (what <input type="month"> posts) or "10/2026" (a browser that
// shows a text box) -> "2026-10".
export const monthYearField = plainText({ error: BILLING_MESSAGES.month })
  .min(1, BILLING_MESSAGES.month)
  .max(MONTH_MAX, BILLING_MESSAGES.month)
  .transform((v, ctx) => {
    const iso = /^(\d{4})-(\d{2})$/.exec(v);
    const br = /^(\d{1,2})\/(\d{4})$/.exec(v);
    const [year, month] = iso ? [Number(iso[1]), Number(iso[2])] : br ? [Number(br[2]), Number(br[1])] : [NaN, NaN];
    if (!(year >= 1900 && year <= 9999 && month >= 1 && month <= 12)) {
      ctx.addIssue({ code: "custom", message: BILLING_MESSAGES.month });
      return z.NEVER;
    }
    return `${year}-${String(month).padStart(2, "0")}`;
  });

// "2026-10-05" (a date input) or "05/10/2026" -> "2026-10-05".
export function dayField(message: string) {
  return plainText({ error: message })
    .min(1, message)
    .max(10, message)
    .transform((v, ctx) => {
      const day = parseLocalDay(v);
      if (!day) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return day;
    });
}
export const dueDateField = dayField(BILLING_MESSAGES.dueDate);

const clientIdField = idField(BILLING_MESSAGES.chooseClient);

// "Nova Cobrança": starts as pending (docs/product.md §Cobranças).
export const newBillingSchema = z.object({
  client_id: clientIdField,
  month_year: monthYearField,
  amount: rentalAmountField({ required: REQUIRED, invalid: BILLING_MESSAGES.amount }),
  due_date: dueDateField,
});
export type NewBillingInput = z.infer<typeof newBillingSchema>;

// "Gerar Cobranças do Contrato".
export const generateBillingsSchema = z.object({ client_id: clientIdField });

// The status selector (row and detail page): any status from any other.
export const billingStatusSchema = z.object({
  intent: z.literal("status"),
  status: z.enum(BILLING_STATUS_VALUES, { error: BILLING_MESSAGES.status }),
});

// "Registrar pagamento" (the billing's dialog): the day it was paid and the
// amount received; the dialog proposes today and the amount due today. The
// action refuses a day after today (the agency's day).
export const paymentSchema = z.object({
  intent: z.literal("payment"),
  payment_date: dayField(BILLING_MESSAGES.paymentDate),
  amount_paid: rentalAmountField({ required: BILLING_MESSAGES.amountPaid, invalid: BILLING_MESSAGES.amountPaid }),
  chave: onceKeyField,
});

// "Conceder desconto": part of one item forgiven, with the reason.
export const DISCOUNT_ITEMS = [
  { value: "rent", label: "Aluguel" },
  { value: "late_fee", label: "Multa" },
  { value: "interest", label: "Juros" },
] as const;
export const discountSchema = z.object({
  intent: z.literal("discount"),
  item: z.enum(["rent", "late_fee", "interest"], { error: BILLING_MESSAGES.discountItem }),
  amount: rentalAmountField({ required: BILLING_MESSAGES.amount, invalid: BILLING_MESSAGES.amount }),
  reason: requiredText(300, BILLING_MESSAGES.reason),
  chave: onceKeyField,
});

// "Estornar pagamento" (its confirmation page): the reason is required.
export const reversalSchema = z.object({
  reason: requiredText(300, BILLING_MESSAGES.reason),
  chave: onceKeyField,
});

// "Marcar como resolvida" (Diferenças, decision 0037): no field but the intent.
export const differenceSchema = z.object({ intent: z.literal("difference") });

// The dialog posts one of: the status selector, the payment, a difference resolved.
export const billingManageSchema = z.discriminatedUnion("intent", [
  billingStatusSchema,
  paymentSchema,
  discountSchema,
  differenceSchema,
]);
