import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, data } from "react-router";
import { OneTimePassword } from "#app/components/admin/one-time-password";
import { RouteDialog } from "#app/components/admin/route-dialog";
import { BankRequestDecision } from "#app/components/admin/bank-request-decision";
import { ErrorPage } from "#app/components/site/error-page";
import { Button, buttonClass } from "#app/components/ui/button";
import { useIsPending } from "#app/components/ui/use-is-pending";
import { getDb } from "#app/db/db.server";
import {
  BANK_REQUEST_MESSAGES,
  OWNER_ACCESS_MESSAGES as M,
  bankDecisionSchema,
  ownerAccessSchema,
} from "#app/models/owners/owner-access.schema";
import { decideBankRequest, waitingBankRequest } from "#app/models/owners/bank-requests.server";
import {
  giveOwnerAccess,
  ownerAccess,
  removeOwnerAccess,
  resetOwnerPassword,
  shareOwnerLogin,
} from "#app/models/owners/logins.server";
import { reportFailure } from "#app/utils/failure.server";
import { invariantResponse, parseId, readFormData, requireRole } from "#app/utils/http.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/owner-access";
import { tabListUrl } from "./clients-tabs";

// "Área do Proprietário" of an owner (issue 37, decision 0077): staff give
// the owner a login ("Dar acesso": a new one, or the login the same person
// has as a tenant), reset its password, remove it; and confirm or refuse the
// owner's request to change their payout details. A new password is shown
// once, in the action's answer; every other outcome is a redirect with a toast.
export function meta() {
  return [{ title: "Área do Proprietário | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const listOf = (url: URL) => tabListUrl("proprietarios", url.searchParams);

async function load(param: string) {
  const id = parseId(param);
  const access = id === null ? null : await ownerAccess(getDb(), id);
  invariantResponse(access, "Proprietário não encontrado");
  return access;
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const access = await load(params.id);
  return { access, bankRequest: await waitingBankRequest(getDb(), access.id), list: listOf(url), here: url.search };
}

const GIVE_REFUSALS = {
  missing: "Proprietário não encontrado",
  "has-access": M.hasAccess,
  "no-email": M.noEmail,
  "not-linkable": M.notLinkable,
} as const;

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  const access = await load(params.id);
  const here = `/admin/clients/proprietarios/${access.id}/acesso${url.search}`;
  const error = (description: string) => redirectWithToast(here, { type: "error", title: "Erro", description });
  const form = await readFormData(request);
  const db = getDb();
  try {
    if (String(form.get("intent")).endsWith("-bank")) {
      const decision = parseWithZod(form, { schema: bankDecisionSchema });
      if (decision.status !== "success")
        return error(decision.error?.decision_note ? BANK_REQUEST_MESSAGES.noteTooLong : "Ação desconhecida.");
      const { intent, request_id, decision_note } = decision.value;
      const outcome = intent === "confirm-bank" ? "confirmed" : "refused";
      const done = await decideBankRequest(db, access.id, request_id, { outcome, note: decision_note }, actor);
      if (!done.ok) return error(done.reason === "decided" ? BANK_REQUEST_MESSAGES.decided : "Pedido não encontrado.");
      return redirectWithToast(here, {
        type: "success",
        title: outcome === "confirmed" ? BANK_REQUEST_MESSAGES.confirmed : BANK_REQUEST_MESSAGES.refused,
        description: access.name,
      });
    }
    const submission = parseWithZod(form, { schema: ownerAccessSchema });
    if (submission.status !== "success") {
      const field = Object.entries(submission.error ?? {}).find(([k]) => k === "username" || k === "password");
      return error(field?.[1]?.[0] ?? "Ação desconhecida.");
    }
    const input = submission.value;
    if (input.intent === "reset-password") {
      const reset = await resetOwnerPassword(db, access.id, actor);
      if (!reset) return error(M.noLogin);
      return data({ password: reset });
    }
    if (input.intent === "share-login") {
      const shared = await shareOwnerLogin(db, access.id, input.client_id, actor);
      if (!shared.ok) return error(shared.reason === "no-login" ? M.noLogin : M.notLinkable);
      return redirectWithToast(here, { type: "success", title: M.shared, description: shared.tenantName });
    }
    if (input.intent === "remove-access") {
      const removed = await removeOwnerAccess(db, access.id, actor);
      invariantResponse(removed, "Proprietário não encontrado");
      return redirectWithToast(here, { type: "success", title: M.removed, description: removed.name });
    }
    const asked =
      input.intent === "link-login"
        ? { linkUserId: input.user_id }
        : input.intent === "give-access"
          ? { username: input.username, password: input.password }
          : null;
    if (!asked) return error("Ação desconhecida.");
    const given = await giveOwnerAccess(db, access.id, asked, actor);
    if (!given.ok) return error(given.reason === "clash" ? given.message : GIVE_REFUSALS[given.reason]);
    if (given.password !== null) return data({ password: given });
    return redirectWithToast(here, {
      type: "success",
      title: input.intent === "link-login" ? M.linked : M.given,
      description: given.name,
    });
  } catch (e) {
    reportFailure("owners.access_failed", e);
    return error(M.failed);
  }
}

const inputClass = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2";

export default function OwnerAccessDialog({ loaderData, actionData }: Route.ComponentProps) {
  const { access, bankRequest, list } = loaderData;
  const busy = useIsPending();
  const password = actionData && "password" in actionData ? actionData.password : null;
  return (
    <RouteDialog title="Área do Proprietário" closeTo={list} wide>
      <div className="space-y-6">
        {password ? (
          <OneTimePassword name={password.name} username={password.username} password={password.password!} />
        ) : null}
        <section className="space-y-3">
          <h3 className="font-semibold text-slate-900">Acesso de {access.name}</h3>
          {access.login ? (
            <>
              <p>
                Usuário <strong>{access.login.username}</strong>
                {access.login.alsoTenant ? " (o mesmo login da Área do Cliente, como inquilino)" : ""}. Entra em “Área
                do Cliente”, no site, e vê seus repasses, extratos, imóveis e informes.
              </p>
              {access.leaseToShare ? (
                <Form method="post" className="rounded-lg bg-brand-50 p-4 ring-1 ring-brand-100">
                  <p>
                    {access.leaseToShare.tenantName} aluga um imóvel sem login, com o mesmo CPF/CNPJ ou email. Se for a
                    mesma pessoa, o mesmo login abre também a Área do Cliente desse contrato.
                  </p>
                  <input type="hidden" name="client_id" value={access.leaseToShare.clientId} />
                  <Button name="intent" value="share-login" className="mt-3" disabled={busy}>
                    Usar este login também como inquilino
                  </Button>
                </Form>
              ) : null}
              <Form method="post" className="flex flex-wrap gap-3">
                <Button name="intent" value="reset-password" variant="secondary" disabled={busy}>
                  Redefinir senha
                </Button>
                <Button name="intent" value="remove-access" variant="secondary" disabled={busy}>
                  Remover acesso
                </Button>
              </Form>
            </>
          ) : (
            <>
              <p>Sem acesso. O proprietário verá só o que é seu: repasses, extratos, imóveis, contratos e informes.</p>
              {access.tenantLogin ? (
                <Form method="post" className="rounded-lg bg-brand-50 p-4 ring-1 ring-brand-100">
                  <p>
                    {access.tenantLogin.tenantName} já tem login de inquilino (usuário{" "}
                    <strong>{access.tenantLogin.username}</strong>), com o mesmo CPF/CNPJ ou email. Confirme que é a
                    mesma pessoa antes de usar o mesmo login para as duas áreas.
                  </p>
                  <input type="hidden" name="user_id" value={access.tenantLogin.userId} />
                  <Button name="intent" value="link-login" className="mt-3" disabled={busy}>
                    Usar o login de inquilino
                  </Button>
                </Form>
              ) : null}
              <Form method="post" className="grid gap-3 sm:grid-cols-2">
                <label className="text-sm font-medium text-slate-700">
                  Nome de usuário *
                  <input name="username" required maxLength={50} autoComplete="off" className={inputClass} />
                </label>
                <label className="text-sm font-medium text-slate-700">
                  Senha (vazia: gerada)
                  <input
                    name="password"
                    type="password"
                    maxLength={200}
                    autoComplete="new-password"
                    className={inputClass}
                  />
                </label>
                <p className="text-sm text-slate-600 sm:col-span-2">
                  O login usa o email do proprietário ({access.email ?? "não cadastrado"}) para recuperar a senha.
                </p>
                <div className="sm:col-span-2">
                  <Button name="intent" value="give-access" disabled={busy}>
                    {busy ? "Salvando..." : "Dar acesso"}
                  </Button>
                </div>
              </Form>
            </>
          )}
        </section>
        <BankRequestDecision request={bankRequest} />
        <Link to={list} preventScrollReset className={buttonClass("secondary")}>
          Fechar
        </Link>
      </div>
    </RouteDialog>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFoundTitle="Proprietário não encontrado"
      notFoundText="Este proprietário não existe ou foi excluído."
    />
  );
}
