import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { RecoveryRequestPage } from "#app/components/auth/password-pages";
import { getDb } from "#app/db/db.server";
import { recoveryRequestSchema } from "#app/models/accounts/recovery.schema";
import { issueResetToken } from "#app/models/accounts/reset-tokens.server";
import { findUserByEmail } from "#app/models/accounts/users.server";
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

// The answer is the same whether or not the address has an account
// (docs/decisions/0004-accounts-and-guard.md), so the page cannot be used to
// find staff emails.
export async function action({ request, url }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: recoveryRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const db = getDb();
  const user = await findUserByEmail(db, submission.value.email);
  if (user && user.active && user.role !== "client") {
    const token = await issueResetToken(db, user.id);
    sendRecoveryEmail(user, absoluteUrl(`/admin/password-recovery/${token}`), "painel administrativo");
  }
  return redirect(`${url.pathname}?enviado=1`);
}

export default function PasswordRecovery({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecoveryRequestPage
      formId="recovery"
      subtitle="Informe o email da sua conta para receber um link de redefinição."
      sent={loaderData.sent}
      constraint={loaderData.constraint}
      result={actionData?.result}
      loginPath="/admin"
    />
  );
}
