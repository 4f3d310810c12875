import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { statementLine, type ReceivedRent, type StatementLine } from "./statement";
import { monthOf } from "#app/models/shared/days";
import { addCents, ZERO_CENTS } from "#app/models/shared/money";

// The rents received for owners (paid billings of contracts with an owner),
// as ownerMonth (statement.ts) takes them: the one query behind the monthly
// statements (transfers.server.ts) and the yearly reports (informes, DIMOB),
// so that every report itemizes the same payments the same way.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

export type OwnedRent = ReceivedRent & { ownerId: number; paymentMonth: string; ownerStatementId: number | null };

export type RentFilter = {
  paidBefore: string; // "yyyy-MM-dd", exclusive
  paidFrom?: string; // "yyyy-MM-dd", inclusive
  ownerId?: number;
  clientId?: number;
  notTransferred?: boolean; // only payments in no final statement yet
  // Only owners whose statement of this month ("yyyy-MM") is final.
  ownersClosedIn?: string;
};

export async function ownedRents(db: DB | Trx, f: RentFilter): Promise<OwnedRent[]> {
  let query = db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .leftJoin("billing_receipts", (join) =>
      join.onRef("billing_receipts.billing_id", "=", "billing.id").on("billing_receipts.voided_at", "is", null),
    )
    .select([
      "billing.id",
      "billing.client_id",
      "billing.month_year",
      "billing.due_date",
      "billing.payment_date",
      "billing.amount_paid_cents",
      "billing.amount_cents",
      "billing.owner_statement_id",
      "clients.owner_id",
      "clients.name as tenant_name",
      "clients.admin_fee_bp",
      "clients.first_rent_fee_bp",
      "billing_receipts.rent_cents",
      "billing_receipts.late_fee_cents",
      "billing_receipts.interest_cents",
    ])
    // The contract's first rent: its earliest billing, while none of the
    // contract's payments has been transferred (once one has, the first rent
    // is behind it, even if an earlier month is billed later).
    .select(
      sql<
        number | null
      >`(select b2.id from billing b2 where b2.client_id = billing.client_id order by b2.due_date, b2.id limit 1)`.as(
        "first_billing_id",
      ),
    )
    .select(
      sql<number>`exists (select 1 from billing b3 where b3.client_id = billing.client_id and b3.owner_statement_id is not null)`.as(
        "transferred_before",
      ),
    )
    .where("billing.payment_date", "<", f.paidBefore)
    .where("clients.owner_id", "is not", null);
  if (f.paidFrom) query = query.where("billing.payment_date", ">=", f.paidFrom);
  if (f.ownerId !== undefined) query = query.where("clients.owner_id", "=", f.ownerId);
  if (f.clientId !== undefined) query = query.where("billing.client_id", "=", f.clientId);
  if (f.notTransferred) query = query.where("billing.owner_statement_id", "is", null);
  if (f.ownersClosedIn !== undefined)
    // Few owners, each contract with few payments not transferred: read
    // through the contracts (billing_client_statement), not through the
    // paid-on range of the whole history, which SQLite picks without
    // statistics; "+" takes billing.status out of that index's reach.
    query = query
      .where(sql<string>`+billing.status`, "=", "paid")
      .where("billing.client_id", "in", (eb) =>
        eb
          .selectFrom("clients as closed_clients")
          .innerJoin("owner_statements as closed", "closed.owner_id", "closed_clients.owner_id")
          .select("closed_clients.id")
          .where("closed.month", "=", f.ownersClosedIn!),
      );
  else query = query.where("billing.status", "=", "paid");
  const rows = await query.orderBy("billing.payment_date").orderBy("billing.id").execute();
  return rows
    .filter((r) => r.payment_date)
    .map((r) => ({
      ownerId: r.owner_id!,
      ownerStatementId: r.owner_statement_id,
      paymentMonth: monthOf(r.payment_date!),
      billingId: r.id,
      clientId: r.client_id,
      tenantName: r.tenant_name,
      monthYear: r.month_year,
      dueDate: r.due_date,
      paymentDate: r.payment_date!,
      receivedCents: r.amount_paid_cents ?? r.amount_cents,
      rentCents: r.rent_cents ?? r.amount_cents,
      chargesCents: r.rent_cents === null ? ZERO_CENTS : addCents(r.late_fee_cents ?? 0, r.interest_cents ?? 0),
      adminFeeBp: r.admin_fee_bp,
      firstRentFeeBp: r.first_rent_fee_bp,
      isFirstRent: r.first_billing_id === r.id && !r.transferred_before,
    }));
}

// Each rent with its fees as the owner was told: a transferred payment as its
// final statement froze it (the fee charged then), any other as computed now.
export async function ownedRentLines(db: DB, f: RentFilter): Promise<(StatementLine & OwnedRent)[]> {
  const rents = await ownedRents(db, f);
  const statementIds = [...new Set(rents.map((r) => r.ownerStatementId).filter((id): id is number => id !== null))];
  const frozen = new Map<number, StatementLine>();
  if (statementIds.length > 0) {
    const rows = await db.selectFrom("owner_statements").select("items").where("id", "in", statementIds).execute();
    for (const row of rows)
      for (const line of JSON.parse(row.items) as StatementLine[]) frozen.set(line.billingId, line);
  }
  return rents.map((r) => {
    const was = r.ownerStatementId !== null ? frozen.get(r.billingId) : undefined;
    return was
      ? { ...r, adminFeeCents: was.adminFeeCents, firstRentFeeCents: was.firstRentFeeCents, netCents: was.netCents }
      : { ...r, ...pick(statementLine(r)) };
  });
}

const pick = (l: StatementLine) => ({
  adminFeeCents: l.adminFeeCents,
  firstRentFeeCents: l.firstRentFeeCents,
  netCents: l.netCents,
});
