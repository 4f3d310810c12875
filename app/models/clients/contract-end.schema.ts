import { z } from "zod";
import { dayField } from "#app/models/billing/billing.schema";
import { optionalText } from "#app/models/shared/fields";

// "Encerrar contrato" and "Reabrir contrato" (docs/decisions/0062-nothing-fiscal-deleted.md).
// The end day is checked against today and the contract's start by the model
// (contract-end.server.ts), which knows both; here only its shape.

export const ENDED_REASON_MAX = 300;

export const CONTRACT_END_MESSAGES = {
  endedOn: "Informe a data do encerramento (dd/mm/aaaa).",
  future: "A data do encerramento não pode ser depois de hoje.",
  beforeStart: "A data do encerramento não pode ser anterior ao início do contrato.",
  already: "Este contrato já está encerrado.",
  notEnded: "Este contrato não está encerrado.",
  failed: "Não foi possível encerrar o contrato. Tente novamente.",
  reopenFailed: "Não foi possível reabrir o contrato. Tente novamente.",
  settled: "O acerto de saída deste contrato já foi feito: ele não pode ser reaberto.",
  succeeded: "Este inquilino já tem um contrato mais novo: este não pode ser reaberto.",
} as const;

export const endContractSchema = z.object({
  intent: z.literal("end"),
  ended_on: dayField(CONTRACT_END_MESSAGES.endedOn),
  ended_reason: optionalText(ENDED_REASON_MAX),
});
export type EndContractInput = z.infer<typeof endContractSchema>;

export const reopenContractSchema = z.object({ intent: z.literal("reopen") });
