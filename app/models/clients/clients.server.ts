import { percentToBp } from "#app/models/billing/charges";
import { sql, type Kysely, type Transaction } from "kysely";
import type { ClientsTable, Database, FeeBase, FirstMonth } from "#app/db/schema";
import { hashPassword } from "#app/models/accounts/password.server";
import { generatePassword } from "#app/models/accounts/staff.server";
import { assertUnique, insertAccount } from "#app/models/accounts/users.server";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { localToday } from "#app/models/shared/days";
import { rewithholdOpenBillings } from "#app/models/withholding/irrf.server";
import { queryBatches, pageOf } from "#app/models/shared/paging.server";
import { searchCondition } from "#app/models/shared/search.server";
import {
  DEFAULT_ADMIN_FEE_PERCENT,
  DEFAULT_FIRST_RENT_FEE_PERCENT,
  DEFAULT_LATE_FEE_PERCENT,
  DEFAULT_MONTHLY_INTEREST_PERCENT,
  type EditClientInput,
  type NewClientInput,
} from "./client.schema";
import type { ClientsQuery } from "./clients-query";
import {
  GENERATED_PASSWORD_LENGTH,
  clash,
  copyToLogin,
  removeLogin,
  setLeaseLogin,
  type FieldError,
} from "./logins.server";
import { hasMoneyHistory, type MoneyHistory } from "./money-history";
import { moneyHistory } from "./money-history.server";

// Rental clients (issue 7): the record, created with its login and, while it
// has no money history, deleted with everything it owns (the login's own
// actions are in logins.server.ts; ending a contract in contract-end.server.ts).
// Every write runs in one transaction with its audit rows; the password is
// hashed before it starts.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

const clientColumns = [
  "clients.id",
  "clients.name",
  "clients.email",
  "clients.phone",
  "clients.cpf_cnpj",
  "clients.property_address",
  "clients.contract_start_date",
  "clients.contract_end_date",
  "clients.monthly_rent_cents",
  "clients.payment_due_day",
  "clients.late_fee_bp",
  "clients.monthly_interest_bp",
  "clients.owner_id",
  "clients.property_id",
  "clients.admin_fee_bp",
  "clients.first_rent_fee_bp",
  "clients.fee_base",
  "clients.readjustment_index",
  "clients.readjustment_lowers",
  "clients.first_month",
  "clients.readjustment_lag_months",
  "clients.user_id",
  "clients.ended_on",
  "clients.ended_reason",
  "clients.personal_data_erased_at",
  "clients.created_at",
] as const;

// What a row of the list shows (components/admin/clients-panel.tsx).
const LIST_COLUMNS = [
  "clients.id",
  "clients.name",
  "clients.email",
  "clients.phone",
  "clients.cpf_cnpj",
  "clients.property_address",
  "clients.contract_start_date",
  "clients.contract_end_date",
  "clients.monthly_rent_cents",
  "clients.payment_due_day",
  "clients.user_id",
  "clients.ended_on",
  "clients.personal_data_erased_at",
] as const;

function selectClients(db: DB | Trx) {
  return db
    .selectFrom("clients")
    .leftJoin("users", "users.id", "clients.user_id")
    .select([...clientColumns, "users.username as username"]);
}

export type ClientRow = Awaited<ReturnType<typeof getClient>> & {};

// "Clientes" and "Ativos" (docs/product.md §Clientes) as its URL asks for
// (clients-query.ts): searched, filtered and sorted by SQL. Ativos: the
// contract ends today or later in the agency's zone and was not ended
// ("Encerrar contrato"); Encerrado, Ativo, Prazo indeterminado and Sem contrato are apart
// (contractStatus, status.ts). Every sort ends on the id, so a page never
// repeats or skips a row.
function clientsList(db: DB, q: ClientsQuery, today: string) {
  let filtered = db.selectFrom("clients").leftJoin("users", "users.id", "clients.user_id");
  if (q.contract === "encerrado") filtered = filtered.where("clients.ended_on", "is not", null);
  else if (q.active || q.contract) filtered = filtered.where("clients.ended_on", "is", null);
  if (q.active || q.contract === "ativo")
    filtered = filtered
      .where("clients.contract_end_date", "is not", null)
      .where("clients.contract_end_date", ">=", today);
  if (q.contract === "indeterminado") filtered = filtered.where("clients.contract_end_date", "<", today);
  if (q.contract === "sem") filtered = filtered.where("clients.contract_end_date", "is", null);
  if (q.login) filtered = filtered.where("clients.user_id", q.login === "com" ? "is not" : "is", null);
  const found = searchCondition(q.search, {
    text: ["clients.name", "clients.email", "clients.property_address", "users.username"],
    documents: ["clients.cpf_cnpj"],
  });
  if (found) filtered = filtered.where(found);
  const ordered = (query: typeof filtered) => {
    const rows = query.select([...LIST_COLUMNS, "users.username as username"]);
    // By the name as people read it ("Álvaro" among the A's), as fold() compares.
    if (q.sort === "nome") return rows.orderBy("clients.name_fold").orderBy("clients.id");
    if (q.sort === "fim") {
      // Without an end date, last. When the filter leaves only contracts
      // with an end date (Ativos, indeterminado), that term is dropped so that the
      // order is clients_end_name's own and the page is read off the index.
      const withEnd = q.active || q.contract === "ativo" || q.contract === "indeterminado";
      return (withEnd ? rows : rows.orderBy(sql`clients.contract_end_date is null`))
        .orderBy("clients.contract_end_date")
        .orderBy("clients.name")
        .orderBy("clients.id");
    }
    return rows.orderBy("clients.created_at", "desc").orderBy("clients.id", "desc");
  };
  return { filtered, ordered };
}

// One page of the list.
export async function listClients(db: DB, q: ClientsQuery, today = localToday()) {
  const { filtered, ordered } = clientsList(db, q, today);
  return pageOf(filtered, q.page, ordered);
}

// Every row of the list, batch by batch (Exportar CSV).
export function clientsExportBatches(db: DB, q: ClientsQuery, today = localToday()) {
  const { filtered, ordered } = clientsList(db, q, today);
  return queryBatches(ordered(filtered));
}

export async function getClient(db: DB | Trx, id: number) {
  return (await selectClients(db).where("clients.id", "=", id).executeTakeFirst()) ?? null;
}

type Rates = "late_fee_bp" | "monthly_interest_bp" | "admin_fee_bp" | "first_rent_fee_bp" | "readjustment_lowers";
type RecordValues = Omit<
  ClientsTable,
  | "id"
  | "user_id"
  | "created_at"
  | "updated_at"
  | "payment_due_day"
  | "name_fold"
  | "surname_fold"
  | "ended_on"
  | "ended_reason"
  | "personal_data_erased_at"
  | "fee_base"
  | "first_month"
  | "readjustment_lag_months"
  | "billing_gap_months"
  | "tenant_group_id"
  | Rates
> & {
  payment_due_day: number;
  fee_base: FeeBase;
  first_month: FirstMonth;
  readjustment_lag_months: number;
} & Record<Rates, number>;

// The rates may be left out by callers other than the form (the demo seed,
// tests): the form's defaults then.
type RateFields =
  | "late_fee_percent"
  | "monthly_interest_percent"
  | "admin_fee_percent"
  | "first_rent_fee_percent"
  | "readjustment_lowers"
  | "fee_base"
  | "first_month"
  | "readjustment_lag_months";
type RatesOptional<T> = Omit<T, RateFields> & {
  fee_base?: FeeBase;
  first_month?: FirstMonth;
  readjustment_lag_months?: number;
  late_fee_percent?: number;
  monthly_interest_percent?: number;
  admin_fee_percent?: number;
  first_rent_fee_percent?: number;
  readjustment_lowers?: boolean;
};
export type ClientValues = RatesOptional<NewClientInput>;

// The record's columns from the form (empty optional fields: NULL).
export type RecordInput = RatesOptional<Omit<EditClientInput, "username">>;
export function recordValues(input: RecordInput): RecordValues {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    cpf_cnpj: input.cpf_cnpj ?? null,
    property_address: input.property_address ?? null,
    property_id: input.property_id ?? null,
    contract_start_date: input.contract_start_date ?? null,
    contract_end_date: input.contract_end_date ?? null,
    monthly_rent_cents: input.monthly_rent ?? null,
    payment_due_day: input.payment_due_day,
    late_fee_bp: input.late_fee_percent ?? percentToBp(DEFAULT_LATE_FEE_PERCENT)!,
    monthly_interest_bp: input.monthly_interest_percent ?? percentToBp(DEFAULT_MONTHLY_INTEREST_PERCENT)!,
    owner_id: input.owner_id ?? null,
    admin_fee_bp: input.admin_fee_percent ?? percentToBp(DEFAULT_ADMIN_FEE_PERCENT)!,
    first_rent_fee_bp: input.first_rent_fee_percent ?? percentToBp(DEFAULT_FIRST_RENT_FEE_PERCENT)!,
    fee_base: input.fee_base ?? "all",
    readjustment_index: input.readjustment_index ?? null,
    readjustment_lowers: input.readjustment_lowers ? 1 : 0,
    // New leases bill the first and last months by days; the lag the market
    // uses for IPCA and IGP-M (decision 0066).
    first_month: input.first_month ?? "pro_rata",
    readjustment_lag_months: input.readjustment_lag_months ?? 1,
  };
}

// The listing a contract names must exist and not be another running
// contract's (decision 0070): a select's value posted by hand, or a listing
// deleted or leased meanwhile, gets the field's message, not a 500 nor a
// listing taken from the contract that rents it.
export async function checkListing(
  db: DB,
  propertyId: number | null,
  clientId: number | null = null,
): Promise<FieldError | null> {
  if (propertyId === null) return null;
  const found = await db
    .selectFrom("properties")
    .select(["id", "leased_client_id"])
    .where("id", "=", propertyId)
    .executeTakeFirst();
  if (!found) return { ok: false, field: "property_id", message: "Escolha um imóvel da lista." };
  if (found.leased_client_id !== null && found.leased_client_id !== clientId)
    return { ok: false, field: "property_id", message: "Este imóvel já está alugado por outro contrato." };
  return null;
}

// A new client with its login, in one transaction: a clash on the username or
// the email writes neither. An empty password is generated and returned once.
// `passwordHash`: the hash of `input.password`, computed by the caller. Only
// the scale seed passes it (scripts/seed-scale.ts, docs/decisions/0058-scale-data-set.md):
// one argon2 hash (~50 ms) for thousands of tenants instead of one each.
export async function createClient(
  db: DB,
  input: ClientValues,
  actor: AuditActor,
  { passwordHash }: { passwordHash?: string } = {},
) {
  const generated = !input.password;
  const password = input.password || generatePassword(GENERATED_PASSWORD_LENGTH);
  const { username, password: _p, ...rest } = input;
  const values = recordValues(rest);
  const listing = await checkListing(db, values.property_id);
  if (listing) return listing;
  try {
    await assertUnique(db, username, values.email);
    const password_hash = passwordHash ?? (await hashPassword(password));
    const id = await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const userId = await insertAccount(
        trx,
        { username, email: values.email, name: values.name, role: "client" },
        password_hash,
        actor,
        now,
      );
      const row = await trx
        .insertInto("clients")
        .values({ ...values, user_id: userId, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actor,
        action: "create",
        entity: "client",
        entityId: row.id,
        after: { ...values, user_id: userId },
      });
      return row.id;
    });
    return { ok: true as const, id, password: generated ? password : null };
  } catch (error) {
    const field = clash(error);
    if (field) return field;
    throw error;
  }
}

// Saves the record; a client with a login gets its name, email and username
// copied to it (login by email, password recovery). null: no such client.
export async function updateClient(db: DB, id: number, input: RatesOptional<EditClientInput>, actor: AuditActor) {
  const { username, ...rest } = input;
  const values = recordValues(rest);
  const listing = await checkListing(db, values.property_id, id);
  if (listing) return listing;
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom("clients").selectAll().where("id", "=", id).executeTakeFirst();
      if (!before) return null;
      const now = new Date().toISOString();
      if (before.user_id !== null) await copyToLogin(trx, before.user_id, { ...values, username }, actor, now);
      // A co-owned contract's owners change only in "Proprietários do
      // contrato" (decision 0067): the form's owner is not theirs to replace.
      const shared = await trx
        .selectFrom("lease_owners")
        .select("owner_id")
        .where("client_id", "=", id)
        .limit(2)
        .execute();
      if (shared.length > 1) values.owner_id = before.owner_id;
      await trx
        .updateTable("clients")
        .set({ ...values, updated_at: now })
        .where("id", "=", id)
        .execute();
      const { id: _id, user_id: _u, created_at: _c, updated_at: _up, ...old } = before;
      await recordAudit(trx, { actor, action: "update", entity: "client", entityId: id, before: old, after: values });
      // A company tenant's IRRF follows its document and the owner (decision 0074).
      if (before.cpf_cnpj !== values.cpf_cnpj || before.owner_id !== values.owner_id)
        await rewithholdOpenBillings(trx, id, actor, localToday());
      return { ok: true as const };
    });
  } catch (error) {
    const field = clash(error);
    if (field) return field;
    throw error;
  }
}

// A deleted lease's login goes back to the tenant's latest earlier lease
// (decision 0073: a "Novo contrato" made by mistake, then deleted, leaves the
// tenant their ended lease's receipts); a tenant's only lease takes it along,
// and so does one whose earlier lease has a login of its own or was erased
// (LGPD: the erasure removes the person's login with their data).
async function loginAfterDelete(
  trx: Trx,
  deleted: { id: number; user_id: number | null; tenant_group_id: number },
  actor: AuditActor,
) {
  if (deleted.user_id === null) return;
  const earlier = await trx
    .selectFrom("clients")
    .select(["id", "user_id", "personal_data_erased_at"])
    .where("tenant_group_id", "=", deleted.tenant_group_id)
    .where("id", "<", deleted.id)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!earlier || earlier.user_id !== null || earlier.personal_data_erased_at !== null)
    return removeLogin(trx, deleted.user_id, actor);
  await setLeaseLogin(trx, earlier.id, deleted.user_id, null, actor);
}

export type DeleteClientResult =
  | { ok: true; name: string; files: string[] }
  // Money history (money-history.server.ts): a fiscal record, never deleted;
  // "Encerrar contrato" ends it instead (docs/decisions/0062-nothing-fiscal-deleted.md).
  | { ok: false; reason: "money-history"; name: string; endedOn: string | null; history: MoneyHistory };

// Deletes a client without money history, its login and its rows (contracts,
// billings never paid with their boletos and proofs of payment, queued boletos, maintenance requests
// with their images and documents, inspections: ON DELETE CASCADE) in one
// transaction. Returns the private file keys to remove after the commit; null
// when there is no such client. A client with money history is refused, and
// nothing changes: the server's rule, whatever the page showed.
export async function deleteClient(db: DB, id: number, actor: AuditActor) {
  return db.transaction().execute((trx) => deleteClientIn(trx, id, actor));
}

// The same, inside a caller's transaction (the LGPD erasure deletes a client
// with other rows, all or nothing). The files named go after the commit.
export async function deleteClientIn(trx: Trx, id: number, actor: AuditActor): Promise<DeleteClientResult | null> {
  const before = await trx.selectFrom("clients").selectAll().where("id", "=", id).executeTakeFirst();
  if (!before) return null;
  const history = await moneyHistory(trx, id);
  if (hasMoneyHistory(history))
    return { ok: false, reason: "money-history", name: before.name, endedOn: before.ended_on, history };
  const contracts = [
    ...(await trx.selectFrom("contracts").select("file_key").where("client_id", "=", id).execute()),
    ...(await trx.selectFrom("guarantee_documents").select("file_key").where("client_id", "=", id).execute()),
  ];
  const requests = trx.selectFrom("maintenance_requests").select("id").where("client_id", "=", id);
  const images = await trx
    .selectFrom("maintenance_images")
    .select("file_key")
    .where("request_id", "in", requests)
    .execute();
  const documents = await trx
    .selectFrom("maintenance_documents")
    .select("file_key")
    .where("request_id", "in", requests)
    .execute();
  const billings = trx.selectFrom("billing").select("id").where("client_id", "=", id);
  const boletos = await trx
    .selectFrom("billing_documents")
    .select("file_key")
    .where("billing_id", "in", billings)
    .execute();
  const queued = await trx.selectFrom("boleto_queue").select("file_key").where("client_id", "=", id).execute();
  const proofs = await trx.selectFrom("payment_proofs").select("file_key").where("client_id", "=", id).execute();
  // The lease's documents (decisions 0069, 0071): their rows go with the client.
  const terms = [
    ...(await trx.selectFrom("lease_versions").select("file_key").where("client_id", "=", id).execute()),
    ...(await trx.selectFrom("lease_settlements").select("file_key").where("client_id", "=", id).execute()),
  ];
  await trx.deleteFrom("clients").where("id", "=", id).execute();
  if (before.user_id !== null) await loginAfterDelete(trx, before, actor);
  const { id: _id, created_at: _c, updated_at: _u, ...old } = before;
  await recordAudit(trx, { actor, action: "delete", entity: "client", entityId: id, before: old });
  return {
    ok: true,
    name: before.name,
    files: [...contracts, ...images, ...documents, ...boletos, ...queued, ...proofs, ...terms].map((r) => r.file_key),
  };
}
