import { getZodConstraint } from "@conform-to/zod/v4";
import { NewPasswordPage } from "#app/components/auth/password-pages";
import { passwordResetSchema } from "#app/models/accounts/recovery.schema";
import { isValidResetToken, setPasswordFromLink } from "#app/routes/auth/password-recovery.server";
import { pageTitle } from "#app/utils/seo";
import type { Route } from "./+types/password-reset";

// The token in the URL never leaves in a Referer to another site; "same-origin"
// rather than "no-referrer", which makes a browser without JavaScript post the
// form with "Origin: null", refused by the server's origin check.
export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Nova senha") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
}

// Only a staff account's token is valid here (clients have their own page).
export async function loader({ params }: Route.LoaderArgs) {
  return { valid: await isValidResetToken(params.token, "staff"), constraint: getZodConstraint(passwordResetSchema) };
}

export async function action({ request, params }: Route.ActionArgs) {
  return setPasswordFromLink(request, params.token, "staff", "/admin");
}

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NewPasswordPage
      formId="reset"
      valid={loaderData.valid && !actionData?.expired}
      constraint={loaderData.constraint}
      result={actionData?.result}
      recoveryPath="/admin/password-recovery"
    />
  );
}
