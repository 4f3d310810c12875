import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { pageOf, pageOfRows, queryBatches, type Paged } from "#app/models/shared/paging.server";
import { searchCondition } from "#app/models/shared/search.server";
import { batchesOf } from "#app/models/shared/slicer";
import { untilWrite } from "#app/models/shared/until-write.server";
import type { IncomeQuery } from "./income-query";
import {
  ownersRentLines,
  ownersRentLinesInBatches,
  CHARGES_BESIDE_RENT,
  type OwnedRentLine,
  type PaidRange,
} from "./received-rents.server";
import { payingClients } from "./paying-clients.server";
import { BILLING_WITHHELD } from "#app/models/withholding/irrf.server";

// The informes de rendimentos of a calendar year
// (docs/decisions/0043-income-reports.md): per owner, month by month, the
// rents the agency received for them, its fees and the net; per tenant,
// month by month, the rents they paid and to whom. Months are those of the
// payment date (what was received or paid in January is January's), fees as
// the owner statements charged them (received-rents.server.ts).
//
// At scale (issue 34, docs/decisions/0060-list-queries.md, "Informes and DIMOB
// at scale") nothing here reads a person at a time: the figures of many owners
// or tenants come from one query a batch (ownersRentLines, tenants' payments
// by billing_client_paid), the event loop given a turn between batches; the
// page computes only its own 25 owners.

type DB = Kysely<Database>;

// netCents (the rents net of fees) is transferredCents (in a final owner
// statement: "Líquido repassado") plus pendingCents (received, not yet
// transferred: "A repassar"); never the one labelled as the other (decision 0064).
export type IncomeMonth = {
  month: string;
  grossCents: number; // the rent: received, plus what a company tenant withheld
  withheldCents: number; // the IRRF company tenants withheld (decision 0074)
  feesCents: number;
  netCents: number;
  transferredCents: number;
  pendingCents: number;
};

const monthsOf = (year: number) => Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`);
const yearRange = (year: number): PaidRange => ({ paidFrom: `${year}-01-01`, paidBefore: `${year + 1}-01-01` });
const idsJson = (ids: readonly number[]) => JSON.stringify(ids);

// Tenants a query: a year of their payments is about 12 rows each.
const TENANT_BATCH = 200;

// A line's rent net of fees: a reimbursement of charges beside the rent is
// not income (decision 0068).
const rentNet = (l: { netCents: number; reimbursedCents?: number }) => l.netCents - (l.reimbursedCents ?? 0);

function byMonth(
  year: number,
  lines: {
    paymentMonth: string;
    receivedCents: number;
    netCents: number;
    reimbursedCents?: number;
    withheldCents?: number;
    ownerStatementId: number | null;
  }[],
) {
  const months: IncomeMonth[] = monthsOf(year).map((month) => {
    const of = lines.filter((l) => l.paymentMonth === month);
    const withheld = of.reduce((s, l) => s + (l.withheldCents ?? 0), 0);
    const gross = of.reduce((s, l) => s + l.receivedCents, 0) + withheld;
    const net = of.reduce((s, l) => s + rentNet(l), 0);
    const transferred = of.reduce((s, l) => s + (l.ownerStatementId !== null ? rentNet(l) : 0), 0);
    return {
      month,
      grossCents: gross,
      withheldCents: withheld,
      feesCents: gross - withheld - net,
      netCents: net,
      transferredCents: transferred,
      pendingCents: net - transferred,
    };
  });
  const sum = (k: keyof Omit<IncomeMonth, "month">) => months.reduce((s, m) => s + m[k], 0);
  return {
    months,
    totals: {
      grossCents: sum("grossCents"),
      withheldCents: sum("withheldCents"),
      feesCents: sum("feesCents"),
      netCents: sum("netCents"),
      transferredCents: sum("transferredCents"),
      pendingCents: sum("pendingCents"),
    },
  };
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K) {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

async function ownerRows(db: DB, ownerIds: readonly number[]) {
  return db
    .selectFrom("owners")
    .selectAll()
    .where(sql<boolean>`id in (select value from json_each(${idsJson(ownerIds)}))`)
    .execute();
}
type OwnerRow = Awaited<ReturnType<typeof ownerRows>>[number];

function ownerIncomeOf(owner: OwnerRow, year: number, lines: OwnedRentLine[]) {
  const tenants = [...new Set(lines.map((l) => l.tenantName))].sort((a, b) => a.localeCompare(b, "pt-BR"));
  return { owner, year, tenants, ...byMonth(year, lines) };
}

export async function ownerIncome(db: DB, ownerId: number, year: number) {
  const [owner] = await ownerRows(db, [ownerId]);
  if (!owner) return null;
  return ownerIncomeOf(owner, year, await ownersRentLines(db, [ownerId], yearRange(year)));
}
export type OwnerIncome = NonNullable<Awaited<ReturnType<typeof ownerIncome>>>;

// ownerIncome of many owners (those that exist), OWNER_BATCH a query.
export async function ownerIncomes(db: DB, year: number, ownerIds: readonly number[]) {
  const incomes = new Map<number, OwnerIncome>();
  const owners = new Map((await ownerRows(db, ownerIds)).map((o) => [o.id, o]));
  const ids = ownerIds.filter((id) => owners.has(id));
  for await (const lines of ownersRentLinesInBatches(db, ids, yearRange(year))) {
    const byOwner = groupBy(lines, (l) => l.ownerId);
    for (const [id, of] of byOwner) incomes.set(id, ownerIncomeOf(owners.get(id)!, year, of));
  }
  // An owner without rents in the year: a year of zeros, as ownerIncome gives it.
  for (const id of ids) if (!incomes.has(id)) incomes.set(id, ownerIncomeOf(owners.get(id)!, year, []));
  return incomes;
}

// paidCents: the rent paid, a company tenant's IRRF included (it paid that
// part to the Receita for the owner); withheldCents: that part (decision 0074).
export type TenantMonth = { month: string; paidCents: number; withheldCents: number };

export type LessorOf = { name: string; cpf_cnpj: string | null; share_bp: number };

// The tenant and the contract's owners (each with their share, decision 0067).
async function tenantRows(db: DB, clientIds: readonly number[]) {
  const rows = await db
    .selectFrom("clients")
    .select(["clients.id", "clients.name", "clients.email", "clients.cpf_cnpj", "clients.property_address"])
    .select(
      sql<string>`(select json_group_array(json_object('name', o.name, 'cpf_cnpj', o.cpf_cnpj, 'share_bp', lo.share_bp))
        from (select * from lease_owners where client_id = clients.id order by position) lo join owners o on o.id = lo.owner_id)`.as(
        "owners",
      ),
    )
    .where(sql<boolean>`clients.id in (select value from json_each(${idsJson(clientIds)}))`)
    .execute();
  return rows.map(({ owners, ...r }) => ({ ...r, owners: JSON.parse(owners) as LessorOf[] }));
}

// The tenants' rents paid in the year (with or without an owner), by
// billing_client_paid: the tenants' own payments, not the year's.
function tenantPayments(db: DB, clientIds: readonly number[], year: number) {
  const { paidFrom, paidBefore } = yearRange(year);
  return (
    db
      .selectFrom("billing")
      .select(["client_id", "payment_date", "amount_paid_cents", "amount_cents"])
      // Rent, multa and juros: the charges beside the rent are not rent (decision 0068).
      .select(CHARGES_BESIDE_RENT.as("beside_cents"))
      .select(BILLING_WITHHELD.as("withheld_cents"))
      .where(sql<boolean>`client_id in (select value from json_each(${idsJson(clientIds)}))`)
      .where("status", "=", "paid")
      .where("payment_date", ">=", paidFrom)
      .where("payment_date", "<", paidBefore)
      .execute()
  );
}

type TenantRow = Awaited<ReturnType<typeof tenantRows>>[number];
type TenantPayment = Awaited<ReturnType<typeof tenantPayments>>[number];

function tenantIncomeOf(client: TenantRow, year: number, paid: TenantPayment[]) {
  const months: TenantMonth[] = monthsOf(year).map((month) => {
    const of = paid.filter((p) => p.payment_date?.startsWith(month));
    const withheld = of.reduce((s, p) => s + p.withheld_cents, 0);
    return {
      month,
      paidCents: of.reduce((s, p) => s + (p.amount_paid_cents ?? p.amount_cents) - p.beside_cents, 0) + withheld,
      withheldCents: withheld,
    };
  });
  return {
    client,
    year,
    months,
    totalCents: months.reduce((s, m) => s + m.paidCents, 0),
    withheldCents: months.reduce((s, m) => s + m.withheldCents, 0),
  };
}

export async function tenantIncome(db: DB, clientId: number, year: number) {
  const [client] = await tenantRows(db, [clientId]);
  if (!client) return null;
  return tenantIncomeOf(client, year, await tenantPayments(db, [clientId], year));
}
export type TenantIncome = NonNullable<Awaited<ReturnType<typeof tenantIncome>>>;

// tenantIncome of many tenants (those that exist), TENANT_BATCH a query.
export async function tenantIncomes(db: DB, year: number, clientIds: readonly number[]) {
  const incomes = new Map<number, TenantIncome>();
  for await (const batch of batchesOf(clientIds, TENANT_BATCH)) {
    const paid = groupBy(await tenantPayments(db, batch, year), (p) => p.client_id);
    for (const client of await tenantRows(db, batch))
      incomes.set(client.id, tenantIncomeOf(client, year, paid.get(client.id) ?? []));
  }
  return incomes;
}

// An informe's email in the outbox: its dedupe key
// (income-report-email.server.ts, incomeKey) in SQL, for a join.
export const incomeKeySql = sql<string>`'income-report:' || income_report_emails.year || ':' || income_report_emails.kind || ':' || income_report_emails.person_id`;

// A request and where its email stands in the outbox (not there yet: its PDF
// is being drawn).
export type EmailStatus = { queued_at: string; sent_at: string | null; attempts: number; last_error: string | null };

// Where the informes' emails of a year stand, of everyone or of some people.
async function emailStatuses(db: DB, year: number, people?: readonly number[]) {
  let query = db
    .selectFrom("income_report_emails")
    .leftJoin("email_outbox", (join) => join.on(sql<boolean>`email_outbox.dedupe_key = ${incomeKeySql}`))
    .select([
      "income_report_emails.kind",
      "income_report_emails.person_id",
      "income_report_emails.queued_at",
      "email_outbox.sent_at",
      sql<number>`coalesce(email_outbox.attempts, 0)`.as("attempts"),
      "email_outbox.last_error",
    ])
    .where("income_report_emails.year", "=", year);
  if (people) query = query.where("income_report_emails.person_id", "in", people);
  const rows = people?.length === 0 ? [] : await query.execute();
  const byPerson = new Map(rows.map(({ kind, person_id, ...status }) => [`${kind}:${person_id}`, status]));
  return (kind: "owner" | "tenant", id: number): EmailStatus | null => byPerson.get(`${kind}:${id}`) ?? null;
}

// Who has an informe of the year: the tenants (with or without an owner) who
// paid a rent in it, and their owners (payingClients: a seek a contract, 15 ms
// at 5,000 contracts), kept until the next write (untilWrite, as the DIMOB's
// year); the lists then page these ids (json_each). (An EXISTS in the paged
// query itself made SQLite call fold() about ten times a row while sorting.)
//
// Kept with them (issue 34: with 20 staff the page missed its p99, its 25
// owners' rent lines were ~7-12 ms and its tenants' page ~5 ms on every view):
// both lists in the page's order, so a page without a search is a slice; and
// the figures of the owners and tenants a page has shown, so the next view of
// that page computes nothing. A write empties all of it (untilWrite).
function yearPeopleIds(db: DB, year: number) {
  return untilWrite(db, `income-people:${year}`, () => readYearPeopleIds(db, year));
}
type YearPeople = Awaited<ReturnType<typeof readYearPeopleIds>>;
// netCents: what the owner earned net of fees; of it, transferredCents went
// in a final statement (Líquido repassado), the rest is still to transfer.
type OwnerTotals = { grossCents: number; netCents: number; transferredCents: number };

async function readYearPeopleIds(db: DB, year: number) {
  const paying = await payingClients(db, yearRange(year));
  const owners = new Set<number>();
  for (const c of paying) for (const id of c.ownerIds) owners.add(id);
  const ownerIds = JSON.stringify([...owners]);
  const tenantIds = JSON.stringify(paying.map((c) => c.id));
  return {
    owners: ownerIds,
    tenants: tenantIds,
    any: paying.length > 0,
    // In the lists' order (incomeLists: name_fold, id).
    ownerOrder: (
      await yearOwners(db, ownerIds).select("owners.id").orderBy("owners.name_fold").orderBy("owners.id").execute()
    ).map((r) => r.id),
    tenantOrder: (
      await yearTenants(db, tenantIds).select("clients.id").orderBy("clients.name_fold").orderBy("clients.id").execute()
    ).map((r) => r.id),
    // Filled by the pages (keptOwnerTotals, keptTenantPaid); an owner without
    // lines in the year is kept as undefined, as yearTotals leaves them.
    ownerTotals: new Map<number, OwnerTotals | undefined>(),
    tenantPaid: new Map<number, number>(),
  };
}

// The year totals of these owners, those not yet kept computed (into a new
// map, then copied: two views at once must not add their lines twice).
async function keptOwnerTotals(db: DB, year: number, people: YearPeople, ids: readonly number[]) {
  const missing = ids.filter((id) => !people.ownerTotals.has(id));
  if (missing.length > 0) {
    const totals = yearTotals(await ownersRentLines(db, missing, yearRange(year)));
    for (const id of missing) people.ownerTotals.set(id, totals.get(id));
  }
  return people.ownerTotals;
}

// The paid totals of these tenants, as keptOwnerTotals.
async function keptTenantPaid(db: DB, year: number, people: YearPeople, ids: readonly number[]) {
  const missing = ids.filter((id) => !people.tenantPaid.has(id));
  if (missing.length > 0) {
    const paid = await tenantTotals(db, year, missing);
    for (const id of missing) people.tenantPaid.set(id, paid.get(id) ?? 0);
  }
  return people.tenantPaid;
}

const yearOwners = (db: DB, ids: string) =>
  db.selectFrom("owners").where(sql<boolean>`owners.id in (select value from json_each(${ids}))`);
const yearTenants = (db: DB, ids: string) =>
  db.selectFrom("clients").where(sql<boolean>`clients.id in (select value from json_each(${ids}))`);

// Everyone with an informe of the year, by name: owners with rents received,
// tenants with rents paid ("Enviar todos por email" asks for these).
export async function incomePeople(db: DB, year: number) {
  const ids = await yearPeopleIds(db, year);
  const owners = await yearOwners(db, ids.owners)
    .select(["owners.id", "owners.name", "owners.email"])
    .orderBy("owners.name")
    .orderBy("owners.id")
    .execute();
  const tenants = await yearTenants(db, ids.tenants)
    .select(["clients.id", "clients.name", "clients.email"])
    .orderBy("clients.name")
    .orderBy("clients.id")
    .execute();
  return { owners, tenants };
}

// Each owner's year: received and net, as the statements charged the fees
// (the same lines as the owner's informe).
function yearTotals(lines: readonly OwnedRentLine[], totals = new Map<number, OwnerTotals>()) {
  for (const l of lines) {
    const t = totals.get(l.ownerId) ?? { grossCents: 0, netCents: 0, transferredCents: 0 };
    totals.set(l.ownerId, {
      grossCents: t.grossCents + l.receivedCents + (l.withheldCents ?? 0),
      netCents: t.netCents + rentNet(l),
      transferredCents: t.transferredCents + (l.ownerStatementId !== null ? rentNet(l) : 0),
    });
  }
  return totals;
}

// The tenants' paid totals of the year.
async function tenantTotals(db: DB, year: number, clientIds: readonly number[]) {
  const totals = new Map<number, number>();
  for await (const batch of batchesOf(clientIds, TENANT_BATCH))
    for (const p of await tenantPayments(db, batch, year))
      totals.set(
        p.client_id,
        (totals.get(p.client_id) ?? 0) + (p.amount_paid_cents ?? p.amount_cents) - p.beside_cents + p.withheld_cents,
      );
  return totals;
}

// "Informes de rendimentos" of a year: every owner with rents received and
// every tenant with rents paid in it, their totals and where their email
// stands. The whole year, a batch of people at a time.
export async function incomeYear(db: DB, year: number) {
  const people = await incomePeople(db, year);
  const status = await emailStatuses(db, year);
  const totals = new Map<number, OwnerTotals>();
  const ownerIds = people.owners.map((o) => o.id);
  for await (const lines of ownersRentLinesInBatches(db, ownerIds, yearRange(year))) yearTotals(lines, totals);
  const paid = await tenantTotals(
    db,
    year,
    people.tenants.map((t) => t.id),
  );
  return {
    owners: people.owners.map((o) => ({ ...o, ...totals.get(o.id)!, email_status: status("owner", o.id) })),
    tenants: people.tenants.map((t) => ({
      id: t.id,
      name: t.name,
      email: t.email,
      paidCents: paid.get(t.id) ?? 0,
      email_status: status("tenant", t.id),
    })),
  };
}

// The informes of a year as the page shows them (issue 34): one page of the
// owners with rents received and one page of the tenants with rents paid,
// each searched by name or CPF/CNPJ (?busca=) and alphabetical, with where
// their email stands. SQL finds, searches, orders and pages the people; only
// the page's 25 owners get the informe's own arithmetic (ownersRentLines) and
// the page's 25 tenants their sums, so the page costs the same in any year.
export async function incomeYearPage(db: DB, year: number, q: IncomeQuery) {
  const lists = await incomeLists(db, year, q);
  const ownerPage = await lists.ownerPage(q.page);
  const ownerIds = ownerPage.rows.map((o) => o.id);
  const totals = await keptOwnerTotals(db, year, lists.people, ownerIds);

  const tenantPage = await lists.tenantPage(q.tenantPage);
  const tenantIds = tenantPage.rows.map((t) => t.id);
  const paid = await keptTenantPaid(db, year, lists.people, tenantIds);

  const status = await emailStatuses(db, year, [...ownerIds, ...tenantIds]);
  return {
    owners: {
      ...ownerPage,
      rows: ownerPage.rows.map(({ cpf_cnpj: _document, ...o }) => ({
        ...o,
        ...totals.get(o.id)!,
        email_status: status("owner", o.id),
      })),
    },
    tenants: {
      ...tenantPage,
      rows: tenantPage.rows.map((t) => ({
        id: t.id,
        name: t.name,
        email: t.email,
        paidCents: paid.get(t.id) ?? 0,
        email_status: status("tenant", t.id),
      })),
    },
    // Whether the year has anything to send, whatever the search and the page
    // (an owner's rent received is a tenant's rent paid).
    anyReport: lists.any,
  };
}

// One page of ids in their list's order (YearPeople's ownerOrder and
// tenantOrder), its rows read by id and put back in that order: pageOf's
// figures without counting or sorting the year's people again.
async function pageOfIds<R extends { id: number }>(
  order: readonly number[],
  requested: number,
  read: (ids: string) => Promise<R[]>,
): Promise<Paged<R>> {
  const { rows: ids, total, page, pages } = pageOfRows(order, requested);
  const byId = new Map((await read(idsJson(ids))).map((r) => [r.id, r]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total, page, pages };
}

// The page's two lists of a year, searched and alphabetical: the owners with
// rents received, the tenants with rents paid (each with its CPF/CNPJ for the
// spreadsheet; the page does not draw it).
async function incomeLists(db: DB, year: number, q: IncomeQuery) {
  const found = (table: "owners" | "clients") =>
    searchCondition(q.search, { text: [`${table}.name`], documents: [`${table}.cpf_cnpj`] });
  const people = await yearPeopleIds(db, year);
  let owners = yearOwners(db, people.owners);
  const ownerFound = found("owners");
  if (ownerFound) owners = owners.where(ownerFound);
  let tenants = yearTenants(db, people.tenants);
  const tenantFound = found("clients");
  if (tenantFound) tenants = tenants.where(tenantFound);
  const ownersOrdered = (query: typeof owners) =>
    query
      .select(["owners.id", "owners.name", "owners.email", "owners.cpf_cnpj"])
      .orderBy("owners.name_fold")
      .orderBy("owners.id");
  const tenantsOrdered = (query: typeof tenants) =>
    query
      .select(["clients.id", "clients.name", "clients.email", "clients.cpf_cnpj"])
      .orderBy("clients.name_fold")
      .orderBy("clients.id");
  return {
    any: people.any,
    people,
    owners,
    ownersOrdered,
    // A page of each list: without a search, a slice of the year's kept order.
    ownerPage: (page: number) =>
      ownerFound
        ? pageOf(owners, page, ownersOrdered)
        : pageOfIds(people.ownerOrder, page, (ids) => ownersOrdered(yearOwners(db, ids)).execute()),
    tenants,
    tenantsOrdered,
    tenantPage: (page: number) =>
      tenantFound
        ? pageOf(tenants, page, tenantsOrdered)
        : pageOfIds(people.tenantOrder, page, (ids) => tenantsOrdered(yearTenants(db, ids)).execute()),
  };
}

export type IncomeExportRow = {
  kind: "owner" | "tenant";
  id: number;
  name: string;
  cpf_cnpj: string | null;
  email: string | null;
  email_status: EmailStatus | null;
} & (({ kind: "owner" } & OwnerTotals) | { kind: "tenant"; paidCents: number });

// Informes as a spreadsheet (Exportar CSV): the page's owners, then its
// tenants, searched and in its order, every one, with the page's figures by
// the page's own functions (the informe's arithmetic for the owners, in
// ownersRentLinesInBatches' slices; the tenants' sums), a batch of people at a
// time so the file's figures are the page's and the year never sits whole in
// memory.
export async function* incomeExportBatches(db: DB, year: number, q: IncomeQuery): AsyncGenerator<IncomeExportRow[]> {
  const lists = await incomeLists(db, year, q);
  for await (const owners of queryBatches(lists.ownersOrdered(lists.owners))) {
    const ids = owners.map((o) => o.id);
    const totals = new Map<number, OwnerTotals>();
    for await (const lines of ownersRentLinesInBatches(db, ids, yearRange(year))) yearTotals(lines, totals);
    const status = await emailStatuses(db, year, ids);
    yield owners.map((o) => ({
      kind: "owner",
      ...o,
      grossCents: totals.get(o.id)?.grossCents ?? 0,
      netCents: totals.get(o.id)?.netCents ?? 0,
      transferredCents: totals.get(o.id)?.transferredCents ?? 0,
      email_status: status("owner", o.id),
    }));
  }
  for await (const tenants of queryBatches(lists.tenantsOrdered(lists.tenants))) {
    const ids = tenants.map((t) => t.id);
    const paid = await tenantTotals(db, year, ids);
    const status = await emailStatuses(db, year, ids);
    yield tenants.map((t) => ({
      kind: "tenant",
      ...t,
      paidCents: paid.get(t.id) ?? 0,
      email_status: status("tenant", t.id),
    }));
  }
}
