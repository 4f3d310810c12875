import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "#app/components/ui/private-icons";
import { Link, Outlet, data } from "react-router";
import { Tabs } from "#app/components/ui/tabs";
import { AdminTitle } from "#app/components/admin/admin-shell";
import { OneTimePassword } from "#app/components/admin/one-time-password";
import { BillingPanel } from "#app/components/admin/billing-panel";
import { ClientsPanel } from "#app/components/admin/clients-panel";
import { ContractsPanel } from "#app/components/admin/contracts-panel";
import { MaintenancePanel } from "#app/components/admin/maintenance-panel";
import { InspectionsPanel } from "#app/components/admin/inspections-panel";
import { OwnersPanel } from "#app/components/admin/owners-panel";
import { buttonClass } from "#app/components/ui/button";
import { FormAlert } from "#app/components/ui/field";
import { getDb } from "#app/db/db.server";
import { clientRowActionSchema } from "#app/models/clients/client.schema";
import { deleteClient } from "#app/models/clients/clients.server";
import { deleteRefusal } from "#app/models/clients/money-history";
import { disableClientLogin, giveClientLogin, resetClientPassword } from "#app/models/clients/logins.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { readFormData, requireRole } from "#app/utils/http.server";
import { localToday } from "#app/models/shared/days";
import { reportFailure } from "#app/utils/failure.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/index";
import { LOAD_FAILED, TABS, readTab, tabListUrl, tabNav, tabUrl } from "./clients-tabs";
import { loadTab } from "./tabs.server";

// "Gestão de Clientes" (issue 7): tabs as links (?aba=clientes|ativos|contratos|cobrancas|manutencoes|proprietarios;
// Cobranças: issue 8, components/admin/billing-panel.tsx), the client list and its row
// actions, each a POST with intent + id. A new password is shown once, in the
// action's answer.
export function meta() {
  return [{ title: "Gestão de Clientes | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

export async function loader({ url }: Route.LoaderArgs) {
  const tab = readTab(url);
  const today = localToday();
  try {
    return { tab, today, view: await loadTab(tab, url, today), error: null };
  } catch (error) {
    reportFailure("clients.list_failed", error, { tab });
    return { tab, today, view: null, error: LOAD_FAILED[tab] };
  }
}

const FAILED = {
  "give-login": "Não foi possível criar o login do cliente.",
  "reset-password": "Não foi possível redefinir a senha.",
  "disable-login": "Não foi possível desativar o login.",
  delete: "Não foi possível excluir o cliente.",
} as const;

export async function action({ request, url, context }: Route.ActionArgs) {
  const actor = await requireRole(context, "staff");
  // Back to the list as it was (its search, filters, sort and page).
  const back = tabListUrl(readTab(url), url.searchParams);
  const submission = parseWithZod(await readFormData(request), { schema: clientRowActionSchema });
  if (submission.status !== "success") {
    const intent = String(submission.payload.intent ?? "");
    const fieldError = Object.entries(submission.error ?? {}).find(
      ([k]) => k === "username" || k === "password",
    )?.[1]?.[0];
    const description = fieldError ?? (intent in FAILED ? FAILED[intent as keyof typeof FAILED] : "Ação desconhecida.");
    return redirectWithToast(back, { type: "error", title: "Erro", description });
  }
  const input = submission.value;
  const db = getDb();
  const notFound = () =>
    redirectWithToast(back, { type: "error", title: "Erro", description: "Cliente não encontrado." });

  if (input.intent === "give-login") {
    const given = await giveClientLogin(db, input.id, input, actor);
    if (!given.ok) {
      if (given.reason === "missing") return notFound();
      const description = given.reason === "clash" ? given.message : "Este cliente já tem login.";
      return redirectWithToast(back, { type: "error", title: "Erro", description });
    }
    if (given.password === null)
      return redirectWithToast(back, { type: "success", title: "Login criado", description: given.name });
    return data({ password: { name: given.name, username: input.username, password: given.password } });
  }
  if (input.intent === "reset-password") {
    const reset = await resetClientPassword(db, input.id, actor);
    if (!reset)
      return redirectWithToast(back, { type: "error", title: "Erro", description: "Este cliente não tem login." });
    return data({ password: { name: reset.name, username: null, password: reset.password } });
  }
  if (input.intent === "disable-login") {
    const done = await disableClientLogin(db, input.id, actor);
    if (!done) return notFound();
    return redirectWithToast(back, { type: "success", title: "Login desativado", description: done.name });
  }
  const deleted = await deleteClient(db, input.id, actor);
  if (!deleted) return notFound();
  // Money history: refused, nothing changed; "Encerrar contrato" instead
  // (docs/decisions/0062-nothing-fiscal-deleted.md), its dialog opened.
  if (!deleted.ok) {
    const { title, description } = deleteRefusal(deleted);
    const to = deleted.endedOn ? back : `/admin/clients/${input.id}/encerrar${new URL(back, url).search}`;
    return redirectWithToast(to, { type: "error", title, description });
  }
  // The rows are gone; now the private files (a failure only costs disk space).
  await removePrivateFiles(deleted.files);
  return redirectWithToast(back, { type: "success", title: "Cliente excluído com sucesso", description: deleted.name });
}

// The Clientes tab when its list failed to load: the alert, no rows.
const NO_CLIENTS = { rows: [], total: 0, page: 1, pages: 1 };

export default function ClientsAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, today, view, error } = loaderData;
  return (
    <>
      <AdminTitle title="Gestão de Clientes">
        <Link to="/admin/clients/new" className={buttonClass()}>
          <Plus aria-hidden className="size-4" /> Novo Cliente
        </Link>
      </AdminTitle>
      <Tabs label="Abas de clientes" tabs={TABS} current={tab} href={tabUrl} className="mb-6" />
      <Outlet />
      {actionData?.password ? <OneTimePassword {...actionData.password} /> : null}
      {error ? <FormAlert title="Erro ao carregar" description={error} /> : null}
      {view?.tab === "contratos" ? (
        <ContractsPanel
          list={view.contracts}
          query={view.contracts.query}
          nav={tabNav(tab, view.contracts.values, view.contracts.page)}
        />
      ) : view?.tab === "cobrancas" ? (
        <BillingPanel
          query={view.query}
          counts={view.counts}
          view={view.view}
          total={view.total}
          page={view.page}
          pages={view.pages}
          today={today}
          awaiting={view.awaitingBoletos}
        />
      ) : view?.tab === "manutencoes" ? (
        <MaintenancePanel
          list={view.requests}
          query={view.requests.query}
          nav={tabNav(tab, view.requests.values, view.requests.page)}
        />
      ) : view?.tab === "proprietarios" ? (
        <OwnersPanel
          list={view.owners}
          query={view.owners.query}
          nav={tabNav(tab, view.owners.values, view.owners.page)}
        />
      ) : view?.tab === "vistorias" ? (
        <InspectionsPanel
          list={view.inspections}
          query={view.inspections.query}
          nav={tabNav(tab, view.inspections.values, view.inspections.page)}
        />
      ) : tab === "clientes" || tab === "ativos" ? (
        <ClientsPanel
          active={tab === "ativos"}
          {...(view?.tab === "clientes" || view?.tab === "ativos"
            ? {
                list: view.clients,
                query: view.clients.query,
                nav: tabNav(tab, view.clients.values, view.clients.page),
              }
            : { list: NO_CLIENTS, query: null, nav: tabNav(tab, {}) })}
          today={today}
          loadFailed={error !== null}
        />
      ) : null}
    </>
  );
}
