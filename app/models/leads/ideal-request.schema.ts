import { z } from "zod";
import { emailField, honeypotField, LIMITS, nameField, phoneField, requiredText } from "#app/models/shared/fields";

// Field names of the spec (public-site §5): name, email, phone, idealProperty.
export const idealRequestSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField.optional(),
  idealProperty: requiredText(LIMITS.longText),
  website: honeypotField,
});

export type IdealRequestInput = z.infer<typeof idealRequestSchema>;
