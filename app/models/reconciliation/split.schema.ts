import { z } from "zod";
import { idField, onceKeyField, rentalAmountField } from "#app/models/shared/fields";
import type { Cents } from "#app/models/shared/money";

// "Dividir crédito" (issue 35, docs/decisions/0037-reconciliation.md): one
// credit of a statement paying several billings. The page has SPLIT_ROWS
// rows, each a billing (`cobranca<n>`, a select) and the part of the credit
// it receives (`valor<n>`, typed in reais as the payment form reads it);
// rows left blank are ignored. What the schema can judge alone is judged
// here, on the row's field; the sum against the credit, and the billings
// themselves, by the model (split.server.ts). Client-safe.

export const SPLIT_ROWS = 6;
export const SPLIT_ROW_NUMBERS = Array.from({ length: SPLIT_ROWS }, (_, i) => i + 1);

export const SPLIT_MESSAGES = {
  billing: "Escolha a cobrança desta parte.",
  amount: "Informe o valor desta parte, maior que zero.",
  twice: "Esta cobrança já está em outra parte.",
  fewParts: "Divida o crédito entre ao menos duas cobranças.",
  settled: "Este crédito já foi conciliado.",
  failed: "Não foi possível dividir o crédito. Nada foi baixado; tente novamente.",
} as const;

export type SplitPart = { row: number; billingId: number; amount: Cents };

const rowFields = Object.fromEntries(
  SPLIT_ROW_NUMBERS.flatMap((n) => [
    [`cobranca${n}`, idField(SPLIT_MESSAGES.billing).optional()],
    [`valor${n}`, rentalAmountField({ required: SPLIT_MESSAGES.amount, invalid: SPLIT_MESSAGES.amount }).optional()],
  ]),
);

// The fields alone: the page's HTML constraints are read from it (Conform's
// getZodConstraint reads no transform of the whole form).
export const splitFieldsSchema = z.object({ chave: onceKeyField, ...rowFields });

export const splitSchema = splitFieldsSchema.transform((value, ctx) => {
  const parts: SplitPart[] = [];
  const seen = new Set<number>();
  const fields = value as unknown as Record<string, number | undefined>;
  for (const row of SPLIT_ROW_NUMBERS) {
    const billingId = fields[`cobranca${row}`];
    const amount = fields[`valor${row}`];
    if (billingId === undefined && amount === undefined) continue;
    if (billingId === undefined)
      ctx.addIssue({ code: "custom", path: [`cobranca${row}`], message: SPLIT_MESSAGES.billing });
    else if (seen.has(billingId))
      ctx.addIssue({ code: "custom", path: [`cobranca${row}`], message: SPLIT_MESSAGES.twice });
    if (amount === undefined) ctx.addIssue({ code: "custom", path: [`valor${row}`], message: SPLIT_MESSAGES.amount });
    if (billingId === undefined || amount === undefined || seen.has(billingId)) continue;
    seen.add(billingId);
    parts.push({ row, billingId, amount: amount as Cents });
  }
  if (ctx.issues.length === 0 && parts.length < 2) {
    ctx.addIssue({ code: "custom", path: [], message: SPLIT_MESSAGES.fewParts });
    return z.NEVER;
  }
  return { key: String(value.chave), parts };
});
export type SplitRequest = z.output<typeof splitSchema>;
