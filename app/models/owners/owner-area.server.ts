import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { addMonths, addMonthsToDay, monthOf } from "#app/models/shared/days";
import { pageOf } from "#app/models/shared/paging.server";
import { untilWrite } from "#app/models/shared/until-write.server";
import { leaseAddresses } from "#app/models/clients/addresses.server";
import { frozenDeductions } from "./owner-entries.server";
import { frozenTotals } from "./mark-transfer.server";
import { nextAnniversary } from "./readjustment";
import { dimobPayment, monthsOf } from "./dimob";
import { groupBy, ownerIncome, yearRange } from "./income-report.server";
import { ownersRentLines, type OwnedRentLine } from "./received-rents.server";
import { costsOfLeaseForOwner } from "#app/models/maintenance/costs.server";
import type { StatementItem } from "./transfers.server";
import { pendingRents, type PendingRent } from "./pending-rents.server";
import { pendingOwnerEntries } from "./owner-entries.server";
import { ownerMonth } from "./statement";

// What the owner's area reads (issue 37, docs/decisions/0077-owner-area.md).
// Every query is bound to the signed-in owner's id: a lease is theirs when
// lease_owners names them (a co-owner too, with their share), a statement
// when it is theirs. Nothing here writes. A tenant's personal data beyond
// the name never leaves: no CPF, no email, no phone.

type DB = Kysely<Database>;

// The leases that name the owner (lease_owners), as the area lists them.
function ownerLeasesQuery(db: DB, ownerId: number) {
  return db
    .selectFrom("lease_owners as lo")
    .innerJoin("clients as c", "c.id", "lo.client_id")
    .where("lo.owner_id", "=", ownerId)
    .select([
      "c.id",
      "c.name as tenantName",
      "c.property_address",
      "c.monthly_rent_cents",
      "c.payment_due_day",
      "c.contract_start_date",
      "c.contract_end_date",
      "c.ended_on",
      "c.readjustment_index",
      "lo.share_bp",
    ]);
}

// Whether the owner's area may show this lease: null when it is not theirs.
export async function ownerLeaseShare(db: DB, ownerId: number, clientId: number) {
  const row = await db
    .selectFrom("lease_owners")
    .select("share_bp")
    .where("owner_id", "=", ownerId)
    .where("client_id", "=", clientId)
    .executeTakeFirst();
  return row?.share_bp ?? null;
}

const OVERDUE = (alias: string) =>
  sql<number>`(select count(*) from billing b where b.client_id = ${sql.ref(alias)} and b.status = 'overdue')`;

// The owner's leases: running ones first, then ended, newest first; with the
// months the tenant is late (overdue billings).
export async function ownerLeases(db: DB, ownerId: number) {
  return ownerLeasesQuery(db, ownerId)
    .select(OVERDUE("c.id").as("overdue"))
    .orderBy(sql`c.ended_on is not null`)
    .orderBy("c.contract_start_date", "desc")
    .orderBy("c.id", "desc")
    .execute();
}
export type OwnerLeaseRow = Awaited<ReturnType<typeof ownerLeases>>[number];

// One lease in full, for its owner: the contract's terms, the next
// readjustment, the guarantee and its validity, the contract files and the
// finalized inspection reports, the maintenance requests with what they cost
// the owner. null: not this owner's lease.
export async function ownerLease(db: DB, ownerId: number, clientId: number, today: string) {
  const lease = await ownerLeasesQuery(db, ownerId)
    .select(OVERDUE("c.id").as("overdue"))
    .where("c.id", "=", clientId)
    .executeTakeFirst();
  if (!lease) return null;
  const [lastReadjustment, upcoming, guarantee, contracts, inspections, maintenance, expenses, costs] =
    await Promise.all([
      // The last one applied (a row is written 30 days before its anniversary, applied on it).
      db
        .selectFrom("readjustments")
        .select(["anniversary", "new_rent_cents", "accumulated_ppm", "index_code"])
        .where("client_id", "=", clientId)
        .where("applied_at", "is not", null)
        .orderBy("anniversary", "desc")
        .executeTakeFirst(),
      // The next one, once computed (30 days before its anniversary): its new rent.
      db
        .selectFrom("readjustments")
        .select(["anniversary", "new_rent_cents"])
        .where("client_id", "=", clientId)
        .where("applied_at", "is", null)
        .orderBy("anniversary")
        .executeTakeFirst(),
      // Only what the owner reads: the kind and its validity (not the fiador's name).
      db.selectFrom("guarantees").select(["kind", "valid_until"]).where("client_id", "=", clientId).executeTakeFirst(),
      db
        .selectFrom("contracts")
        .select(["id", "file_name", "uploaded_at"])
        .where("client_id", "=", clientId)
        .orderBy("uploaded_at", "desc")
        .orderBy("id", "desc")
        .execute(),
      db
        .selectFrom("inspections")
        .select(["id", "kind", "date", "finalized_at"])
        .where("client_id", "=", clientId)
        .where("report_key", "is not", null)
        .orderBy("date", "desc")
        .orderBy("id", "desc")
        .execute(),
      db
        .selectFrom("maintenance_requests")
        .select(["id", "title", "category", "status", "requested_at", "completed_at"])
        .where("client_id", "=", clientId)
        .orderBy("requested_at", "desc")
        .orderBy("id", "desc")
        .limit(50)
        .execute(),
      // What the agency charged the owner on this lease (deductions staff posted).
      db
        .selectFrom("owner_entries")
        .select(["id", "description", "on_date", "amount_cents", "kind"])
        .where("owner_id", "=", ownerId)
        .where("client_id", "=", clientId)
        .where("kind", "=", "deduction")
        .orderBy("on_date", "desc")
        .orderBy("id", "desc")
        .limit(50)
        .execute(),
      costsOfLeaseForOwner(db, ownerId, clientId),
    ]);
  const running = lease.ended_on === null && lease.contract_start_date !== null;
  const nextReadjustment =
    running && lease.readjustment_index && lease.contract_start_date
      ? nextAnniversary(lease.contract_start_date, today, lastReadjustment?.anniversary ?? null)
      : null;
  return {
    lease,
    nextReadjustment:
      nextReadjustment && (!lease.contract_end_date || nextReadjustment <= lease.contract_end_date)
        ? nextReadjustment
        : null,
    lastReadjustment: lastReadjustment ?? null,
    // The new rent of the next readjustment, when it is already computed.
    nextRentCents: upcoming && upcoming.anniversary === nextReadjustment ? upcoming.new_rent_cents : null,
    guarantee: guarantee ?? null,
    contracts,
    inspections,
    maintenance,
    expenses,
    costs,
  };
}

// The owner's arrears: each lease of theirs with overdue billings, the
// tenant's name, how many months and since when. Nothing else of the tenant.
export async function ownerArrears(db: DB, ownerId: number) {
  return db
    .selectFrom("lease_owners as lo")
    .innerJoin("clients as c", "c.id", "lo.client_id")
    .innerJoin("billing as b", "b.client_id", "c.id")
    .where("lo.owner_id", "=", ownerId)
    .where("b.status", "=", "overdue")
    .groupBy("c.id")
    .select([
      "c.id",
      "c.name as tenantName",
      "c.property_address",
      (eb) => eb.fn.countAll<number>().as("months"),
      (eb) => eb.fn.min("b.due_date").as("since"),
    ])
    .orderBy("since")
    .execute();
}

// The summary: what is waiting to be transferred (the rents received this
// month and, while not transferred yet, last month, less the owner's entries
// not yet on a statement, each once), the last transfers, the 12 months' and
// the year's totals, the arrears.
export async function ownerSummary(db: DB, ownerId: number, today: string) {
  const month = monthOf(today);
  const months = [addMonths(month, -1), month];
  const finals = await db
    .selectFrom("owner_statements")
    .select("month")
    .where("owner_id", "=", ownerId)
    .where("month", "in", months)
    .execute();
  const rents: PendingRent[] = [];
  for (const m of months) if (!finals.some((f) => f.month === m)) rents.push(...(await pendingRents(db, m, ownerId)));
  const deductions = (await pendingOwnerEntries(db, month, ownerId)).get(ownerId) ?? [];
  const pending =
    rents.length > 0
      ? {
          months: [...new Set(rents.map((r) => r.paymentMonth))].sort(),
          rents: rents.length,
          netCents: ownerMonth(rents, deductions).netCents,
        }
      : null;
  // The 12 months before today, today included (a transfer on the same day a
  // year ago is the 13th month's).
  const total = (after: string) =>
    db
      .selectFrom("owner_statements")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("net_cents"), sql<number>`0`).as("cents"))
      .where("owner_id", "=", ownerId)
      .where("transferred_on", ">", after)
      .where("transferred_on", "<=", today)
      .executeTakeFirstOrThrow();
  const [last, twelve, year, arrears] = await Promise.all([
    db
      .selectFrom("owner_statements")
      .select(["id", "month", "net_cents", "transferred_on"])
      .where("owner_id", "=", ownerId)
      .orderBy("transferred_on", "desc")
      .orderBy("id", "desc")
      .limit(3)
      .execute(),
    total(addMonthsToDay(today, -12)),
    total(`${Number(today.slice(0, 4)) - 1}-12-31`),
    ownerArrears(db, ownerId),
  ]);
  return {
    pending,
    last,
    twelveMonthsCents: Number(twelve.cents),
    yearCents: Number(year.cents),
    arrears,
  };
}

// "Extratos": the owner's final statements, newest first, a page at a time.
export async function ownerStatements(db: DB, ownerId: number, page: number) {
  const filtered = db.selectFrom("owner_statements").where("owner_id", "=", ownerId);
  return pageOf(filtered, page, (q) =>
    q
      .select(["id", "month", "gross_cents", "admin_fee_cents", "first_rent_fee_cents", "net_cents", "transferred_on"])
      .orderBy("month", "desc")
      .orderBy("id", "desc"),
  );
}

// One final statement of the owner, its lines grouped by lease with the
// property's address (the PDF's lines name the tenant; the owner thinks in
// properties). null: not this owner's.
export async function ownerStatementDetail(db: DB, ownerId: number, id: number) {
  const row = await db
    .selectFrom("owner_statements")
    .selectAll()
    .where("id", "=", id)
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  if (!row) return null;
  const lines = JSON.parse(row.items) as StatementItem[];
  const ids = [...new Set(lines.map((l) => l.clientId))];
  const address = await leaseAddresses(db, ids);
  const leases = ids.map((clientId) => {
    const of = lines.filter((l) => l.clientId === clientId);
    return { clientId, tenantName: of[0].tenantName, address: address.get(clientId) ?? null, lines: of };
  });
  return {
    id: row.id,
    month: row.month,
    transferredOn: row.transferred_on,
    destination: row.destination,
    grossCents: row.gross_cents,
    adminFeeCents: row.admin_fee_cents,
    firstRentFeeCents: row.first_rent_fee_cents,
    reimbursedCents: row.reimbursed_cents,
    deductionsCents: row.deductions_cents,
    carriedCents: frozenTotals(row).carriedCents,
    netCents: row.net_cents,
    leases,
    deductions: frozenDeductions(row.deductions),
  };
}

// The years of the owner's informes: from their first statement or their
// first lease's start, whichever is earlier, to this year, newest first.
export async function ownerIncomeYears(db: DB, ownerId: number, today: string) {
  const [statement, lease] = await Promise.all([
    db
      .selectFrom("owner_statements")
      .select((eb) => eb.fn.min("month").as("first"))
      .where("owner_id", "=", ownerId)
      .executeTakeFirst(),
    db
      .selectFrom("lease_owners as lo")
      .innerJoin("clients as c", "c.id", "lo.client_id")
      .select((eb) => eb.fn.min("c.contract_start_date").as("first"))
      .where("lo.owner_id", "=", ownerId)
      .executeTakeFirst(),
  ]);
  const thisYear = Number(today.slice(0, 4));
  const firsts = [statement?.first, lease?.first]
    .filter((f): f is string => typeof f === "string")
    .map((f) => Number(f.slice(0, 4)));
  const from = Math.min(thisYear, ...firsts);
  return Array.from({ length: thisYear - from + 1 }, (_, i) => thisYear - i);
}

// The owner's year (the Informes page): the informe de rendimentos month by
// month, and what the DIMOB declares for them lease by lease (each month's
// rent, the agency's commission and the tax a company tenant withheld), by
// the DIMOB's own arithmetic (dimob.ts), so the owner reads the numbers the
// Receita receives. Both from one read of the year's rents. Leases without a
// payment in the year are not declared. null: no such owner. Kept until the
// next write (until-write.server.ts): a year of an owner with a hundred
// contracts is a thousand rents, ~30 ms, and a past year does not change.
export function ownerYear(db: DB, ownerId: number, year: number) {
  return untilWrite(db, `owner-year:${ownerId}:${year}`, async () => {
    const lines = await ownersRentLines(db, [ownerId], yearRange(year));
    const income = await ownerIncome(db, ownerId, year, lines);
    if (!income) return null;
    return { income, dimob: await dimobLeases(db, year, lines) };
  });
}

async function dimobLeases(db: DB, year: number, lines: OwnedRentLine[]) {
  const byLease = groupBy(lines, (l) => l.clientId);
  const ids = [...byLease.keys()];
  const address = await leaseAddresses(db, ids);
  return ids.map((clientId) => {
    const of = byLease.get(clientId)!;
    const months = monthsOf(year, of.map(dimobPayment));
    const sum = (k: "rentCents" | "commissionCents" | "taxCents") => months.reduce((s, m) => s + m[k], 0);
    return {
      clientId,
      tenantName: of[0].tenantName,
      address: address.get(clientId) ?? null,
      rentCents: sum("rentCents"),
      commissionCents: sum("commissionCents"),
      taxCents: sum("taxCents"),
    };
  });
}

// What the DIMOB of a year declares for the owner, lease by lease.
export async function ownerDimob(db: DB, ownerId: number, year: number) {
  return dimobLeases(db, year, await ownersRentLines(db, [ownerId], yearRange(year)));
}
