import { getDb } from "#app/db/db.server";
import { readBillingQuery } from "#app/models/billing/billing-query";
import { listBillingGroupsPage, listQueue, queueCounts } from "#app/models/billing/billing-queues.server";
import { listAwaitingBoletos } from "#app/models/boletos/queue.server";
import { listActiveClients, listClients } from "#app/models/clients/clients.server";
import { listContracts } from "#app/models/contracts/contracts.server";
import { listInspections } from "#app/models/inspections/inspections.server";
import { listMaintenanceRequests } from "#app/models/maintenance/admin.server";
import { listOwners } from "#app/models/owners/owners.server";
import type { Tab } from "./clients-tabs";

// What each tab of "Gestão de Clientes" loads, one function a tab, so each
// list's query (its page, search and filters in the URL) lives beside the
// others without one loader that knows them all.

async function loadClients(_url: URL, today: string, active: boolean) {
  return active ? listActiveClients(getDb(), today) : listClients(getDb());
}

// Cobranças: the queue in the URL (?fila=, default "Em atraso"), its counts,
// and the boleto flow's drafts (docs/decisions/0057-lists-as-queries.md).
async function loadBilling(url: URL, today: string) {
  const query = readBillingQuery(url.searchParams);
  const db = getDb();
  const [counts, awaitingBoletos, listed] = await Promise.all([
    queueCounts(db, today),
    listAwaitingBoletos(db),
    query.queue === "todas"
      ? listBillingGroupsPage(db, query, today).then(({ groups, ...page }) => ({
          ...page,
          view: { kind: "groups" as const, groups },
        }))
      : listQueue(db, query, today).then(({ rows, ...page }) => ({
          ...page,
          view:
            query.queue === "diferencas" ? { kind: "differences" as const, rows } : { kind: "queue" as const, rows },
        })),
  ]);
  return { query, counts, awaitingBoletos, ...listed };
}

async function loadContracts(_url: URL) {
  return listContracts(getDb());
}

async function loadMaintenance(_url: URL) {
  return listMaintenanceRequests(getDb());
}

async function loadOwners(_url: URL) {
  return listOwners(getDb());
}

async function loadInspections(_url: URL) {
  return listInspections(getDb());
}

export async function loadTab(tab: Tab, url: URL, today: string) {
  switch (tab) {
    case "clientes":
    case "ativos":
      return { tab, clients: await loadClients(url, today, tab === "ativos") };
    case "cobrancas":
      return { tab, ...(await loadBilling(url, today)) };
    case "contratos":
      return { tab, contracts: await loadContracts(url) };
    case "manutencoes":
      return { tab, requests: await loadMaintenance(url) };
    case "proprietarios":
      return { tab, owners: await loadOwners(url) };
    case "vistorias":
      return { tab, inspections: await loadInspections(url) };
  }
}
