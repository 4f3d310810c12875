import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { MailCheck } from "lucide-react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card";
import { Field, buttonClass } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { recoveryRequestSchema } from "#app/models/accounts/recovery.schema";
import { RESET_TOKEN_MINUTES, issueResetToken } from "#app/models/accounts/reset-tokens.server";
import { findClientLoginByEmail } from "#app/models/clients/portal.server";
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

// The staff mechanism (single-use token, 1 hour) for a client login whose
// client record has this email. The answer is the same whether or not the
// address exists (DESIGN.md decision 3).
export async function action({ request, url }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: recoveryRequestSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const db = getDb();
  const login = await findClientLoginByEmail(db, submission.value.email);
  if (login) {
    const token = await issueResetToken(db, login.userId);
    const link = absoluteUrl(`/client-login/recuperar-senha/${token}`);
    const agency = getAgency();
    void sendEmail({
      to: login.email,
      subject: `${agency.name}: redefinição de senha da Área do Cliente`,
      text: [
        `Olá, ${login.name}.`,
        "",
        "Recebemos um pedido para redefinir a sua senha da Área do Cliente.",
        `Para criar uma nova senha, abra o link abaixo (válido por ${RESET_TOKEN_MINUTES} minutos, uma única vez):`,
        "",
        link,
        "",
        "Se você não fez este pedido, ignore este email: sua senha continua a mesma.",
      ].join("\n"),
    }).catch((error) => console.error("client password recovery email failed", error));
  }
  return redirect(`${url.pathname}?enviado=1`);
}

export default function ClientPasswordRecovery({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({ id: "client-recovery", lastResult: actionData?.result, constraint: loaderData.constraint });
  return (
    <AuthCard title="Recuperar senha" subtitle="Informe o email do seu cadastro para receber um link de redefinição.">
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
        <Link to="/client-login" className="font-medium text-brand-700 hover:underline">
          Voltar ao login
        </Link>
      </p>
    </AuthCard>
  );
}
