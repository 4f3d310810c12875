import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#app/db/schema";
import { newPasswordField } from "./password.schema";
import { DuplicateUserError, createUser } from "./users.server";

// Validation shared by the CLI and the staff page.
export const newStaffSchema = z.object({
  role: z.enum(["master", "admin"], { error: "Papel inválido: use master ou admin." }),
  username: z
    .string({ error: "Campo obrigatório." })
    .trim()
    .min(3, "O nome de usuário deve ter pelo menos 3 caracteres.")
    .max(40, "Use no máximo 40 caracteres.")
    .regex(/^[a-zA-Z0-9._-]+$/, "Use apenas letras, números, ponto, hífen e sublinhado."),
  email: z.string({ error: "Campo obrigatório." }).trim().max(254).pipe(z.email("Informe um email válido.")),
  name: z.string({ error: "Campo obrigatório." }).trim().min(1, "Campo obrigatório.").max(120),
  password: newPasswordField,
});

export type NewStaff = z.infer<typeof newStaffSchema>;

export async function createStaff(db: Kysely<Database>, input: NewStaff) {
  try {
    return { ok: true as const, id: await createUser(db, input) };
  } catch (error) {
    if (error instanceof DuplicateUserError) return { ok: false as const, field: error.field, message: error.message };
    throw error;
  }
}
