import { z } from "zod";

// A password people can type on a phone yet not guess: 8+ characters with a
// letter and a digit. Shared by the CLI, the reset page and the staff forms.
export const PASSWORD_RULE = "A senha deve ter pelo menos 8 caracteres, com letras e números.";

export const newPasswordField = z
  .string({ error: "Campo obrigatório." })
  .min(8, PASSWORD_RULE)
  .max(200, "Use no máximo 200 caracteres.")
  .refine((v) => /[A-Za-z]/.test(v) && /\d/.test(v), PASSWORD_RULE);

export function passwordProblem(password: string): string | null {
  const r = newPasswordField.safeParse(password);
  return r.success ? null : r.error.issues[0].message;
}
