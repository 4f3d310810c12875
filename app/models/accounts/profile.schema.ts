import { z } from "zod";
import { currentPasswordField, emailField, nameField, newPasswordField, REQUIRED } from "#app/models/shared/fields";

export const profileSchema = z.object({
  intent: z.literal("profile"),
  name: nameField,
  email: emailField,
  // Needed only to change the email (it is where recovery links go).
  current: z.string().optional(),
});

export const changePasswordSchema = z
  .object({
    intent: z.literal("password"),
    current: currentPasswordField,
    password: newPasswordField,
    confirm: z.string({ error: REQUIRED }),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "As senhas não conferem." });

// The two forms of /admin/perfil, told apart by `intent`.
export const profileActionSchema = z.discriminatedUnion("intent", [profileSchema, changePasswordSchema]);
