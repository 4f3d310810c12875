import { z } from "zod";
import {
  LIMITS,
  idField,
  optionalText,
  privateUpload,
  rentalAmountField,
  requiredText,
} from "#app/models/shared/fields";
import { MAINTENANCE_PRIORITY_VALUES, MAINTENANCE_STATUS_VALUES } from "./labels";

// The admin's forms of "Gestão de Manutenções" (docs/product.md §Manutenções):
// "Gerenciar" (status, priority, admin notes) and "Upload Documento" (a request
// and a file: PDF, DOC, DOCX, JPG or PNG by content, checked on the server).

export const MAINTENANCE_ADMIN_MESSAGES = {
  required: "Selecione uma solicitação e um arquivo.",
  type: "Formato não aceito. Envie um arquivo PDF, DOC, DOCX, JPG ou PNG.",
  tooLarge: "O arquivo deve ter no máximo 20 MB.",
  noRequest: "Solicitação não encontrada. Recarregue a página e escolha outra.",
  uploadFailed: "Erro ao enviar documento.",
  updateFailed: "Erro ao atualizar solicitação.",
} as const;

export const MAX_MAINTENANCE_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const MAINTENANCE_DOCUMENT_ACCEPT =
  ".pdf,.doc,.docx,.jpg,.jpeg,.png,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,image/jpeg,image/png";

export const maintenanceUpdateSchema = z.object({
  status: z.enum(MAINTENANCE_STATUS_VALUES, { error: "Escolha um status." }),
  priority: z.enum(MAINTENANCE_PRIORITY_VALUES, { error: "Escolha uma prioridade." }),
  admin_notes: optionalText(LIMITS.longText),
});
export type MaintenanceUpdateInput = z.infer<typeof maintenanceUpdateSchema>;

// The upload dialog ("Upload Documento"), privateUpload in models/shared/fields.ts.
export const MAINTENANCE_DOCUMENT_UPLOAD = privateUpload(
  { ...MAINTENANCE_ADMIN_MESSAGES, invalid: MAINTENANCE_ADMIN_MESSAGES.noRequest },
  {
    choiceName: "request_id",
    choiceLabel: "Solicitação",
    placeholder: "Selecione uma solicitação",
    accept: MAINTENANCE_DOCUMENT_ACCEPT,
    hint: "PDF, DOC, DOCX, JPG ou PNG, até 20 MB.",
    submitLabel: "Enviar Documento",
    alertTitle: "Erro ao enviar documento",
    maxBytes: MAX_MAINTENANCE_DOCUMENT_BYTES,
  },
);

// "Registrar custo" (decision 0077): what a repair costs; above an owner's
// limit it asks the owner's approval.
export const MAINTENANCE_COST_MESSAGES = {
  description: "Descreva o custo (o serviço, o fornecedor).",
  amount: "Informe o valor, como 350,00.",
  saved: "Custo registrado",
  duplicate: "Este custo já foi registrado.",
  failed: "Não foi possível registrar o custo. Nada foi salvo; tente novamente.",
} as const;

export const maintenanceCostSchema = z.object({
  intent: z.literal("cost"),
  description: requiredText(200, MAINTENANCE_COST_MESSAGES.description),
  amount: rentalAmountField({ required: MAINTENANCE_COST_MESSAGES.amount, invalid: MAINTENANCE_COST_MESSAGES.amount }),
});

// An owner's answer staff heard by phone (decision 0077): "Aprovou" / "Recusou".
export const staffAnswerSchema = z.object({
  intent: z.literal("answer"),
  approval_id: idField("Aprovação não encontrada"),
  answer: z.enum(["approved", "refused"]),
  note: optionalText(500),
});
