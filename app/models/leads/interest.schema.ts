import { z } from "zod";
import { privacyNoticeField } from "#app/models/privacy/privacy.schema";
import { emailField, honeypotField, LIMITS, nameField, phoneField, requiredText } from "#app/models/shared/fields";

export const CONTACT_REQUIRED = "Informe seu telefone ou seu email para respondermos.";

// "Tenho interesse" on a property page: a name, a way to answer (phone or
// email, at least one) and the message, prefilled with the property's code.
// The property comes from the page's URL, never from the form.
export const interestSchema = z
  .object({
    name: nameField,
    phone: phoneField.optional(),
    email: emailField.optional(),
    message: requiredText(LIMITS.longText),
    website: honeypotField,
    privacyNotice: privacyNoticeField,
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.email) ctx.addIssue({ code: "custom", path: ["phone"], message: CONTACT_REQUIRED });
  });

// privacyNotice is optional for the model's other callers (test fixtures).
export type InterestInput = Omit<z.infer<typeof interestSchema>, "privacyNotice"> & { privacyNotice?: boolean };

// The message the form starts with.
export function interestMessage(code: string, name: string) {
  return `Olá! Tenho interesse no imóvel ${code} - ${name}. Gostaria de mais informações.`;
}
