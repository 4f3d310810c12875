import { z } from "zod";
import { emailField, honeypotField, LIMITS, nameField, phoneField, requiredText } from "#app/models/shared/fields";
import { privacyNoticeField } from "#app/models/privacy/privacy.schema";

// Field names of the product (docs/product.md §Início, 7): name, email, phone,
// idealProperty.
export const idealRequestSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField.optional(),
  idealProperty: requiredText(LIMITS.longText),
  website: honeypotField,
  privacyNotice: privacyNoticeField,
});

// privacyNotice is optional for the model's other callers (test fixtures).
export type IdealRequestInput = Omit<z.infer<typeof idealRequestSchema>, "privacyNotice"> & { privacyNotice?: boolean };
