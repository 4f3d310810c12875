import { z } from "zod";
import { checkboxField, idField, newPasswordField, optionalText, usernameField } from "#app/models/shared/fields";
import { pixKeyField } from "./owner.schema";

// The forms of the owner's access (decision 0077): staff's "Dar acesso"
// dialog, and the owner's request to change their payout details.

export const OWNER_ACCESS_MESSAGES = {
  given: "Acesso criado",
  linked: "Acesso liberado com o login de inquilino",
  shared: "Login compartilhado com o contrato",
  removed: "Acesso removido",
  hasAccess: "Este proprietário já tem acesso.",
  noEmail: "Cadastre o email do proprietário (em Editar) antes de dar acesso: é por ele que a senha é recuperada.",
  notLinkable: "Este login não pode ser usado para este proprietário.",
  noLogin: "Este proprietário não tem acesso.",
  failed: "Não foi possível salvar. Nada foi alterado; tente novamente.",
} as const;

export const ownerAccessSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("give-access"), username: usernameField, password: newPasswordField.optional() }),
  z.object({ intent: z.literal("link-login"), user_id: idField("Login não encontrado") }),
  z.object({ intent: z.literal("share-login"), client_id: idField("Contrato não encontrado") }),
  z.object({ intent: z.enum(["reset-password", "remove-access"]) }),
]);

export const BANK_REQUEST_MESSAGES = {
  empty: "Informe a nova chave Pix, a nova conta bancária ou marque para receber na conta.",
  pixAndRemove: "Informe uma nova chave Pix ou peça para remover a atual, não os dois.",
  noteTooLong: "Observação muito longa (até 500 caracteres).",
  waiting: "Já há um pedido de alteração aguardando a confirmação da imobiliária.",
  sent: "Pedido enviado",
  sentDetail: "A imobiliária confirmará a alteração com você antes de aplicá-la.",
  failed: "Não foi possível enviar o pedido. Nada foi salvo; tente novamente.",
  confirmed: "Alteração confirmada",
  refused: "Alteração recusada",
  decided: "Este pedido já foi decidido.",
} as const;

// "Pedir alteração": a new Pix key and/or bank account, and a note.
// "remove_pix": receive in the bank account from now on (the current Pix
// key goes: transfers prefer Pix, decision 0077).
export const bankRequestSchema = z
  .object({
    pix_key: pixKeyField,
    bank_account: optionalText(200),
    remove_pix: checkboxField,
    note: optionalText(500),
  })
  .refine((v) => v.pix_key !== undefined || v.bank_account !== undefined || v.remove_pix, {
    message: BANK_REQUEST_MESSAGES.empty,
    path: ["pix_key"],
  })
  .refine((v) => !(v.pix_key !== undefined && v.remove_pix), {
    message: BANK_REQUEST_MESSAGES.pixAndRemove,
    path: ["pix_key"],
  });

// Staff's answer to a request: confirm (applied) or refuse, with a note.
export const bankDecisionSchema = z.object({
  intent: z.enum(["confirm-bank", "refuse-bank"]),
  request_id: idField("Pedido não encontrado"),
  decision_note: optionalText(500),
});

// "Aprovar" / "Recusar" a maintenance cost, with an optional note.
export const APPROVAL_MESSAGES = {
  approved: "Custo aprovado",
  refused: "Custo recusado",
  answered: "Este custo já foi respondido.",
  missing: "Aprovação não encontrada.",
  failed: "Não foi possível registrar a resposta. Tente novamente.",
} as const;

export const approvalAnswerSchema = z.object({
  answer: z.enum(["approved", "refused"]),
  note: optionalText(500),
});
