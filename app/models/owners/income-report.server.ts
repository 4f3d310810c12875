import { sql, type Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { batchesOf } from "#app/models/shared/slicer";
import { BILLING_WITHHELD } from "#app/models/withholding/irrf.server";
import {
  CHARGES_BESIDE_RENT,
  ownersRentLines,
  ownersRentLinesInBatches,
  type OwnedRentLine,
  type PaidRange,
} from "./received-rents.server";

// One person's informe de rendimentos of a calendar year
// (docs/decisions/0043-income-reports.md): an owner's, month by month, the
// rents the agency received for them, its fees and the net; a tenant's, month
// by month, the rents they paid and to whom. Months are those of the payment
// date, fees as the owner statements charged them (received-rents.server.ts).
// Many people at once, a batch a query (ownerIncomes, tenantIncomes): the
// emails of "Enviar todos". The year's list of everyone: income-reports.server.ts.

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

export const monthsOf = (year: number) =>
  Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, "0")}`);
export const yearRange = (year: number): PaidRange => ({ paidFrom: `${year}-01-01`, paidBefore: `${year + 1}-01-01` });
export const idsJson = (ids: readonly number[]) => JSON.stringify(ids);

// Tenants a query: a year of their payments is about 12 rows each.
export const TENANT_BATCH = 200;

// A line's rent net of fees: a reimbursement of charges beside the rent is
// not income (decision 0068).
export const rentNet = (l: { netCents: number; reimbursedCents?: number }) => l.netCents - (l.reimbursedCents ?? 0);

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

export function groupBy<T, K>(items: readonly T[], key: (item: T) => K) {
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

export function ownerIncomeOf(owner: OwnerRow, year: number, lines: OwnedRentLine[]) {
  const tenants = [...new Set(lines.map((l) => l.tenantName))].sort((a, b) => a.localeCompare(b, "pt-BR"));
  return { owner, year, tenants, ...byMonth(year, lines) };
}

export async function ownerIncome(db: DB, ownerId: number, year: number, lines?: OwnedRentLine[]) {
  const [owner] = await ownerRows(db, [ownerId]);
  if (!owner) return null;
  return ownerIncomeOf(owner, year, lines ?? (await ownersRentLines(db, [ownerId], yearRange(year))));
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
export function tenantPayments(db: DB, clientIds: readonly number[], year: number) {
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
