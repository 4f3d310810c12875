import { z } from "zod";
import { dayField } from "#app/models/billing/billing.schema";
import { onceKeyField, rentalAmountField, requiredText } from "#app/models/shared/fields";
import type { Cents } from "#app/models/shared/money";

// "Renovar ou aditar" (issue 36, docs/decisions/0071-renewals.md): a new end
// (a renewal), a new rent from a day (an addendum), or both, with the reason.
// Client-safe.

export const RENEWAL_MESSAGES = {
  done: "Contrato atualizado",
  notFound: "Cliente não encontrado",
  failed: "Não foi possível salvar. Tente novamente.",
  nothing: "Informe o novo término, o novo aluguel, ou os dois.",
  endBefore: "O novo término precisa ser depois do término atual e da data de vigência.",
  effective: "Informe a data de vigência (dd/mm/aaaa).",
  beforeStart: "A vigência não pode ser antes do início do contrato.",
  ended: "Este contrato está encerrado: reabra-o antes de renová-lo.",
  sameRent: "O novo aluguel é igual ao atual.",
  rentAhead:
    "O novo aluguel pode valer até o primeiro mês ainda não cobrado: registre o aditivo mais perto da data de vigência.",
  reason: "Informe o motivo (ex.: renovação por mais 30 meses, acordo de redução do aluguel).",
  rent: "Informe o aluguel, como 1.650,00.",
} as const;

export const renewalSchema = z
  .object({
    chave: onceKeyField,
    new_end: dayField(RENEWAL_MESSAGES.effective.replace("a data de vigência", "o novo término")).optional(),
    new_rent: rentalAmountField({ required: RENEWAL_MESSAGES.rent, invalid: RENEWAL_MESSAGES.rent }).optional(),
    effective_on: dayField(RENEWAL_MESSAGES.effective),
    reason: requiredText(300, RENEWAL_MESSAGES.reason),
  })
  .superRefine((v, ctx) => {
    if (!v.new_end && v.new_rent === undefined)
      ctx.addIssue({ code: "custom", path: ["new_end"], message: RENEWAL_MESSAGES.nothing });
  });
export type RenewalInput = z.output<typeof renewalSchema>;

export type LeaseTerms = { start: string | null; end: string | null; rent_cents: Cents | null };
