import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data, redirect } from "react-router";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { AuthCard } from "#app/components/admin/auth-card";
import { PasswordInput } from "#app/components/client/password-input";
import { Button } from "#app/components/ui/button";
import { Field, FormAlert } from "#app/components/ui/field";
import { getDb, isDatabaseBusy } from "#app/db/db.server";
import { loginSchema } from "#app/models/accounts/login.schema";
import { createSession } from "#app/models/accounts/sessions.server";
import { areasOf } from "#app/models/owners/portal.server";
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
  return [{ title: pageTitle(matches, "Área do Cliente") }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = await getSessionUser(request);
  if (session.status === "ok" && session.user.role === "client") {
    const home = areaHome(await areasOf(getDb(), session.user.id));
    if (home) throw redirect(home.to);
  }
  return { constraint: getZodConstraint(loginSchema) };
}

const NOT_A_CLIENT = "Sua conta não está cadastrada como cliente.";

// One login for tenants and owners (decision 0077): a tenant lands in the
// client area (which links to the owner's area when the person is both), an
// owner alone in the owner's area.
function areaHome(areas: Awaited<ReturnType<typeof areasOf>>) {
  if (areas.tenant) return { to: "/client-area", name: areas.tenant.name };
  return areas.owner ? { to: "/area-do-proprietario", name: areas.owner.name } : null;
}

// The staff login's credential check, throttling and device cookies
// (app/utils/auth.server.ts); only an account linked to a client record gets
// a session here. The typed username comes back with every refusal.
export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(request.clone()), { schema: loginSchema });
  const refuse = (status: number, title: string, description: string, headers?: HeadersInit) =>
    data(
      { result: submission.reply({ hideFields: ["password"] }), error: { title, description } },
      { status, headers },
    );
  if (submission.status !== "success")
    return refuse(400, "Login inválido", "Preencha o nome de usuário ou email e a senha.");
  try {
    const user = await authenticator.authenticate("form", request);
    const home = user.role === "client" ? areaHome(await areasOf(getDb(), user.id)) : null;
    if (!home) return refuse(403, "Acesso negado", NOT_A_CLIENT);
    const token = await createSession(getDb(), user.id, request.headers.get("User-Agent"));
    const headers = new Headers();
    headers.append("Set-Cookie", await sessionCookieFor(token));
    headers.append("Set-Cookie", await deviceCookieFor(request, user));
    return redirectWithToast(
      home.to,
      { type: "success", title: "Login bem-sucedido", description: `Bem-vindo(a), ${home.name}!` },
      { headers },
    );
  } catch (error) {
    if (error instanceof LoginError) {
      if (error.code === "throttled") return refuse(429, "Muitas tentativas", error.message);
      if (error.code === "missing")
        return refuse(400, "Login inválido", "Preencha o nome de usuário ou email e a senha.");
      return refuse(401, "Login inválido", "Usuário ou senha incorretos. Verifique suas credenciais.");
    }
    if (isDatabaseBusy(error))
      return refuse(503, BUSY_TITLE, BUSY_MESSAGE, { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });
    log.error("login.failed", { area: "client", error });
    return refuse(500, "Erro no sistema", "Ocorreu um erro durante o login. Tente novamente.");
  }
}

export default function ClientLogin({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const [form, fields] = useForm({
    id: "client-login",
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
  });
  return (
    <AuthCard
      title="Área do Cliente"
      subtitle="Inquilinos: contrato, cobranças e manutenção. Proprietários: repasses, extratos e seus imóveis."
    >
      <Form method="post" {...getFormProps(form)} noValidate={false} className="space-y-4">
        {actionData?.error ? (
          <FormAlert title={actionData.error.title} description={actionData.error.description} />
        ) : null}
        <Field meta={fields.username} label="Nome de usuário ou Email" type="text" autoComplete="username" />
        <Field meta={fields.password} label="Senha" as="custom">
          <PasswordInput meta={fields.password} autoComplete="current-password" />
        </Field>
        <Button className="w-full" disabled={busy}>
          {busy ? "Autenticando..." : "Entrar"}
        </Button>
        <p className="text-center text-sm">
          <Link to="/client-login/recuperar-senha" className="font-medium text-brand-700 hover:underline">
            Esqueceu sua senha?
          </Link>
        </p>
      </Form>
    </AuthCard>
  );
}
