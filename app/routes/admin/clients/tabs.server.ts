import { getDb } from "#app/db/db.server";
import { listBillingGroups } from "#app/models/billing/billing.server";
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
import { listDifferences } from "#app/models/reconciliation/differences.server";
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

async function loadBilling(_url: URL, today: string) {
  const [billingGroups, awaitingBoletos, differences] = await Promise.all([
    listBillingGroups(getDb(), today),
    listAwaitingBoletos(getDb()),
    listDifferences(getDb()),
  ]);
  return { billingGroups, awaitingBoletos, differences };
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
