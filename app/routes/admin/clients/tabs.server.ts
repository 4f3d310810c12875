import { getDb } from "#app/db/db.server";
import { listBillingGroups } from "#app/models/billing/billing.server";
import { listAwaitingBoletos } from "#app/models/boletos/queue.server";
import { listActiveClients, listClients } from "#app/models/clients/clients.server";
import { listContracts } from "#app/models/contracts/contracts.server";
import { listInspections } from "#app/models/inspections/inspections.server";
import { listMaintenanceRequests } from "#app/models/maintenance/admin.server";
import { listOwners } from "#app/models/owners/owners.server";
import { listDifferences } from "#app/models/reconciliation/differences.server";
import type { Tab } from "./clients-tabs";

// What each tab of "Gestão de Clientes" loads, one function a tab, so each
// list's query (its page, search and filters in the URL) lives beside the
// others without one loader that knows them all.

async function loadClients(_url: URL, today: string, active: boolean) {
  return active ? listActiveClients(getDb(), today) : listClients(getDb());
}

async function loadBilling(_url: URL, today: string) {
  const [billingGroups, awaitingBoletos, differences] = await Promise.all([
    listBillingGroups(getDb(), today),
    listAwaitingBoletos(getDb()),
    listDifferences(getDb()),
  ]);
  return { billingGroups, awaitingBoletos, differences };
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
