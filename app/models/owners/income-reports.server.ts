import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { pageOf, pageOfRows, queryBatches, type Paged } from "#app/models/shared/paging.server";
import { searchCondition } from "#app/models/shared/search.server";
import { batchesOf } from "#app/models/shared/slicer";
import { untilWrite } from "#app/models/shared/until-write.server";
import type { IncomeQuery } from "./income-query";
import { ownersRentLines, ownersRentLinesInBatches, type OwnedRentLine } from "./received-rents.server";
import { payingClients } from "./paying-clients.server";
import { idsJson, rentNet, TENANT_BATCH, tenantPayments, yearRange } from "./income-report.server";

// The informes de rendimentos of a calendar year, as the "Informes" page lists
// them (docs/decisions/0043-income-reports.md): everyone with one, their
// totals, where their emails stand, a page and the CSV. Each person's own
// informe: income-report.server.ts.
//
// At scale (issue 34, docs/decisions/0060-list-queries.md, "Informes and DIMOB
// at scale") nothing here reads a person at a time: the figures of many owners
// or tenants come from one query a batch (ownersRentLines, tenants' payments
// by billing_client_paid), the event loop given a turn between batches; the
// page computes only its own 25 owners.

type DB = Kysely<Database>;

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
