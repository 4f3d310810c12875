import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, FeeBase } from "#app/db/schema";
import { lineFees, type ReceivedRent, type StatementLine } from "./statement";
import { monthOf } from "#app/models/shared/days";
import { addCents, cents, shareOf, ZERO_CENTS, type Cents } from "#app/models/shared/money";
import { batchesOf } from "#app/models/shared/slicer";
import { BILLING_WITHHELD, OWNER_WITHHELD } from "#app/models/withholding/irrf.server";

// The rents received for owners (paid billings of contracts with an owner),
// as ownerMonth (statement.ts) takes them: the one query behind the monthly
// statements (transfers.server.ts) and the yearly reports (informes, DIMOB),
// so that every report itemizes the same payments the same way. A co-owned
// contract's payment is a rent for each owner, its amounts split by the
// owners' shares (lease_owners, shareOf: docs/decisions/0067-co-owners.md).

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

export type OwnedRent = ReceivedRent & { ownerId: number; paymentMonth: string; ownerStatementId: number | null };
export type OwnedRentLine = StatementLine & OwnedRent;

export type RentFilter = {
  paidBefore: string; // "yyyy-MM-dd", exclusive
  paidFrom?: string; // "yyyy-MM-dd", inclusive
  ownerId?: number;
  clientId?: number;
  notTransferred?: boolean; // only payments in no final statement yet
  // Only these owners, each its payments from its own day ("yyyy-MM-dd",
  // inclusive; paidFrom, if any, applies too): the late payments that may
  // move into a month (pending-rents.server.ts, pendingRents).
  ownersFrom?: readonly (readonly [ownerId: number, paidFrom: string])[];
};

// A paid billing's row as both queries below read it.
type RentRow = {
  id: number;
  client_id: number;
  month_year: string;
  due_date: string;
  payment_date: string | null;
  amount_paid_cents: Cents | null;
  amount_cents: Cents;
  owner_statement_id: number | null;
  owner_id: number;
  share_bp: number;
  share_before_bp: number;
  owner_charges_cents: number;
  other_charges_cents: number;
  withheld_total_cents: number;
  withheld_cents: number;
  tenant_name: string;
  admin_fee_bp: number;
  first_rent_fee_bp: number;
  fee_base: FeeBase;
  rent_cents: Cents | null;
  late_fee_cents: Cents | null;
  interest_cents: Cents | null;
};

function ownedRent(r: RentRow, isFirstRent: boolean): OwnedRent {
  const part = (amount: Cents) => (r.share_bp === 10_000 ? amount : shareOf(amount, r.share_before_bp, r.share_bp));
  return {
    ownerId: r.owner_id,
    ownerStatementId: r.owner_statement_id,
    paymentMonth: monthOf(r.payment_date!),
    billingId: r.id,
    clientId: r.client_id,
    tenantName: r.tenant_name,
    monthYear: r.month_year,
    dueDate: r.due_date,
    paymentDate: r.payment_date!,
    // The rent's money: what was paid less the charges beside the rent
    // (decision 0068); the owner's among those come back as a reimbursement.
    // A company tenant's IRRF (decision 0074) is no one's cash: the rent is
    // split before it, and each owner's own withholding taken off their part.
    receivedCents: cents(
      part(
        cents(
          (r.amount_paid_cents ?? r.amount_cents) -
            r.owner_charges_cents -
            r.other_charges_cents +
            r.withheld_total_cents,
        ),
      ) - r.withheld_cents,
    ),
    // The rent before every owner's IRRF (the receipts' rent is after it),
    // then split: each owner's first-rent fee on their own share (decision 0074).
    rentCents: part(r.rent_cents === null ? r.amount_cents : cents(r.rent_cents + r.withheld_total_cents)),
    chargesCents: r.rent_cents === null ? ZERO_CENTS : part(addCents(r.late_fee_cents ?? 0, r.interest_cents ?? 0)),
    ...(r.share_bp === 10_000 ? {} : { shareBp: r.share_bp }),
    ...(r.owner_charges_cents > 0 ? { reimbursedCents: part(cents(r.owner_charges_cents)) } : {}),
    ...(r.withheld_cents > 0 ? { withheldCents: cents(r.withheld_cents) } : {}),
    adminFeeBp: r.admin_fee_bp,
    firstRentFeeBp: r.first_rent_fee_bp,
    feeBase: r.fee_base,
    isFirstRent,
  };
}

const RENT_COLUMNS = [
  "billing.id",
  "billing.client_id",
  "billing.month_year",
  "billing.due_date",
  "billing.payment_date",
  "billing.amount_paid_cents",
  "billing.amount_cents",
  "lo.owner_id",
  "lo.share_bp",
  "clients.name as tenant_name",
  "clients.admin_fee_bp",
  "clients.first_rent_fee_bp",
  "clients.fee_base",
] as const;

// What the billing's receipts in force itemize, summed: one receipt for a
// payment of the flat shape; one per payment since the ledger (a partial
// payment, then the rest: decision 0061), each listing what it paid.
const RECEIPT_SUMS = (["rent_cents", "late_fee_cents", "interest_cents"] as const).map((column) =>
  sql<Cents | null>`(select sum(r.${sql.ref(column)}) from billing_receipts r where r.billing_id = billing.id and r.voided_at is null)`.as(
    column,
  ),
);

// The owner's share's place among the contract's (shareOf), and the final
// statement that took that owner's share (billing_transfers' key), if any.
const OWNER_COLUMNS = [
  sql<number>`(select coalesce(sum(o2.share_bp), 0) from lease_owners o2 where o2.client_id = lo.client_id and o2.position < lo.position)`.as(
    "share_before_bp",
  ),
  sql<
    number | null
  >`(select t.owner_statement_id from billing_transfers t where t.billing_id = billing.id and t.owner_id = lo.owner_id)`.as(
    "owner_statement_id",
  ),
];

// The charges beside the rent standing on the billing (decision 0068): the
// owner's (passed on as a reimbursement) and the others' (the agency's, a
// third party's: not the owner's money). A seek each in rent_charges_billing.
// The termination fine the owner receives is neither: it is the owner's
// income, with the rent (decision 0069).
const besideRent = (mine: boolean) =>
  sql<number>`(select coalesce(sum(c.amount_cents), 0) from rent_charges c where c.billing_id = billing.id
    and ${mine ? sql`c.receiver = 'owner' and c.kind != 'multa_rescisoria'` : sql`c.receiver != 'owner'`}
    and not exists (select 1 from ledger_entries r where r.reverses_id = c.entry_id limit 1))`;
// With the IRRF withheld on the billing (decision 0074): the whole, and this owner's.
const CHARGE_COLUMNS = [
  besideRent(true).as("owner_charges_cents"),
  besideRent(false).as("other_charges_cents"),
  BILLING_WITHHELD.as("withheld_total_cents"),
  OWNER_WITHHELD.as("withheld_cents"),
];

// All of them: what a tenant paid that was not rent (the tenant's informe).
export const CHARGES_BESIDE_RENT = sql<number>`(select coalesce(sum(c.amount_cents), 0) from rent_charges c
  where c.billing_id = billing.id and c.kind != 'multa_rescisoria' and not exists (select 1 from ledger_entries r where r.reverses_id = c.entry_id limit 1))`;

// Where the rents are read from. A month of every owner: the month's paid
// billings (billing_paid_on), then each one's contract and its owners. One
// owner, or some owners each from a day: the owners' contracts
// (lease_owners_owner), then each contract's payments (billing_client_paid,
// billing_client_statement), about a hundred rows for the busiest owner where
// the month's range is thousands (issue 34). CROSS JOIN fixes that order:
// SQLite, which has no statistics here, otherwise starts from the paid-on
// range of the whole history.
function rentsFrom(db: DB | Trx, f: RentFilter) {
  if (f.ownersFrom !== undefined)
    // json_each's row for the owner carries its own first day, so each
    // contract's range starts there (the cast: Kysely does not type a table
    // function; only raw SQL below reads `run`).
    return db
      .selectFrom(sql<{ value: string }>`json_each(${JSON.stringify(f.ownersFrom)})`.as("run"))
      .crossJoin("lease_owners as lo")
      .crossJoin("clients")
      .crossJoin("billing")
      .where(sql<boolean>`lo.owner_id = run.value ->> 0`)
      .whereRef("clients.id", "=", "lo.client_id")
      .where(sql<boolean>`billing.payment_date >= run.value ->> 1`)
      .whereRef("billing.client_id", "=", "clients.id") as unknown as ReturnType<typeof fromBilling>;
  if (f.ownerId !== undefined)
    return db
      .selectFrom("lease_owners as lo")
      .crossJoin("clients")
      .crossJoin("billing")
      .whereRef("clients.id", "=", "lo.client_id")
      .whereRef("billing.client_id", "=", "clients.id")
      .where("lo.owner_id", "=", f.ownerId);
  return fromBilling(db);
}

function fromBilling(db: DB | Trx) {
  return db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .innerJoin("lease_owners as lo", "lo.client_id", "clients.id");
}

export async function ownedRents(db: DB | Trx, f: RentFilter): Promise<OwnedRent[]> {
  let query = rentsFrom(db, f)
    .select(RENT_COLUMNS)
    .select(RECEIPT_SUMS)
    .select(OWNER_COLUMNS)
    .select(CHARGE_COLUMNS)
    // The contract's first rent: its earliest billing, while none of the
    // contract's payments has been transferred (once one has, the first rent
    // is behind it, even if an earlier month is billed later). The second
    // seek only for the contract's earliest billing (CASE is lazy): a month's
    // rents cost one seek each, not two (issue 34).
    .select(
      sql<number>`case when (select b2.id from billing b2 where b2.client_id = billing.client_id order by b2.due_date, b2.id limit 1) = billing.id
        then not exists (select 1 from billing b3 where b3.client_id = billing.client_id and b3.owner_statement_id is not null)
        else 0 end`.as("is_first_rent"),
    )
    .where("billing.payment_date", "<", f.paidBefore);
  if (f.paidFrom) query = query.where("billing.payment_date", ">=", f.paidFrom);
  if (f.ownerId !== undefined) query = query.where("lo.owner_id", "=", f.ownerId);
  if (f.clientId !== undefined) query = query.where("billing.client_id", "=", f.clientId);
  // Not every share transferred (billing.owner_statement_id, by its index),
  // and not this owner's.
  if (f.notTransferred)
    query = query
      .where("billing.owner_statement_id", "is", null)
      .where(
        sql<boolean>`not exists (select 1 from billing_transfers t where t.billing_id = billing.id and t.owner_id = lo.owner_id limit 1)`,
      );
  if (f.ownersFrom !== undefined)
    // Payments not transferred since a day: billing_client_statement
    // (client_id, owner_statement_id, payment_date) reads those only, where
    // billing_client_paid would read the transferred ones too; "+" takes
    // billing.status out of the other index's reach.
    query = query.where(sql<string>`+billing.status`, "=", "paid");
  else query = query.where("billing.status", "=", "paid");
  const rows = await query.orderBy("billing.payment_date").orderBy("billing.id").execute();
  return rows.filter((r) => r.payment_date).map((r) => ownedRent(r, r.is_first_rent === 1));
}

// Each rent with its fees as the owner was told: a transferred payment as its
// final statement froze it (the fee charged then), any other as computed now.
export async function ownedRentLines(db: DB, f: RentFilter): Promise<OwnedRentLine[]> {
  return withFees(db, await ownedRents(db, f));
}

async function withFees(db: DB, rents: OwnedRent[]): Promise<OwnedRentLine[]> {
  const statementIds = [...new Set(rents.map((r) => r.ownerStatementId).filter((id): id is number => id !== null))];
  // By statement and billing: co-owners' statements list the same billing,
  // each with its owner's share (decision 0067).
  const frozen = new Map<string, StatementLine>();
  if (statementIds.length > 0) {
    const rows = await db
      .selectFrom("owner_statements")
      .select(["id", "items"])
      .where(sql<boolean>`id in (select value from json_each(${JSON.stringify(statementIds)}))`)
      .execute();
    for (const row of rows)
      for (const line of JSON.parse(row.items) as StatementLine[]) frozen.set(`${row.id}:${line.billingId}`, line);
  }
  return rents.map((r) => {
    const was = r.ownerStatementId !== null ? frozen.get(`${r.ownerStatementId}:${r.billingId}`) : undefined;
    return was
      ? { ...r, adminFeeCents: was.adminFeeCents, firstRentFeeCents: was.firstRentFeeCents, netCents: was.netCents }
      : { ...r, ...lineFees(r) };
  });
}

export type PaidRange = { paidFrom: string; paidBefore: string };

// The same lines as ownedRentLines (same rows, fees and order) for some
// owners' rents received in a range, read contract by contract: the owners'
// contracts by clients_owner, each contract's payments in the range by
// billing_client_paid (migration 0022), and the first-rent facts once per
// contract rather than once per rent. The informes and the DIMOB read a year
// this way, a batch of owners at a time (ownersInBatches), so no query reads
// the whole year at once. (The CROSS JOIN keeps SQLite from starting at the
// year's paid billings, billing_paid_on, and reading all of them for a few
// owners.)
export async function ownersRentLines(db: DB, ownerIds: readonly number[], range: PaidRange): Promise<OwnedRentLine[]> {
  if (ownerIds.length === 0) return [];
  const owners = JSON.stringify(ownerIds);
  const rows = await db
    .selectFrom("lease_owners as lo")
    .crossJoin("clients")
    .crossJoin("billing")
    .select(RENT_COLUMNS)
    .select(RECEIPT_SUMS)
    .select(OWNER_COLUMNS)
    .select(CHARGE_COLUMNS)
    .where(sql<boolean>`lo.owner_id in (select value from json_each(${owners}))`)
    .whereRef("clients.id", "=", "lo.client_id")
    .whereRef("billing.client_id", "=", "clients.id")
    .where("billing.status", "=", "paid")
    .where("billing.payment_date", ">=", range.paidFrom)
    .where("billing.payment_date", "<", range.paidBefore)
    .execute();
  if (rows.length === 0) return [];
  // ownedRents' first-rent rule, a contract at a time.
  const contracts = await db
    .selectFrom("clients")
    .select("clients.id")
    .select(
      sql<
        number | null
      >`(select b2.id from billing b2 where b2.client_id = clients.id order by b2.due_date, b2.id limit 1)`.as(
        "first_billing_id",
      ),
    )
    .select(
      sql<number>`exists (select 1 from billing b3 where b3.client_id = clients.id and b3.owner_statement_id is not null)`.as(
        "transferred_before",
      ),
    )
    .where(
      sql<boolean>`clients.id in (select client_id from lease_owners where owner_id in (select value from json_each(${owners})))`,
    )
    .execute();
  const firstRent = new Map(contracts.map((c) => [c.id, c.transferred_before ? null : c.first_billing_id]));
  const rents = rows
    .sort(
      (a, b) =>
        (a.payment_date! < b.payment_date! ? -1 : a.payment_date! > b.payment_date! ? 1 : a.id - b.id) ||
        a.owner_id - b.owner_id,
    )
    .map((r) => ownedRent(r, firstRent.get(r.client_id) === r.id));
  return withFees(db, rents);
}

// Owners a batch: about fifty contracts and six hundred rents of a year,
// 10-20 ms of one query at 5,000 contracts (up to 100 on the loaded machine).
export const OWNER_BATCH = 20;

// ownersRentLines of many owners, OWNER_BATCH owners a query, the event loop
// given a turn between queries: a year of every owner never holds it.
export async function* ownersRentLinesInBatches(
  db: DB,
  ownerIds: readonly number[],
  range: PaidRange,
): AsyncGenerator<OwnedRentLine[]> {
  for await (const batch of batchesOf(ownerIds, OWNER_BATCH)) yield await ownersRentLines(db, batch, range);
}
