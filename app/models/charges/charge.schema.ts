import { z } from "zod";
import type { ChargeReceiver, RentChargeKind } from "#app/db/schema";
import { monthYearField } from "#app/models/billing/billing.schema";
import {
  idField,
  localDayField,
  onceKeyField,
  optionalText,
  rentalAmountField,
  requiredText,
} from "#app/models/shared/fields";

// "Encargos" of a contract (issue 36, docs/decisions/0068-charges-beside-the-rent.md):
// what the tenant pays with the rent besides it, and who receives it.
// Client-safe.

export const CHARGE_KINDS = [
  "iptu",
  "condominio",
  "seguro_incendio",
  "reparo",
  "multa_rescisoria",
  "outro",
] as const satisfies readonly RentChargeKind[];
export const CHARGE_KIND_LABELS: Record<RentChargeKind, string> = {
  iptu: "IPTU",
  condominio: "Condomínio",
  seguro_incendio: "Seguro contra incêndio",
  reparo: "Reparo",
  multa_rescisoria: "Multa rescisória",
  outro: "Outro",
};
export const CHARGE_RECEIVERS = ["owner", "agency", "third_party"] as const satisfies readonly ChargeReceiver[];
export const RECEIVER_LABELS: Record<ChargeReceiver, string> = {
  owner: "Proprietário (reembolso, sem taxa)",
  agency: "Imobiliária",
  third_party: "Terceiro (condomínio, prefeitura, seguradora, prestador)",
};
export const RECEIVER_SHORT: Record<ChargeReceiver, string> = {
  owner: "proprietário",
  agency: "imobiliária",
  third_party: "terceiro",
};

export const CHARGE_MESSAGES = {
  added: "Encargo lançado",
  addedMonthly: "Encargo mensal cadastrado",
  cancelled: "Encargo cancelado",
  ended: "Encargo mensal encerrado",
  notFound: "Cliente não encontrado",
  failed: "Não foi possível salvar o encargo. Tente novamente.",
  kind: "Escolha o tipo do encargo.",
  receiver: "Escolha quem recebe o encargo.",
  description: "Descreva o encargo (ex.: IPTU 2027, parcela 3 de 10).",
  amount: "Informe o valor, como 120,50.",
  billing: "Escolha a cobrança em que o encargo entra.",
  billingClosed: "Esta cobrança já está paga ou repassada: lance o encargo em outra.",
  months: "O último mês não pode ser antes do primeiro.",
  charge: "Este encargo não existe mais ou já foi cancelado.",
  chargeLocked: "A cobrança deste encargo já foi paga ou repassada: o encargo não pode mais ser cancelado.",
} as const;

const common = {
  kind: z.enum(CHARGE_KINDS, { error: CHARGE_MESSAGES.kind }),
  description: requiredText(120, CHARGE_MESSAGES.description),
  amount: rentalAmountField({ required: CHARGE_MESSAGES.amount, invalid: CHARGE_MESSAGES.amount }),
  receiver: z.enum(CHARGE_RECEIVERS, { error: CHARGE_MESSAGES.receiver }),
};

// One charge on one open billing.
export const chargeSchema = z.object({
  intent: z.literal("add"),
  ...common,
  billing_id: idField(CHARGE_MESSAGES.billing),
  chave: onceKeyField,
});

// A monthly charge, from a month to a month (left blank: until ended).
export const recurringSchema = z
  .object({
    intent: z.literal("add-monthly"),
    ...common,
    first_month: monthYearField,
    last_month: monthYearField.optional(),
  })
  .refine((v) => !v.last_month || v.last_month >= v.first_month, {
    path: ["last_month"],
    message: CHARGE_MESSAGES.months,
  });

export type ChargeInput = z.output<typeof chargeSchema>;
export type RecurringInput = z.output<typeof recurringSchema>;

// "Marcar como pago" to a third party (decision 0072): the charge, the day
// paid (empty: today) and an optional reference.
export const PAYOUT_MESSAGES = {
  gone: "Este encargo não está mais a repassar.",
  day: "Informe a data do pagamento (dd/mm/aaaa).",
  future: "A data do pagamento não pode ser depois de hoje.",
  done: "Encargo marcado como pago ao terceiro",
} as const;
export const payoutSchema = z.object({
  id: idField(PAYOUT_MESSAGES.gone),
  pago_em: localDayField(PAYOUT_MESSAGES.day).optional(),
  referencia: optionalText(120),
});
