import { getZodConstraint } from "@conform-to/zod/v4";
import { NewPasswordPage } from "#app/components/auth/password-pages";
import { passwordResetSchema } from "#app/models/accounts/recovery.schema";
import { isValidResetToken, setPasswordFromLink } from "#app/routes/auth/password-recovery.server";
import { pageTitle } from "#app/utils/seo";
import type { Route } from "./+types/password-reset";

// The emailed link's page, for staff (/admin/password-recovery/:token) and
// clients (/client-login/recuperar-senha/:token): each takes only its own
// accounts' tokens and sends back to its own login.
const AREAS = {
  staff: { login: "/admin", recovery: "/admin/password-recovery", formId: "reset" },
  client: { login: "/client-login", recovery: "/client-login/recuperar-senha", formId: "client-reset" },
} as const;
const audienceOf = (pathname: string): keyof typeof AREAS =>
  pathname.startsWith("/client-login") ? "client" : "staff";

// The token in the URL never leaves in a Referer to another site; "same-origin"
// rather than "no-referrer", which makes a browser without JavaScript post the
// form with "Origin: null", refused by the server's origin check.
export function meta({ matches }: Route.MetaArgs) {
  return [
    { title: pageTitle(matches, "Nova senha") },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "same-origin" },
  ];
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const audience = audienceOf(url.pathname);
  return {
    audience,
    valid: await isValidResetToken(params.token, audience),
    constraint: getZodConstraint(passwordResetSchema),
  };
}

export async function action({ request, params, url }: Route.ActionArgs) {
  const audience = audienceOf(url.pathname);
  return setPasswordFromLink(request, params.token, audience, AREAS[audience].login);
}

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  const area = AREAS[loaderData.audience];
  return (
    <NewPasswordPage
      formId={area.formId}
      valid={loaderData.valid && !actionData?.expired}
      constraint={loaderData.constraint}
      result={actionData?.result}
      recoveryPath={area.recovery}
    />
  );
}
