import { z } from "zod";
import { localDayField, REQUIRED, requiredText } from "#app/models/shared/fields";

// "Feriados" (decision 0066): a day staff add or correct, or remove. Client-safe.

export const HOLIDAY_SCOPES = ["nacional", "bancario", "estadual", "municipal"] as const;
export const HOLIDAY_SCOPE_LABELS: Record<(typeof HOLIDAY_SCOPES)[number], string> = {
  nacional: "Nacional",
  bancario: "Bancário",
  estadual: "Estadual (MS)",
  municipal: "Municipal (Três Lagoas)",
};

export const HOLIDAY_MESSAGES = {
  day: "Informe uma data válida (dd/mm/aaaa).",
  scope: "Escolha o tipo do feriado.",
  saved: "Feriado salvo",
  removed: "Feriado removido",
  missing: "Este feriado não está mais cadastrado.",
  saveFailed: "Não foi possível salvar o feriado. Tente novamente.",
} as const;

const dayField = localDayField(HOLIDAY_MESSAGES.day);

export const holidaySchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    day: dayField,
    name: requiredText(80),
    scope: z.enum(HOLIDAY_SCOPES, { error: HOLIDAY_MESSAGES.scope }),
    source: requiredText(200, REQUIRED),
  }),
  z.object({ intent: z.literal("remove"), day: dayField }),
]);
export type HolidayPost = z.infer<typeof holidaySchema>;
