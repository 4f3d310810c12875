import { z } from "zod";

// Field rules shared by the visitor forms. Conform turns empty inputs into
// undefined before zod sees them, so "required" is the undefined case.
export const REQUIRED = "Campo obrigatório.";
export const MAX_TEXT = 5000;

// Browsers post line breaks as CRLF; store plain "\n".
const normalizeNewlines = (v: string) => v.replace(/\r\n?/g, "\n");

export function requiredText(max: number) {
  return z.string({ error: REQUIRED }).trim().overwrite(normalizeNewlines).min(1, REQUIRED).max(max, `Use no máximo ${max} caracteres.`);
}

export function optionalText(max: number) {
  return z.string().trim().overwrite(normalizeNewlines).max(max, `Use no máximo ${max} caracteres.`).optional();
}

export const emailField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(254, "Use no máximo 254 caracteres.")
  .pipe(z.email("Informe um email válido."));

// Brazilian phone: 10 or 11 digits once punctuation is removed (DDD + number).
export const phoneField = z
  .string({ error: REQUIRED })
  .trim()
  .max(30, "Use no máximo 30 caracteres.")
  .refine((v) => /^(\+?55)?\d{10,11}$/.test(v.replace(/[\s().-]/g, "")), "Informe um telefone com DDD, por exemplo (67) 99999-0000.");

export function optionalCount(max: number) {
  return z.coerce
    .number({ error: "Informe um número inteiro." })
    .int("Informe um número inteiro.")
    .min(0, "O valor não pode ser negativo.")
    .max(max, `O valor máximo é ${max}.`)
    .optional();
}

// A hidden field that people never fill; bots that fill every input do.
export const honeypot = z.string().optional();
