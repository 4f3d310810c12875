import { z } from "zod";
import { brlField, plainText, requiredWholeNumberField } from "#app/models/shared/fields";
import { formatBRL } from "#app/models/shared/money";
import { MAX_ANNUAL_RATE, MAX_MONTHS } from "./options";

// The /simulador GET form: valor, entrada, prazo, juros and sistema in the URL.
// Every refusal is a Portuguese field error, never an exception.

const rateMessage = `Informe a taxa de juros anual entre 0 e ${MAX_ANNUAL_RATE}%, por exemplo 10,5.`;

// "10,5", "10.5" or "10,5%": a percentage with up to four decimals.
const annualRateField = plainText({ error: "Informe a taxa de juros anual." })
  .min(1, "Informe a taxa de juros anual.")
  .max(12, rateMessage)
  .transform((v, ctx) => {
    const m = /^(\d{1,3})(?:[.,](\d{1,4}))?\s*%?$/.exec(v);
    const n = m ? Number(`${m[1]}.${m[2] ?? "0"}`) : Number.NaN;
    if (!(n >= 0 && n <= MAX_ANNUAL_RATE)) {
      ctx.addIssue({ code: "custom", message: rateMessage });
      return z.NEVER;
    }
    return n;
  });

// The smallest down payment for a value: `percent` of it, rounded up to the centavo.
export function minimumDownPayment(value: number, percent: number) {
  return Math.ceil((value * percent) / 100);
}

export function simulatorSchema(minDownPaymentPercent: number) {
  return z
    .object({
      valor: brlField({
        required: "Informe o valor do imóvel.",
        invalid: "Informe o valor em reais, por exemplo 350.000,00.",
      }),
      entrada: brlField({
        required: "Informe o valor da entrada.",
        invalid: "Informe a entrada em reais, por exemplo 70.000,00.",
      }),
      prazo: requiredWholeNumberField(MAX_MONTHS, "Informe o prazo em meses.").refine(
        (n) => n >= 1,
        `O prazo deve ser de 1 a ${MAX_MONTHS} meses.`,
      ),
      juros: annualRateField,
      sistema: z.enum(["SAC", "PRICE"], { error: "Escolha o sistema SAC ou PRICE." }),
    })
    .superRefine((v, ctx) => {
      const minimum = minimumDownPayment(v.valor, minDownPaymentPercent);
      if (v.entrada < minimum) {
        ctx.addIssue({
          code: "custom",
          path: ["entrada"],
          message: `A entrada deve ser de pelo menos ${minDownPaymentPercent}% do valor do imóvel (${formatBRL(minimum)}).`,
        });
      } else if (v.entrada >= v.valor) {
        ctx.addIssue({ code: "custom", path: ["entrada"], message: "A entrada deve ser menor que o valor do imóvel." });
      }
    });
}

export type SimulatorInput = z.infer<ReturnType<typeof simulatorSchema>>;
