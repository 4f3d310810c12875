import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, data } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { Button } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { PASSWORD_RULE } from "#app/models/shared/messages";
import { changePasswordSchema, profileActionSchema, profileSchema } from "#app/models/accounts/profile.schema";
import { DuplicateUserError, setPassword, updateProfile } from "#app/models/accounts/users.server";
import { confirmCurrentPassword } from "#app/utils/auth.server";
import { readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/profile";
import { useFreshFormId } from "#app/components/ui/use-fresh-form-id";

const PATH = "/admin/perfil";

export async function loader({ context }: Route.LoaderArgs) {
  const user = await requireRole(context, "staff");
  return {
    user: { name: user.name, email: user.email, username: user.username, role: user.role },
    constraints: { profile: getZodConstraint(profileSchema), password: getZodConstraint(changePasswordSchema) },
  };
}

// Two forms on one page, told apart by `intent`. The current password is
// required to set a new one; other sessions of the account end.
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireRole(context, "staff");
  const submission = parseWithZod(await readFormData(request), { schema: profileActionSchema });
  const intent = submission.payload.intent === "password" ? "password" : "profile";
  const hideFields = intent === "password" ? ["current", "password", "confirm"] : ["current"];
  const refuse = (fieldErrors?: Record<string, string[]>, status = 400) =>
    data({ intent, result: submission.reply({ fieldErrors, hideFields }) }, { status });
  const THROTTLED = "Muitas tentativas. Aguarde 15 minutos e tente novamente.";
  if (submission.status !== "success") return refuse();
  const input = submission.value;
  const db = getDb();
  if (input.intent === "password") {
    const confirmed = await confirmCurrentPassword(request, user.id, input.current);
    if (confirmed === "throttled") return refuse({ current: [THROTTLED] }, 429);
    if (confirmed === "wrong") return refuse({ current: ["Senha atual incorreta."] });
    await setPassword(db, user.id, input.password, user, user.sessionId);
    return redirectWithToast(PATH, {
      type: "success",
      title: "Senha alterada",
      description: "As outras sessões desta conta foram encerradas.",
    });
  }
  // The email receives password-recovery links: changing it takes the current
  // password, so a borrowed session cannot take the account over.
  if (input.email.toLowerCase() !== user.email.toLowerCase()) {
    const confirmed = input.current ? await confirmCurrentPassword(request, user.id, input.current) : "wrong";
    if (confirmed === "throttled") return refuse({ current: [THROTTLED] }, 429);
    if (confirmed === "wrong") return refuse({ current: ["Para trocar o email, informe a sua senha atual."] });
  }
  try {
    await updateProfile(db, user.id, input, user);
  } catch (error) {
    if (error instanceof DuplicateUserError) return refuse({ email: [error.message] });
    throw error;
  }
  return redirectWithToast(PATH, { type: "success", title: "Perfil atualizado" });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const { user } = loaderData;
  const profileId = useFreshFormId("profile", actionData?.intent === "profile");
  const passwordId = useFreshFormId("password", actionData?.intent === "password");
  const [profileForm, profile] = useForm({
    id: profileId,
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
    defaultValue: { name: user.name, email: user.email, current: "" },
    constraint: loaderData.constraints.profile,
  });
  const [passwordForm, pw] = useForm({
    id: passwordId,
    lastResult: actionData?.intent === "password" ? actionData.result : undefined,
    constraint: loaderData.constraints.password,
  });
  return (
    <>
      <AdminTitle title="Meu perfil" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Form
          key={profileId}
          method="post"
          {...getFormProps(profileForm)}
          noValidate={false}
          className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h2 className="text-lg font-semibold text-slate-900">Dados da conta</h2>
          <p className="text-sm text-slate-600">
            Usuário: <strong>{user.username}</strong> · Papel:{" "}
            <strong>{user.role === "master" ? "Master" : "Administrador"}</strong>
          </p>
          <input type="hidden" name="intent" value="profile" />
          <Field meta={profile.name} label="Nome" type="text" />
          <Field meta={profile.email} label="Email" type="email" />
          <Field
            meta={profile.current}
            label="Senha atual (só para trocar o email)"
            type="password"
            autoComplete="current-password"
          />
          <Button disabled={busy}>Salvar dados</Button>
        </Form>
        <Form
          key={passwordId}
          method="post"
          {...getFormProps(passwordForm)}
          noValidate={false}
          className="space-y-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h2 className="text-lg font-semibold text-slate-900">Alterar senha</h2>
          <p className="text-sm text-slate-600">{PASSWORD_RULE}</p>
          <input type="hidden" name="intent" value="password" />
          <Field meta={pw.current} label="Senha atual" type="password" autoComplete="current-password" />
          <Field meta={pw.password} label="Nova senha" type="password" autoComplete="new-password" />
          <Field meta={pw.confirm} label="Confirme a nova senha" type="password" autoComplete="new-password" />
          <Button disabled={busy}>Alterar senha</Button>
        </Form>
      </div>
    </>
  );
}
