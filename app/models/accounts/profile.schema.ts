import { z } from "zod";
import { newPasswordField } from "./password.schema";

const email = z.string({ error: "Campo obrigatório." }).trim().min(1, "Campo obrigatório.").max(254).pipe(z.email("Informe um email válido."));

export const profileSchema = z.object({
  intent: z.literal("profile"),
  name: z.string({ error: "Campo obrigatório." }).trim().min(1, "Campo obrigatório.").max(120, "Use no máximo 120 caracteres."),
  email,
  // Needed only to change the email (it is where recovery links go).
  current: z.string().optional(),
});

export const changePasswordSchema = z
  .object({
    intent: z.literal("password"),
    current: z.string({ error: "Campo obrigatório." }),
    password: newPasswordField,
    confirm: z.string({ error: "Campo obrigatório." }),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "As senhas não conferem." });

export const profileActionSchema = z.discriminatedUnion("intent", [profileSchema, changePasswordSchema]);
