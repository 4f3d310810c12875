import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { MailCheck } from "lucide-react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card";
import { Field, buttonClass } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { recoveryRequestSchema } from "#app/models/accounts/recovery.schema";
import { RESET_TOKEN_MINUTES, issueResetToken } from "#app/models/accounts/reset-tokens.server";
import { findUserByEmail } from "#app/models/accounts/users.server";
import { sendEmail } from "#app/utils/email.server";
import { absoluteUrl, getAgency } from "#app/utils/env.server";
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
// (DESIGN.md decision 3), so the page cannot be used to find staff emails.
export async function action({ request, url }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: recoveryRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const db = getDb();
  const user = await findUserByEmail(db, submission.value.email);
  if (user && user.active && user.role !== "client") {
    const token = await issueResetToken(db, user.id);
    const link = absoluteUrl(`/admin/password-recovery/${token}`);
    const agency = getAgency();
    // Not awaited: the answer takes the same time whether or not an email goes
    // out (no timing hint that the address has an account).
    void sendEmail({
      to: user.email,
      subject: `${agency.name}: redefinição de senha`,
      text: [
        `Olá, ${user.name}.`,
        "",
        "Recebemos um pedido para redefinir a sua senha do painel administrativo.",
        `Para criar uma nova senha, abra o link abaixo (válido por ${RESET_TOKEN_MINUTES} minutos, uma única vez):`,
        "",
        link,
        "",
        "Se você não fez este pedido, ignore este email: sua senha continua a mesma.",
      ].join("\n"),
    }).catch((error) => console.error("password recovery email failed", error));
  }
  return redirect(`${url.pathname}?enviado=1`);
}

export default function PasswordRecovery({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({ id: "recovery", lastResult: actionData?.result, constraint: loaderData.constraint });
  return (
    <AuthCard title="Recuperar senha" subtitle="Informe o email da sua conta para receber um link de redefinição.">
      {loaderData.sent ? (
        <div role="status" className="rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
          <MailCheck aria-hidden className="mb-2 size-6" />
          <p className="font-semibold">Instruções enviadas</p>
          <p className="mt-1 text-sm">Se o email estiver cadastrado, você receberá em instantes um link para criar uma nova senha. O link vale por 1 hora.</p>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} noValidate={false} className="space-y-4">
          <Field meta={fields.email} label="Email" type="email" autoComplete="email" />
          <button type="submit" className={`${buttonClass} w-full`} disabled={busy}>
            {busy ? "Enviando..." : "Enviar instruções"}
          </button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/admin" className="font-medium text-brand-700 hover:underline">
          Voltar ao login
        </Link>
      </p>
    </AuthCard>
  );
}
