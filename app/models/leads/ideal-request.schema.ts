import { z } from "zod";
import { emailField, honeypot, MAX_TEXT, phoneField, requiredText } from "./fields";

// Field names of the spec (public-site §5): name, email, phone, idealProperty.
export const idealRequestSchema = z.object({
  name: requiredText(120),
  email: emailField,
  phone: phoneField.optional(),
  idealProperty: requiredText(MAX_TEXT),
  website: honeypot,
});

export type IdealRequestInput = z.infer<typeof idealRequestSchema>;
