import { z } from "zod";
import { newPasswordField } from "./password.schema";

export const recoveryRequestSchema = z.object({
  email: z.string({ error: "Campo obrigatório." }).trim().min(1, "Campo obrigatório.").max(254).pipe(z.email("Informe um email válido.")),
});

export const passwordResetSchema = z
  .object({ password: newPasswordField, confirm: z.string({ error: "Campo obrigatório." }) })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "As senhas não conferem." });
