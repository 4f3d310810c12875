import { z } from "zod";
import { emailField, newPasswordField, REQUIRED } from "#app/models/shared/fields";

export const recoveryRequestSchema = z.object({ email: emailField });

export const passwordResetSchema = z
  .object({ password: newPasswordField, confirm: z.string({ error: REQUIRED }) })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "As senhas não conferem." });
