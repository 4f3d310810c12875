import { z } from "zod";
import { idField } from "#app/models/shared/fields";

// The row action of the Emails page: "Reenviar" (a POST with intent + id).
export const emailActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("resend"), id: idField("Email não encontrado.") }),
]);
