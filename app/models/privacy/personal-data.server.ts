import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { hasMoneyHistory, type MoneyHistory } from "#app/models/clients/money-history";
import { moneyHistory } from "#app/models/clients/money-history.server";
import { clientRecords } from "./client-records.server";

// LGPD (docs/decisions/0013-privacy.md): what the agency holds about one email
// address, what would stop its erasure, and how much there is. Nothing here
// writes; the export and the erasure are privacy.server.ts's.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

export const normal = (email: string) => email.trim().toLowerCase();

const byEmail = (email: string) => sql<boolean>`lower(email) = ${normal(email)}`;

// Everything held about the address, as the export gives it (no password
// hash, no session or token: secrets are not personal data to hand out, and
// they go with the account).
export async function collect(db: DB | Trx, email: string) {
  const idealRequests = await db
    .selectFrom("ideal_property_requests")
    .selectAll()
    .where(byEmail(email))
    .where("anonymized_at", "is", null)
    .orderBy("id")
    .execute();
  const listingRequests = await db
    .selectFrom("property_listing_requests")
    .selectAll()
    .where(byEmail(email))
    .where("anonymized_at", "is", null)
    .orderBy("id")
    .execute();
  const accounts = await db
    .selectFrom("users")
    .select(["id", "username", "email", "name", "role", "active", "created_at", "updated_at"])
    .where(byEmail(email))
    .orderBy("id")
    .execute();
  const accountIds = accounts.map((a) => a.id);
  const clientRows = await db
    .selectFrom("clients")
    .selectAll()
    .where((eb) => eb.or([byEmail(email), ...(accountIds.length ? [eb("user_id", "in", accountIds)] : [])]))
    .orderBy("id")
    .execute();
  // An owner of rented properties (Proprietários), with the contracts that name them.
  const ownerOf = await db
    .selectFrom("owners")
    .leftJoin("lease_owners", "lease_owners.owner_id", "owners.id")
    .leftJoin("clients", "clients.id", "lease_owners.client_id")
    .select([
      "owners.id as owner_id",
      "owners.name as owner_name",
      "owners.email as owner_email",
      "owners.phone as owner_phone",
      "owners.cpf_cnpj as owner_cpf_cnpj",
      "owners.pix_key as owner_pix_key",
      "owners.bank_account as owner_bank_account",
      "clients.id as client_id",
      "clients.property_address",
    ])
    .where(sql<boolean>`lower(owners.email) = ${normal(email)}`)
    .orderBy("owners.id")
    .orderBy("clients.id")
    .execute();
  // A login of the address (or of its leases) that also opens an owner's area
  // (decision 0077): erasing it would take the owner's access or leave it
  // holding the erased person's name and email.
  const loginIds = [...new Set([...accountIds, ...clientRows.flatMap((c) => (c.user_id === null ? [] : [c.user_id]))])];
  const ownerLogins = loginIds.length
    ? await db
        .selectFrom("owners")
        .innerJoin("users", "users.id", "owners.user_id")
        .select(["owners.name", "users.username"])
        .where("owners.user_id", "in", loginIds)
        .orderBy("owners.id")
        .execute()
    : [];
  const clients = [];
  for (const c of clientRows) clients.push({ ...c, ...(await clientRecords(db, c.id)) });
  // Which of them are fiscal records (docs/decisions/0062-nothing-fiscal-deleted.md):
  // anonymised and kept by the erasure, never deleted.
  const fiscal = new Map<number, MoneyHistory>();
  for (const c of clientRows) {
    const history = await moneyHistory(db, c.id);
    if (hasMoneyHistory(history)) fiscal.set(c.id, history);
  }
  return { idealRequests, listingRequests, accounts, clients, ownerOf, ownerLogins, fiscal };
}

export type PersonalData = Awaited<ReturnType<typeof collect>>;

// Why an erasure cannot run, in the master's words (empty: it can).
export function blockers(found: PersonalData) {
  const out: string[] = [];
  for (const a of found.accounts) {
    if (a.role !== "client")
      out.push(
        `O email é de uma conta da equipe (${a.username}): desative a conta na página Equipe em vez de apagá-la.`,
      );
  }
  for (const o of found.ownerLogins)
    out.push(
      `O login ${o.username} também abre a Área do Proprietário de ${o.name}: remova o acesso do proprietário (Proprietários, Acesso) antes de apagar os dados.`,
    );
  // A client with money history is anonymised and kept, once its contract
  // ended: while it runs, its data serve the contract (LGPD art. 7º, V) and
  // its notices and receipts need the address.
  for (const c of found.clients) {
    if (found.fiscal.has(c.id) && !c.ended_on)
      out.push(
        `O contrato do cliente ${c.name} (nº ${c.id}) está em vigor e tem pagamentos registrados: os dados servem à execução do contrato. Use “Encerrar contrato” em Clientes antes de apagar os dados.`,
      );
  }
  // An owner's record is kept while a contract names them (the DIMOB and the
  // statements are legal obligations, LGPD art. 7 II); it is edited by staff, not erased here.
  for (const o of found.ownerOf) {
    out.push(
      `O email é do proprietário ${o.owner_name} (cadastro nº ${o.owner_id}${o.client_id ? `, contrato do cliente nº ${o.client_id}` : ""}): os dados de proprietários são guardados pelo prazo legal; corrija ou remova esse cadastro em Proprietários.`,
    );
  }
  return out;
}

export function summarize(found: PersonalData) {
  const kept = found.clients.filter((c) => found.fiscal.has(c.id));
  return {
    idealRequests: found.idealRequests.length,
    listingRequests: found.listingRequests.length,
    clients: found.clients.length,
    contracts: found.clients.reduce((n, c) => n + c.contracts.length, 0),
    billings: found.clients.reduce((n, c) => n + c.billings.length, 0),
    maintenanceRequests: found.clients.reduce((n, c) => n + c.maintenance_requests.length, 0),
    accounts: found.accounts.length,
    ownerOf: found.ownerOf.length,
    // Of the clients, those with money history: anonymised, their fiscal records kept.
    fiscalClients: kept.length,
    keptBillings: kept.reduce((n, c) => n + c.billings.length, 0),
    keptReceipts: kept.reduce((n, c) => n + c.billings.reduce((m, b) => m + b.receipts.length, 0), 0),
    keptContracts: kept.reduce((n, c) => n + c.contracts.length, 0),
  };
}

// The master's look-up: counts and the refusals an erasure would meet.
