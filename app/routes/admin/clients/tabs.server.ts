import { getDb } from "#app/db/db.server";
import { readBillingQuery } from "#app/models/billing/billing-query";
import { remindsOnWhatsapp, whatsappReminderPath } from "#app/models/billing/reminder.server";
import { listBillingGroupsPage, listQueue, queueCounts } from "#app/models/billing/billing-queues.server";
import { listAwaitingBoletos } from "#app/models/boletos/queue.server";
import { clientsQueryValues, parseClientsQuery } from "#app/models/clients/clients-query";
import { listClients } from "#app/models/clients/clients.server";
import { contractsQueryValues, parseContractsQuery } from "#app/models/contracts/contracts-query";
import { listContracts } from "#app/models/contracts/contracts.server";
import { inspectionsQueryValues, parseInspectionsQuery } from "#app/models/inspections/inspections-query";
import { listInspections } from "#app/models/inspections/inspections.server";
import { listMaintenanceRequests } from "#app/models/maintenance/admin.server";
import { maintenanceQueryValues, parseMaintenanceQuery } from "#app/models/maintenance/maintenance-query";
import { ownersQueryValues, parseOwnersQuery } from "#app/models/owners/owners-query";
import { listOwners } from "#app/models/owners/owners.server";
import type { Tab } from "./clients-tabs";

// What each tab of "Gestão de Clientes" loads, one function a tab, so each
// list's query (its page, search and filters in the URL) lives beside the
// others without one loader that knows them all. Each list tab answers one
// page of its query with the query read back (`query`, to fill the search
// bar) and its parameters without defaults (`values`, for the links).

async function loadClients(url: URL, today: string, active: boolean) {
  const query = parseClientsQuery(url.searchParams, active);
  return { ...(await listClients(getDb(), query, today)), query, values: clientsQueryValues(query) };
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
            query.queue === "diferencas"
              ? { kind: "differences" as const, rows }
              : {
                  kind: "queue" as const,
                  rows: rows.map((b) => ({
                    ...b,
                    whatsapp: remindsOnWhatsapp(b) ? whatsappReminderPath(b.id) : null,
                  })),
                },
        })),
  ]);
  return { query, counts, awaitingBoletos, ...listed };
}

async function loadContracts(url: URL) {
  const query = parseContractsQuery(url.searchParams);
  return { ...(await listContracts(getDb(), query)), query, values: contractsQueryValues(query) };
}

async function loadMaintenance(url: URL) {
  const query = parseMaintenanceQuery(url.searchParams);
  return { ...(await listMaintenanceRequests(getDb(), query)), query, values: maintenanceQueryValues(query) };
}

async function loadOwners(url: URL) {
  const query = parseOwnersQuery(url.searchParams);
  return { ...(await listOwners(getDb(), query)), query, values: ownersQueryValues(query) };
}

async function loadInspections(url: URL) {
  const query = parseInspectionsQuery(url.searchParams);
  return { ...(await listInspections(getDb(), query)), query, values: inspectionsQueryValues(query) };
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
