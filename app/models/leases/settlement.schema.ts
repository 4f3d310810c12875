import { z } from "zod";
import { checkboxField, localDayField, onceKeyField, optionalText, plainText } from "#app/models/shared/fields";
import { rentInputValue } from "#app/models/clients/status";
import { parseBRL, type Cents } from "#app/models/shared/money";

// "Acerto de saída" (issue 36, docs/decisions/0069-lease-settlement.md): the
// fine agreed, its waiver, the caução's balance with its yield, and up to
// REPAIR_ROWS repairs from the exit inspection. Client-safe.

export const REPAIR_ROWS = 3;
export const MAX_FINE_RENTS = 12;

export const SETTLEMENT_MESSAGES = {
  done: "Acerto de saída registrado",
  notFound: "Cliente não encontrado",
  notEnded: "Encerre o contrato antes do acerto de saída (a data da devolução do imóvel).",
  already: "O acerto de saída deste contrato já foi feito.",
  failed: "Não foi possível registrar o acerto. Tente novamente.",
  fineRents: `Informe o número de aluguéis da multa, de 0 a ${MAX_FINE_RENTS}.`,
  caution: "Informe o saldo da caução, como 4.512,30.",
  repairAmount: "Informe o valor do reparo, como 350,00.",
  repairDescription: "Descreva o reparo.",
  noDates: "O contrato não tem datas de início e fim: a multa não pode ser calculada.",
} as const;

const money = (message: string) =>
  plainText()
    .max(20, message)
    .transform((v, ctx) => {
      const c = parseBRL(v);
      if (c == null || c < 0) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return c as Cents;
    })
    .optional();

const rows = Array.from({ length: REPAIR_ROWS }, (_, i) => i + 1);

export const settlementFields = z.object({
  intent: z.enum(["preview", "settle"]),
  chave: onceKeyField,
  fine_rents: plainText()
    .regex(/^\d{1,2}$/, SETTLEMENT_MESSAGES.fineRents)
    .transform(Number)
    .refine((n) => n <= MAX_FINE_RENTS, SETTLEMENT_MESSAGES.fineRents),
  fine_exempt: checkboxField,
  caution: money(SETTLEMENT_MESSAGES.caution),
  ...Object.fromEntries(
    rows.flatMap((n) => [
      [`repair_${n}`, optionalText(120)],
      [`repair_amount_${n}`, money(SETTLEMENT_MESSAGES.repairAmount)],
      [`repair_receiver_${n}`, z.enum(["owner", "third_party"]).optional()],
    ]),
  ),
});

export type SettlementRepair = { description: string; amount_cents: Cents; receiver: "owner" | "third_party" };

export const settlementSchema = settlementFields.transform((v, ctx) => {
  const values = v as unknown as Record<string, unknown>;
  const repairs: SettlementRepair[] = [];
  for (const n of rows) {
    const description = values[`repair_${n}`] as string | undefined;
    const amount = values[`repair_amount_${n}`] as Cents | undefined;
    if (!description && !amount) continue;
    if (!description)
      ctx.addIssue({ code: "custom", path: [`repair_${n}`], message: SETTLEMENT_MESSAGES.repairDescription });
    else if (!amount)
      ctx.addIssue({ code: "custom", path: [`repair_amount_${n}`], message: SETTLEMENT_MESSAGES.repairAmount });
    else
      repairs.push({
        description,
        amount_cents: amount,
        receiver: (values[`repair_receiver_${n}`] as "owner" | "third_party" | undefined) ?? "third_party",
      });
  }
  return {
    intent: values.intent as "preview" | "settle",
    chave: values.chave as string,
    fineRents: values.fine_rents as number,
    exempt: values.fine_exempt as boolean,
    cautionCents: (values.caution ?? 0) as Cents,
    repairs,
  };
});

export type SettlementInput = z.output<typeof settlementSchema>;

// Repairs as the form's values (the exit inspection's, issue 38), row by row.
export function repairDefaults(repairs: readonly SettlementRepair[]): Record<string, string> {
  return Object.fromEntries(
    repairs.slice(0, REPAIR_ROWS).flatMap((r, i) => [
      [`repair_${i + 1}`, r.description],
      [`repair_amount_${i + 1}`, rentInputValue(r.amount_cents)],
      [`repair_receiver_${i + 1}`, r.receiver],
    ]),
  );
}

// The preview's values before anything is typed: the fine the market agrees
// (three rents), the exit inspection's repairs, the caução deposited.
export const DEFAULT_FINE_RENTS = 3;

// "Devolver ao inquilino" (decision 0076): what the tenant's credit holds after
// the acerto (the caução's rest, a rent paid for days after the return), given
// back on a day, by a means, with an optional reference. The amount is the
// credit's, never typed.
export const REFUND_METHODS = { pix: "Pix", ted: "TED", dinheiro: "Dinheiro" } as const;
export const REFUND_MESSAGES = {
  done: "Devolução registrada",
  nothing: "Não há saldo a devolver ao inquilino.",
  notSettled: "Faça o acerto de saída antes da devolução.",
  day: "Informe a data da devolução (dd/mm/aaaa).",
  future: "A data da devolução não pode ser depois de hoje.",
  method: "Escolha a forma da devolução.",
} as const;
export const refundSchema = z.object({
  intent: z.literal("refund"),
  chave: onceKeyField,
  refunded_on: localDayField(REFUND_MESSAGES.day),
  method: z.enum(["pix", "ted", "dinheiro"], { error: REFUND_MESSAGES.method }),
  reference: optionalText(80),
});
export type RefundInput = z.infer<typeof refundSchema>;
