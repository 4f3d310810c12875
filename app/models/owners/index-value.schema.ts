import { z } from "zod";
import type { ReadjustmentIndex } from "#app/db/schema";
import { isIndexCode, parseRate } from "./readjustment";

// The two forms of "Índices" (docs/decisions/0041-readjustment.md): one
// month's rate, typed; and the Central Bank's SGS CSV, uploaded.

export const INDEX_FORM_MESSAGES = {
  index: "Escolha o índice.",
  month: "Informe o mês (mm/aaaa).",
  rate: 'Informe a taxa do mês em %, como "0,52" ou "-0,73".',
  importIndex: "Escolha o índice do arquivo.",
  file: "Escolha o arquivo CSV exportado do SGS.",
} as const;
const M = INDEX_FORM_MESSAGES;

// "2026-10" (input type=month) or "10/2026" → "2026-10".
export function readIndexMonth(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})$/.exec(text.trim());
  const br = /^(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const [y, m] = iso ? [iso[1], iso[2]] : br ? [br[2], br[1]!.padStart(2, "0")] : [null, null];
  return y && Number(m) >= 1 && Number(m) <= 12 ? `${y}-${m}` : null;
}

const indexCode = (message: string) => z.custom<ReadjustmentIndex>((v) => isIndexCode(v), { error: message });

// A text read by `read`, or the field's message.
const readText = <T>(read: (text: string) => T | null, message: string) =>
  z.string({ error: message }).transform((text, ctx) => {
    const value = read(text);
    if (value === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return value;
  });

export const indexRateSchema = z.object({
  index: indexCode(M.index),
  month: readText(readIndexMonth, M.month),
  rate: readText(parseRate, M.rate),
});

export const indexImportSchema = z.object({
  index: indexCode(M.importIndex),
  file: z.file({ error: M.file }).refine((file) => file.size > 0, M.file),
});
