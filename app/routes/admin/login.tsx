import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data, redirect } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { AuthCard } from "#app/components/admin/auth-card";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert } from "#app/components/ui/field";
import { getDb, isDatabaseBusy } from "#app/db/db.server";
import { loginSchema } from "#app/models/accounts/login.schema";
import { createSession } from "#app/models/accounts/sessions.server";
import { LoginError, authenticator, getSessionUser } from "#app/utils/auth.server";
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, BUSY_TITLE } from "#app/utils/database-busy";
import { deviceCookieFor } from "#app/utils/device-cookie.server";
import { readFormData } from "#app/utils/http.server";
import { log } from "#app/utils/log.server";
import { pageTitle } from "#app/utils/seo";
import { sessionCookieFor } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/login";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(matches, "Painel Administrativo") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = await getSessionUser(request);
  if (session.status === "ok" && session.user.role !== "client") throw redirect("/admin/dashboard");
  return { constraint: getZodConstraint(loginSchema) };
}

// The typed username comes back with every refusal; the password never does.
export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request.clone()), { schema: loginSchema });
  const refuse = (status: number, title: string, description: string, headers?: HeadersInit) =>
    data(
      { result: submission.reply({ hideFields: ["password"] }), error: { title, description } },
      { status, headers },
    );
  if (submission.status !== "success")
    return refuse(400, "Erro de autenticação", "Preencha o email/usuário e a senha.");
  try {
    const user = await authenticator.authenticate("form", request);
    if (user.role === "client")
      return refuse(403, "Acesso negado", "Esta conta não tem acesso ao painel administrativo.");
    const token = await createSession(getDb(), user.id, request.headers.get("User-Agent"));
    // The device cookie: this browser's later attempts on this account are
    // counted apart from strangers' (docs/decisions/0008-login-lockout.md).
    const headers = new Headers();
    headers.append("Set-Cookie", await sessionCookieFor(token));
    headers.append("Set-Cookie", await deviceCookieFor(request, user));
    return redirectWithToast(
      "/admin/dashboard",
      { type: "success", title: "Login bem-sucedido", description: "Bem-vindo ao painel administrativo." },
      { headers },
    );
  } catch (error) {
    if (error instanceof LoginError) {
      const status = error.code === "throttled" ? 429 : error.code === "missing" ? 400 : 401;
      return refuse(status, error.code === "throttled" ? "Muitas tentativas" : "Erro de autenticação", error.message);
    }
    // Another process held the database's write lock past the driver's
    // deadline (a backup, a migration): the person may simply try again.
    if (isDatabaseBusy(error))
      return refuse(503, BUSY_TITLE, BUSY_MESSAGE, { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });
    log.error("login.failed", { area: "staff", error });
    return refuse(500, "Erro no sistema", "Ocorreu um erro durante o login. Tente novamente.");
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const [form, fields] = useForm({ id: "login", lastResult: actionData?.result, constraint: loaderData.constraint });
  return (
    <AuthCard title="Painel Administrativo" subtitle="Acesso restrito à equipe da imobiliária">
      <Form method="post" {...getFormProps(form)} noValidate={false} className="space-y-4">
        {actionData?.error ? (
          <FormAlert title={actionData.error.title} description={actionData.error.description} />
        ) : null}
        <Field meta={fields.username} label="Email ou nome de usuário" type="text" autoComplete="username" />
        <Field meta={fields.password} label="Senha" type="password" autoComplete="current-password" />
        <Button className="w-full" disabled={busy}>
          {busy ? "Entrando..." : "Entrar"}
        </Button>
        <p className="text-center text-sm">
          <Link to="/admin/password-recovery" className="font-medium text-brand-700 hover:underline">
            Esqueceu sua senha?
          </Link>
        </p>
      </Form>
    </AuthCard>
  );
}
