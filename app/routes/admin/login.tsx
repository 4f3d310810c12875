import { Form, Link, data, redirect, useNavigation } from "react-router";
import { AuthCard } from "#app/components/admin/auth-card";
import { Field, FormAlert, buttonClass, inputClass } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { createSession } from "#app/models/accounts/sessions.server";
import { LoginError, authenticator, getSessionUser } from "#app/utils/auth.server";
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
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const typed = String((await request.clone().formData()).get("username") ?? "").slice(0, 254);
  try {
    const user = await authenticator.authenticate("form", request);
    if (user.role === "client") {
      return data({ username: typed, error: { title: "Acesso negado", description: "Esta conta não tem acesso ao painel administrativo." } }, { status: 403 });
    }
    const token = await createSession(getDb(), user.id, request.headers.get("User-Agent"));
    return redirectWithToast(
      "/admin/dashboard",
      { type: "success", title: "Login bem-sucedido", description: "Bem-vindo ao painel administrativo." },
      { headers: { "Set-Cookie": await sessionCookieFor(token) } },
    );
  } catch (error) {
    if (error instanceof LoginError) {
      const status = error.code === "throttled" ? 429 : error.code === "missing" ? 400 : 401;
      const title = error.code === "throttled" ? "Muitas tentativas" : "Erro de autenticação";
      return data({ username: typed, error: { title, description: error.message } }, { status });
    }
    console.error("login failed", error);
    return data({ username: typed, error: { title: "Erro no sistema", description: "Ocorreu um erro durante o login. Tente novamente." } }, { status: 500 });
  }
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard title="Painel Administrativo" subtitle="Acesso restrito à equipe da imobiliária">
      <Form method="post" className="space-y-4">
        {actionData?.error ? <FormAlert title={actionData.error.title} description={actionData.error.description} /> : null}
        <Field id="username" label="Email ou nome de usuário">
          <input id="username" name="username" type="text" required autoComplete="username" defaultValue={actionData?.username ?? ""} className={inputClass} />
        </Field>
        <Field id="password" label="Senha">
          <input id="password" name="password" type="password" required autoComplete="current-password" className={inputClass} />
        </Field>
        <button type="submit" className={`${buttonClass} w-full`} disabled={busy}>
          {busy ? "Entrando..." : "Entrar"}
        </button>
        <p className="text-center text-sm">
          <Link to="/admin/password-recovery" className="font-medium text-brand-700 hover:underline">
            Esqueceu sua senha?
          </Link>
        </p>
      </Form>
    </AuthCard>
  );
}
