import { privateUpload } from "#app/models/shared/fields";

// "Enviar Contrato" (docs/product.md §Contratos, issue 7): a client and a file,
// both required with the spec's one message; the file is a PDF, DOC or DOCX by
// content (checked on the server), at most 20 MB.

export const CONTRACT_MESSAGES = {
  required: "Selecione um cliente e um arquivo.",
  type: "Formato não aceito. Envie um arquivo PDF, DOC ou DOCX.",
  tooLarge: "O arquivo deve ter no máximo 20 MB.",
  noClient: "Cliente não encontrado. Recarregue a página e escolha outro.",
  failed: "Erro ao enviar contrato.",
  deleteFailed: "Erro ao excluir contrato.",
} as const;

export const MAX_CONTRACT_BYTES = 20 * 1024 * 1024;
// The file input's `accept` (a hint for the picker; the server judges by content).
export const CONTRACT_ACCEPT =
  ".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document";

// The upload dialog ("Enviar Contrato"), privateUpload in models/shared/fields.ts.
export const CONTRACT_UPLOAD = privateUpload(
  { ...CONTRACT_MESSAGES, invalid: CONTRACT_MESSAGES.noClient },
  {
    choiceName: "client_id",
    choiceLabel: "Cliente",
    placeholder: "Selecione um cliente",
    accept: CONTRACT_ACCEPT,
    hint: "PDF, DOC ou DOCX, até 20 MB.",
    submitLabel: "Enviar Contrato",
    alertTitle: "Erro ao enviar contrato",
    maxBytes: MAX_CONTRACT_BYTES,
  },
);
