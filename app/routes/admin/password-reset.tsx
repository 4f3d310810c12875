import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data, useNavigation } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card";
import { Field, FormAlert, buttonClass } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { PASSWORD_RULE } from "#app/models/shared/messages";
import { passwordResetSchema } from "#app/models/accounts/recovery.schema";
import { consumeResetToken, findValidResetToken } from "#app/models/accounts/reset-tokens.server";
import { readFormData } from "#app/utils/http.server";
import { pageTitle } from "#app/utils/seo";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/password-reset";

// The token in the URL never leaves in a Referer to another site; "same-origin"
// rather than "no-referrer", which makes a browser without JavaScript post the
// form with "Origin: null", refused by the server's origin check.
export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Nova senha") }, { name: "robots", content: "noindex" }, { name: "referrer", content: "same-origin" }];
}

// Only a staff account's token is valid here (clients have their own page).
async function validStaffToken(token: string) {
  const valid = await findValidResetToken(getDb(), token);
  return valid !== null && valid.role !== "client";
}

export async function loader({ params }: Route.LoaderArgs) {
  return { valid: await validStaffToken(params.token), constraint: getZodConstraint(passwordResetSchema) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: passwordResetSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password", "confirm"] }), expired: false }, { status: 400 });
  const ok = (await validStaffToken(params.token)) && (await consumeResetToken(getDb(), params.token, submission.value.password));
  if (!ok) return data({ result: submission.reply({ hideFields: ["password", "confirm"] }), expired: true }, { status: 410 });
  return redirectWithToast("/admin", { type: "success", title: "Senha alterada", description: "Entre com a sua nova senha." });
}

export default function PasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({ id: "reset", lastResult: actionData?.result, constraint: loaderData.constraint });
  if (!loaderData.valid || actionData?.expired) {
    return (
      <AuthCard title="Link inválido ou expirado">
        <p className="text-center text-slate-700">Este link de redefinição já foi usado ou passou de 1 hora. Peça um novo link.</p>
        <p className="mt-6 text-center">
          <Link to="/admin/password-recovery" className={buttonClass}>
            Pedir novo link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Criar nova senha" subtitle={PASSWORD_RULE}>
      <Form method="post" {...getFormProps(form)} noValidate={false} className="space-y-4">
        {form.errors?.length ? <FormAlert title={form.errors[0]} /> : null}
        <Field meta={fields.password} label="Nova senha" type="password" autoComplete="new-password" />
        <Field meta={fields.confirm} label="Confirme a nova senha" type="password" autoComplete="new-password" />
        <button type="submit" className={`${buttonClass} w-full`} disabled={busy}>
          {busy ? "Salvando..." : "Salvar nova senha"}
        </button>
      </Form>
    </AuthCard>
  );
}
