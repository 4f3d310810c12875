import { z } from "zod";
import { isPlausiblePixKey, normalizePixKey } from "#app/models/billing/pix";
import { cpfCnpjField } from "#app/models/clients/client.schema";
import {
  emailField,
  nameField,
  optionalText,
  phoneField,
  plainText,
  rentalAmountField,
} from "#app/models/shared/fields";

// "Novo Proprietário" / "Editar Proprietário" (docs/product.md §Proprietários,
// issue 22): who receives the rent and where the transfer goes. The CPF/CNPJ is
// checked (the DIMOB needs it); the Pix key must be one of the five kinds.

export const OWNER_MESSAGES = {
  created: "Proprietário cadastrado com sucesso!",
  updated: "Proprietário atualizado com sucesso!",
  saveFailed: "Não foi possível salvar o proprietário. Nada foi salvo; tente novamente.",
  notFound: "Proprietário não encontrado",
  approvalLimit: "Informe o limite, como 500,00.",
  pixKey: "Chave Pix inválida: use CPF, CNPJ, email, celular (+55...) ou a chave aleatória.",
} as const;

export const pixKeyField = plainText()
  .max(80, OWNER_MESSAGES.pixKey)
  .refine(isPlausiblePixKey, OWNER_MESSAGES.pixKey)
  .transform(normalizePixKey)
  .optional();

export const ownerSchema = z.object({
  name: nameField,
  cpf_cnpj: cpfCnpjField,
  email: emailField.optional(),
  phone: phoneField.optional(),
  pix_key: pixKeyField,
  bank_account: optionalText(200),
  // Above it a maintenance cost asks the owner's approval (decision 0077);
  // empty on a new owner: the default (R$ 500,00).
  approval_limit: rentalAmountField({
    required: OWNER_MESSAGES.approvalLimit,
    invalid: OWNER_MESSAGES.approvalLimit,
  }).optional(),
});
export type OwnerInput = z.infer<typeof ownerSchema>;
