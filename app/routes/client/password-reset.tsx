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

// Only a client account's token is valid here.
export async function loader({ params }: Route.LoaderArgs) {
  return { valid: await isValidResetToken(params.token, "client"), constraint: getZodConstraint(passwordResetSchema) };
}

export async function action({ request, params }: Route.ActionArgs) {
  return setPasswordFromLink(request, params.token, "client", "/client-login");
}

export default function ClientPasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <NewPasswordPage
      formId="client-reset"
      valid={loaderData.valid && !actionData?.expired}
      constraint={loaderData.constraint}
      result={actionData?.result}
      recoveryPath="/client-login/recuperar-senha"
    />
  );
}
