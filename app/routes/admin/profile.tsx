import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, data, useNavigation } from "react-router";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { Field, buttonClass, inputClass } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { verifyPassword } from "#app/models/accounts/password.server";
import { PASSWORD_RULE } from "#app/models/accounts/password.schema";
import { changePasswordSchema, profileSchema } from "#app/models/accounts/profile.schema";
import { DuplicateUserError, setPassword, updateProfile } from "#app/models/accounts/users.server";
import { staffContext } from "#app/utils/staff-context";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/profile";
import { useFreshFormId } from "#app/components/ui/use-fresh-form-id";

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(staffContext);
  return { user: { name: user.name, email: user.email, username: user.username, role: user.role } };
}

// Two forms on one page, told apart by `intent`. The current password is
// required to set a new one; other sessions of the account end.
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(staffContext);
  const formData = await request.formData();
  const db = getDb();
  if (formData.get("intent") === "password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    if (submission.status !== "success")
      return data({ intent: "password", result: submission.reply({ hideFields: ["current", "password", "confirm"] }) }, { status: 400 });
    const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(row.password_hash, submission.value.current))) {
      return data(
        {
          intent: "password",
          result: submission.reply({ fieldErrors: { current: ["Senha atual incorreta."] }, hideFields: ["current", "password", "confirm"] }),
        },
        { status: 400 },
      );
    }
    await setPassword(db, user.id, submission.value.password, user.sessionId);
    return redirectWithToast("/admin/perfil", { type: "success", title: "Senha alterada", description: "As outras sessões desta conta foram encerradas." });
  }
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") return data({ intent: "profile", result: submission.reply({ hideFields: ["current"] }) }, { status: 400 });
  // The email receives password-recovery links: changing it takes the current
  // password, so a borrowed session cannot take the account over.
  if (submission.value.email.toLowerCase() !== user.email.toLowerCase()) {
    const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    if (!submission.value.current || !(await verifyPassword(row.password_hash, submission.value.current))) {
      return data(
        {
          intent: "profile",
          result: submission.reply({ fieldErrors: { current: ["Para trocar o email, informe a sua senha atual."] }, hideFields: ["current"] }),
        },
        { status: 400 },
      );
    }
  }
  try {
    await updateProfile(db, user.id, submission.value);
  } catch (error) {
    if (error instanceof DuplicateUserError) {
      return data({ intent: "profile", result: submission.reply({ fieldErrors: { email: [error.message] } }) }, { status: 400 });
    }
    throw error;
  }
  return redirectWithToast("/admin/perfil", { type: "success", title: "Perfil atualizado" });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { user } = loaderData;
  const profileId = useFreshFormId("profile", actionData?.intent === "profile");
  const passwordId = useFreshFormId("password", actionData?.intent === "password");
  const [profileForm, profile] = useForm({
    id: profileId,
    lastResult: actionData?.intent === "profile" ? actionData.result : undefined,
    defaultValue: { name: user.name, email: user.email, current: "" },
  });
  const [passwordForm, pw] = useForm({ id: passwordId, lastResult: actionData?.intent === "password" ? actionData.result : undefined });
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
            Usuário: <strong>{user.username}</strong> · Papel: <strong>{user.role === "master" ? "Master" : "Administrador"}</strong>
          </p>
          <input type="hidden" name="intent" value="profile" />
          <Field id={profile.name.id} errorId={profile.name.errorId} label="Nome" errors={profile.name.errors}>
            <input {...getInputProps(profile.name, { type: "text" })} key={profile.name.key} required maxLength={120} className={inputClass} />
          </Field>
          <Field id={profile.email.id} errorId={profile.email.errorId} label="Email" errors={profile.email.errors}>
            <input {...getInputProps(profile.email, { type: "email" })} key={profile.email.key} required className={inputClass} />
          </Field>
          <Field id={profile.current.id} errorId={profile.current.errorId} label="Senha atual (só para trocar o email)" errors={profile.current.errors}>
            <input {...getInputProps(profile.current, { type: "password" })} key={profile.current.key} autoComplete="current-password" className={inputClass} />
          </Field>
          <button type="submit" className={buttonClass} disabled={busy}>
            Salvar dados
          </button>
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
          <Field id={pw.current.id} errorId={pw.current.errorId} label="Senha atual" errors={pw.current.errors}>
            <input {...getInputProps(pw.current, { type: "password" })} key={pw.current.key} required autoComplete="current-password" className={inputClass} />
          </Field>
          <Field id={pw.password.id} errorId={pw.password.errorId} label="Nova senha" errors={pw.password.errors}>
            <input
              {...getInputProps(pw.password, { type: "password" })}
              key={pw.password.key}
              required
              minLength={8}
              autoComplete="new-password"
              className={inputClass}
            />
          </Field>
          <Field id={pw.confirm.id} errorId={pw.confirm.errorId} label="Confirme a nova senha" errors={pw.confirm.errors}>
            <input {...getInputProps(pw.confirm, { type: "password" })} key={pw.confirm.key} required autoComplete="new-password" className={inputClass} />
          </Field>
          <button type="submit" className={buttonClass} disabled={busy}>
            Alterar senha
          </button>
        </Form>
      </div>
    </>
  );
}
