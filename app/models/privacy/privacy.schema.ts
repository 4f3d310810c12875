import { z } from "zod";
import { checkboxField, emailField } from "#app/models/shared/fields";
import { PRIVACY_NOTICE_SHOWN } from "./notice";

// The hidden field of the public forms' privacy notice: true when the post
// came from a form that showed it. Anything else (an old page, a script) is
// not refused: the request is kept, with no notice time.
export const privacyNoticeField = z
  .string()
  .optional()
  .transform((v) => v === PRIVACY_NOTICE_SHOWN);

// /admin/privacidade: the look-up (GET ?email=) and the two actions.
export const privacyLookupSchema = z.object({ email: emailField });

export const CONFIRM_ERASE = "Marque a confirmação para apagar os dados.";

export const privacyActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("export"), email: emailField }),
  z.object({
    intent: z.literal("erase"),
    email: emailField,
    confirm: checkboxField.refine((v) => v, CONFIRM_ERASE),
  }),
]);
