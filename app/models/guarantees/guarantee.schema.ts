import { z } from "zod";
import { cpfCnpjField } from "#app/models/clients/client.schema";
import {
  checkboxField,
  emailField,
  localDayField,
  MAX_RENTAL_AMOUNT_CENTS,
  optionalText,
  plainText,
  privateUpload,
} from "#app/models/shared/fields";
import { parseBRL, type Cents } from "#app/models/shared/money";

// "Garantia" of a contract (issue 36; Lei 8.245 arts. 37-41): one modality a
// contract (art. 37 sole paragraph). Client-safe.

// The most a caução in money may be, in rents (Lei 8.245 art. 38 §2).
export const CAUTION_MAX_RENTS = 3;

export const GUARANTEE_KINDS = ["caucao", "fianca", "seguro_fianca", "cessao_quotas"] as const;
export const GUARANTEE_LABELS: Record<(typeof GUARANTEE_KINDS)[number], string> = {
  caucao: "Caução em dinheiro",
  fianca: "Fiança (fiador)",
  seguro_fianca: "Seguro-fiança",
  cessao_quotas: "Cessão fiduciária de quotas",
};
// Who provides it, as the form asks.
export const PROVIDER_LABELS: Record<(typeof GUARANTEE_KINDS)[number], string> = {
  caucao: "Depositante",
  fianca: "Fiador",
  seguro_fianca: "Seguradora",
  cessao_quotas: "Administradora do fundo",
};

export const GUARANTEE_MESSAGES = {
  saved: "Garantia salva",
  removed: "Contrato sem garantia",
  notFound: "Cliente não encontrado",
  saveFailed: "Não foi possível salvar a garantia. Tente novamente.",
  kind: "Escolha a garantia do contrato.",
  amount: "Informe um valor válido, como 3.000,00.",
  cautionTooHigh: "A caução em dinheiro não pode passar de três aluguéis (Lei 8.245, art. 38 §2º).",
  cautionAmount: "Informe o valor depositado.",
  provider: "Informe quem presta a garantia.",
  validUntil: "Informe até quando a apólice vale.",
  day: "Informe uma data válida (dd/mm/aaaa).",
} as const;

const amountField = plainText()
  .max(20, GUARANTEE_MESSAGES.amount)
  .transform((v, ctx) => {
    const c = parseBRL(v);
    if (c == null || c <= 0 || c > MAX_RENTAL_AMOUNT_CENTS) {
      ctx.addIssue({ code: "custom", message: GUARANTEE_MESSAGES.amount });
      return z.NEVER;
    }
    return c as Cents;
  })
  .optional();

const dayField = localDayField(GUARANTEE_MESSAGES.day).optional();

export const guaranteeSchema = z
  .object({
    kind: z.enum([...GUARANTEE_KINDS, "nenhuma"], { error: GUARANTEE_MESSAGES.kind }),
    amount: amountField,
    provider_name: optionalText(200),
    provider_document: cpfCnpjField,
    provider_email: emailField.optional(),
    reference: optionalText(100),
    valid_until: dayField,
    copy_on_arrears: checkboxField,
    notes: optionalText(1000),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "caucao" && v.amount === undefined)
      ctx.addIssue({ code: "custom", path: ["amount"], message: GUARANTEE_MESSAGES.cautionAmount });
    if ((v.kind === "fianca" || v.kind === "seguro_fianca") && !v.provider_name)
      ctx.addIssue({ code: "custom", path: ["provider_name"], message: GUARANTEE_MESSAGES.provider });
    if (v.kind === "seguro_fianca" && !v.valid_until)
      ctx.addIssue({ code: "custom", path: ["valid_until"], message: GUARANTEE_MESSAGES.validUntil });
  });
export type GuaranteeInput = z.infer<typeof guaranteeSchema>;

// "Enviar documento da garantia" (decision 0075): the apólice, the carta de
// fiança, a fiador's documents, the caução's deposit receipt; PDF or a photo,
// judged by content on the server.
export const GUARANTEE_DOCUMENT_MESSAGES = {
  required: "Selecione um arquivo.",
  invalid: "Contrato não encontrado.",
  type: "Formato não aceito. Envie um PDF, JPG ou PNG.",
  tooLarge: "O arquivo deve ter no máximo 20 MB.",
  failed: "Erro ao enviar o documento da garantia.",
  deleteFailed: "Erro ao excluir o documento da garantia.",
} as const;

export const GUARANTEE_DOCUMENT_UPLOAD = privateUpload(GUARANTEE_DOCUMENT_MESSAGES, {
  choiceName: "client_id",
  choiceLabel: "Contrato",
  placeholder: "Selecione o contrato",
  accept: ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png",
  hint: "PDF, JPG ou PNG, até 20 MB: apólice, carta de fiança, documentos do fiador, comprovante da caução.",
  submitLabel: "Enviar documento",
  alertTitle: "Erro ao enviar o documento",
  maxBytes: 20 * 1024 * 1024,
});
