import { z } from "zod";

export { reportYear } from "#app/models/owners/report-year";

// "Enviar por email" of a year's informes: the button's intent and the year,
// each once (a repeated field arrives as a list and fails the schema).
export const incomeEmailSchema = z.object({ intent: z.literal("email"), ano: z.string() });
