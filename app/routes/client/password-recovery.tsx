import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { RecoveryRequestPage } from "#app/components/auth/password-pages";
import { getDb } from "#app/db/db.server";
import { recoveryRequestSchema } from "#app/models/accounts/recovery.schema";
import { issueResetToken } from "#app/models/accounts/reset-tokens.server";
import { findClientLoginByEmail } from "#app/models/clients/portal.server";
import { sendRecoveryEmail } from "#app/routes/auth/password-recovery.server";
import { absoluteUrl } from "#app/utils/env.server";
import { readFormData } from "#app/utils/http.server";
import { pageTitle } from "#app/utils/seo";
import type { Route } from "./+types/password-recovery";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Recuperar senha") }, { name: "robots", content: "noindex" }];
}

export function loader({ url }: Route.LoaderArgs) {
  return { sent: url.searchParams.get("enviado") === "1", constraint: getZodConstraint(recoveryRequestSchema) };
}

// The staff mechanism (single-use token, 1 hour) for a client login whose
// client record has this email. The answer is the same whether or not the
// address exists (docs/decisions/0004-accounts-and-guard.md).
export async function action({ request, url }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: recoveryRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const db = getDb();
  const login = await findClientLoginByEmail(db, submission.value.email);
  if (login) {
    const token = await issueResetToken(db, login.userId);
    sendRecoveryEmail(login, absoluteUrl(`/client-login/recuperar-senha/${token}`), "Área do Cliente");
  }
  return redirect(`${url.pathname}?enviado=1`);
}

export default function ClientPasswordRecovery({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecoveryRequestPage
      formId="client-recovery"
      subtitle="Informe o email do seu cadastro para receber um link de redefinição."
      sent={loaderData.sent}
      constraint={loaderData.constraint}
      result={actionData?.result}
      loginPath="/client-login"
    />
  );
}
