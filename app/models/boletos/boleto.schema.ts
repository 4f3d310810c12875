import { z } from "zod";
import { BILLING_MESSAGES, dueDateField, monthYearField } from "#app/models/billing/billing.schema";
import { REQUIRED, checkboxField, privateUpload, rentalAmountField } from "#app/models/shared/fields";

// The boleto dialog (docs/product.md §Boletos): "Anexar Boleto" takes a client
// and a file; the analysis page lets the admin correct what was read before
// confirming. Client-safe.

export const BOLETO_MESSAGES = {
  required: "Selecione um cliente e um arquivo.",
  type: "Formato não aceito. Envie um arquivo PDF, JPG ou PNG.",
  tooLarge: "O arquivo deve ter no máximo 10 MB.",
  noClient: "Cliente não encontrado. Recarregue a página e escolha outro.",
  analysedTitle: "Análise concluída",
  analysed: "Boleto analisado com sucesso!",
  noDate: "Data não encontrada",
  failedTitle: "Erro na análise",
  failed: "Não foi possível analisar o boleto. Verifique se o arquivo está legível.",
  confirmedTitle: "Boleto Analisado",
  notIdentified: "Data não identificada",
  processedTitle: "Sucesso",
  processFailed: "Erro ao processar boletos organizados.",
  removed: "Boleto removido da lista.",
  gone: "Este boleto não está mais na lista.",
} as const;

// The upload's limit ("PDF, JPG ou PNG, até 10 MB."), which the reader
// (read-boleto.server.ts) also holds to.
export const MAX_BOLETO_BYTES = 10 * 1024 * 1024;
// The file input's `accept` (a hint; the server judges by content).
export const BOLETO_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

// The analysis page: confirm with the values (each may stay empty: a boleto
// without month or due date waits on the list but makes no billing), or
// discard it and analyse again.
export const boletoReviewSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("confirm"),
    due_date: dueDateField.optional(),
    amount: rentalAmountField({ required: REQUIRED, invalid: BILLING_MESSAGES.amount }).optional(),
    month_year: monthYearField.optional(),
    // "Atualizar o valor da cobrança para R$ X", offered when the boleto joins
    // a billing of another amount (issue 19); unticked, the billing keeps its amount.
    update_amount: checkboxField,
  }),
  z.object({ intent: z.literal("discard") }),
  // A carnê page: use its slip number `slip` (0-based) instead of the first.
  z.object({ intent: z.literal("slip"), slip: z.coerce.number().int().min(0).max(11) }),
]);

// "Processar N Boletos" names its intent, so a stray post processes nothing.
export const boletoProcessSchema = z.object({ intent: z.literal("process") });

// The upload dialog ("Anexar Boleto"), privateUpload in models/shared/fields.ts.
export const BOLETO_UPLOAD = privateUpload(
  { ...BOLETO_MESSAGES, invalid: BOLETO_MESSAGES.noClient },
  {
    choiceName: "client_id",
    choiceLabel: "Cliente",
    placeholder: "Selecione um cliente",
    accept: BOLETO_ACCEPT,
    hint: "PDF, JPG ou PNG, até 10 MB.",
    submitLabel: "Analisar Boleto",
    busyLabel: "Analisando Boleto...",
    alertTitle: "Erro",
    maxBytes: MAX_BOLETO_BYTES,
  },
);
