import { z } from "zod";
import { LIMITS, currentPasswordField, requiredText } from "#app/models/shared/fields";

// The staff login (and later the client login): username or email, and the
// password. Whether they match is the authenticator's business.
export const loginSchema = z.object({
  username: requiredText(LIMITS.email),
  password: currentPasswordField,
});
