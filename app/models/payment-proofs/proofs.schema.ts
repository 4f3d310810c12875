import { z } from "zod";
import { dayField } from "#app/models/billing/billing.schema";
import { idField, onceKeyField, optionalText, rentalAmountField, requiredText } from "#app/models/shared/fields";
import { PHOTO_TYPES } from "#app/utils/image-rules";

// "Já paguei" (issue 35; docs/decisions/0063-payment-proofs.md): the tenant's
// proof of payment for an open billing, and staff's answer to it in
// "Comprovantes a conferir". Client-safe: the words and the forms.

// A phone's photo of a paper receipt (HEIC from an iPhone) or a bank's PDF.
export const MAX_PROOF_BYTES = 10 * 1024 * 1024;
// The file input's `accept`: the photo types, their extensions (browsers that
// map no MIME type to .heic would hide the files) and PDF. The server judges
// the file by its bytes, whatever this says.
export const PROOF_ACCEPT = [...PHOTO_TYPES, ".heic", ".heif", "application/pdf", ".pdf"].join(",");
// Proofs of one billing waiting for staff: a few files sent by mistake are
// fine, an endless stream is not.
export const MAX_PENDING_PER_BILLING = 5;
export const NOTE_MAX = 500;
export const REFUSAL_MAX = 300;

export const PROOF_MESSAGES = {
  file: "Escolha o arquivo do comprovante (foto ou PDF).",
  type: "O arquivo precisa ser uma foto (JPEG, PNG, WebP ou HEIC) ou um PDF.",
  tooLarge: "O arquivo passa de 10 MB. Envie uma foto ou um PDF menor.",
  unreadable: "Não foi possível ler a imagem enviada. Envie outra foto ou um PDF.",
  paidOn: "Informe a data do pagamento (dd/mm/aaaa).",
  futurePaidOn: "A data do pagamento não pode ser depois de hoje.",
  amount: "Informe um valor válido, por exemplo 1.250,00.",
  tooMany: "Já há comprovantes desta cobrança em análise. Aguarde a conferência da imobiliária.",
  failed: "Não foi possível enviar o comprovante. Nada foi salvo; tente novamente.",
  sentTitle: "Comprovante enviado",
  sent: "A imobiliária vai conferir o pagamento. A cobrança continua em aberto até lá.",
  reason: "Informe o motivo da recusa.",
} as const;

// The tenant's form. The file is optional on the way in so that its absence
// is the field's own message; its type and size are judged on the server.
export const proofSchema = z
  .object({
    file: z.file().optional(),
    paid_on: dayField(PROOF_MESSAGES.paidOn).optional(),
    amount: rentalAmountField({ required: PROOF_MESSAGES.amount, invalid: PROOF_MESSAGES.amount }).optional(),
    note: optionalText(NOTE_MAX),
    chave: onceKeyField,
  })
  .superRefine((value, ctx) => {
    if (!(value.file instanceof File) || value.file.size === 0)
      ctx.addIssue({ code: "custom", path: ["file"], message: PROOF_MESSAGES.file });
  });
export type ProofInput = z.infer<typeof proofSchema>;

// Staff's answer in the queue: checked, or refused with the reason the tenant reads.
export const proofReviewSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check"), id: idField("Comprovante não encontrado.") }),
  z.object({
    intent: z.literal("refuse"),
    id: idField("Comprovante não encontrado."),
    reason: requiredText(REFUSAL_MAX, PROOF_MESSAGES.reason),
  }),
]);

export const PROOF_STATUS_LABELS = {
  pending: "Em análise",
  checked: "Conferido",
  refused: "Recusado",
} as const;

// What the tenant's open billing says of its latest proof (dd/mm/aaaa days).
export function proofStateText(p: { status: keyof typeof PROOF_STATUS_LABELS; sentDay: string }) {
  if (p.status === "pending") return `Comprovante enviado em ${p.sentDay} — em análise`;
  if (p.status === "checked") return `Comprovante enviado em ${p.sentDay} — conferido pela imobiliária`;
  return `Comprovante enviado em ${p.sentDay} — recusado`;
}
