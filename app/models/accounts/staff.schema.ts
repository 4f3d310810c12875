import { z } from "zod";
import { emailField, idField, nameField, newPasswordField, usernameField } from "#app/models/shared/fields";

// A new staff account: the CLI (`npm run user:create`, any role) and the
// master's "Equipe" page (admins only).
export const newStaffSchema = z.object({
  role: z.enum(["master", "admin"], { error: "Papel inválido: use master ou admin." }),
  username: usernameField,
  email: emailField,
  name: nameField,
  password: newPasswordField,
});
export type NewStaff = z.infer<typeof newStaffSchema>;

export const newAdminSchema = newStaffSchema.omit({ role: true }).extend({ intent: z.literal("create") });

const staffId = idField("Conta não encontrada");

// The forms of /admin/equipe, told apart by `intent`.
export const staffActionSchema = z.discriminatedUnion("intent", [
  newAdminSchema,
  z.object({ intent: z.enum(["disable", "enable", "reset"]), id: staffId }),
]);
