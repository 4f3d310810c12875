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
import { deleteClient, listActiveClients, listClients } from "#app/models/clients/clients.server";
import { disableClientLogin, giveClientLogin, resetClientPassword } from "#app/models/clients/logins.server";
import { BILLING_MESSAGES } from "#app/models/billing/billing.schema";
import { listBillingGroups } from "#app/models/billing/billing.server";
import { listDifferences } from "#app/models/reconciliation/differences.server";
import { listAwaitingBoletos } from "#app/models/boletos/queue.server";
import { listContracts } from "#app/models/contracts/contracts.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { listMaintenanceRequests } from "#app/models/maintenance/admin.server";
import { listInspections } from "#app/models/inspections/inspections.server";
import { listOwners } from "#app/models/owners/owners.server";
import { readFormData, requireRole } from "#app/utils/http.server";
import { localToday } from "#app/models/shared/days";
import { reportFailure } from "#app/utils/failure.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/index";

// "Gestão de Clientes" (issue 7): tabs as links (?aba=clientes|ativos|contratos|cobrancas|manutencoes|proprietarios;
// Cobranças: issue 8, components/admin/billing-panel.tsx), the client list and its row
// actions, each a POST with intent + id. A new password is shown once, in the
// action's answer.
export function meta() {
  return [{ title: "Gestão de Clientes | Painel Administrativo" }, { name: "robots", content: "noindex" }];
}

const TABS = [
  { id: "clientes", label: "Clientes" },
  { id: "ativos", label: "Ativos" },
  { id: "contratos", label: "Contratos" },
  { id: "cobrancas", label: "Cobranças" },
  { id: "manutencoes", label: "Manutenções" },
  { id: "proprietarios", label: "Proprietários" },
  { id: "vistorias", label: "Vistorias" },
] as const;
type Tab = (typeof TABS)[number]["id"];

// The tab is ?aba=..., or the section of the dialog open over it
// (/admin/clients/contratos/novo is drawn over Contratos).
function readTab(url: URL): Tab {
  const section = url.pathname.split("/")[3];
  if (
    section === "contratos" ||
    section === "cobrancas" ||
    section === "manutencoes" ||
    section === "proprietarios" ||
    section === "vistorias"
  )
    return section;
  const t = url.searchParams.get("aba");
  return TABS.find((x) => x.id === t)?.id ?? "clientes";
}

const tabUrl = (tab: Tab) => (tab === "clientes" ? "/admin/clients" : `/admin/clients?aba=${tab}`);

const LOAD_FAILED: Record<Tab, string> = {
  clientes: "Não foi possível carregar os clientes.",
  ativos: "Não foi possível carregar os clientes.",
  contratos: "Não foi possível carregar os contratos.",
  cobrancas: BILLING_MESSAGES.loadFailed,
  manutencoes: "Não foi possível carregar as solicitações de manutenção.",
  proprietarios: "Não foi possível carregar os proprietários.",
  vistorias: "Não foi possível carregar as vistorias.",
};

export async function loader({ url }: Route.LoaderArgs) {
  const tab = readTab(url);
  const today = localToday();
  const empty = {
    tab,
    today,
    clients: [],
    contracts: [],
    requests: [],
    billingGroups: [],
    awaitingBoletos: [],
    differences: [],
    owners: [],
    inspections: [],
    error: null,
  };
  try {
    if (tab === "contratos") return { ...empty, contracts: await listContracts(getDb()) };
    if (tab === "manutencoes") return { ...empty, requests: await listMaintenanceRequests(getDb()) };
    if (tab === "proprietarios") return { ...empty, owners: await listOwners(getDb()) };
    if (tab === "vistorias") return { ...empty, inspections: await listInspections(getDb()) };
    if (tab === "cobrancas") {
      const [billingGroups, awaitingBoletos, differences] = await Promise.all([
        listBillingGroups(getDb(), today),
        listAwaitingBoletos(getDb()),
        listDifferences(getDb()),
      ]);
      return { ...empty, billingGroups, awaitingBoletos, differences };
    }
    const clients = tab === "ativos" ? await listActiveClients(getDb(), today) : await listClients(getDb());
    return { ...empty, clients };
  } catch (error) {
    reportFailure("clients.list_failed", error, { tab });
    return { ...empty, error: LOAD_FAILED[tab] };
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
  const back = tabUrl(readTab(url));
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
  // The rows are gone; now the private files (a failure only costs disk space).
  await removePrivateFiles(deleted.files);
  return redirectWithToast(back, { type: "success", title: "Cliente excluído com sucesso", description: deleted.name });
}

export default function ClientsAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, today, clients, error } = loaderData;
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
      {tab === "contratos" ? (
        <ContractsPanel contracts={loaderData.contracts} />
      ) : tab === "cobrancas" ? (
        <BillingPanel
          groups={loaderData.billingGroups}
          today={today}
          awaiting={loaderData.awaitingBoletos}
          differences={loaderData.differences}
        />
      ) : tab === "manutencoes" ? (
        <MaintenancePanel requests={loaderData.requests} />
      ) : tab === "proprietarios" ? (
        <OwnersPanel owners={loaderData.owners} />
      ) : tab === "vistorias" ? (
        <InspectionsPanel inspections={loaderData.inspections} />
      ) : (
        <ClientsPanel active={tab === "ativos"} clients={clients} today={today} loadFailed={error !== null} />
      )}
    </>
  );
}
