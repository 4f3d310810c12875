import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { monthOf } from "#app/models/billing/months";
import { removePrivateFiles, storeWithRow } from "#app/models/files/private-store.server";
import { renderOwnerStatementPdf } from "./owner-statement-pdf.server";
import { addMonths } from "./readjustment";
import { ownerMonth, type OwnerMonth, type ReceivedRent, type StatementLine } from "./statement";
import type { PdfAgency } from "#app/utils/pdf-sheet.server";

// Transfers to owners (repasses, docs/decisions/0040-owner-transfers.md).
// Every rent received goes into exactly one owner statement: the statement of
// the month it was received in, or, when that month's statement is already
// final (a payment recorded late), the owner's next month without a final
// statement. Marking the transfer done makes the statement final: numbered,
// its lines frozen, the payments tied to it (billing.owner_statement_id), a
// PDF kept; the owner's email goes from the hourly job.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

type PendingRent = ReceivedRent & { ownerId: number; paymentMonth: string };

// A rent received (a paid billing of a contract with an owner), with its
// owner and the final statement it is in, if any. Shared by the statements and
// the yearly reports (DIMOB), so both read the same rows the same way.
export type ReceivedRentRow = ReceivedRent & { ownerId: number; ownerStatementId: number | null };

export type ReceivedRentsFilter = {
  before: string; // payments dated before this day ("yyyy-MM-dd")
  from?: string; // and on or after this one
  ownerId?: number;
  pendingOnly?: boolean; // only those not yet in a final statement
};

// `isFirstRent` is the contract's earliest billing (by due date) while none of
// the contract's payments has been transferred (once one has, the first rent
// is behind it, even if an earlier month is billed later). For a payment
// already in a final statement, the statement's frozen line is what counts.
export async function receivedRents(db: DB | Trx, filter: ReceivedRentsFilter): Promise<ReceivedRentRow[]> {
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
      "billing.amount_paid",
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
    .where("billing.status", "=", "paid")
    .where("billing.payment_date", "<", filter.before)
    .where("clients.owner_id", "is not", null);
  if (filter.from !== undefined) query = query.where("billing.payment_date", ">=", filter.from);
  if (filter.pendingOnly) query = query.where("billing.owner_statement_id", "is", null);
  if (filter.ownerId !== undefined) query = query.where("clients.owner_id", "=", filter.ownerId);
  const rows = await query.orderBy("billing.payment_date").orderBy("billing.id").execute();
  return rows
    .filter((r) => r.payment_date)
    .map((r) => {
      const received = r.amount_paid ?? r.amount_cents;
      const charges = r.rent_cents === null ? 0 : (r.late_fee_cents ?? 0) + (r.interest_cents ?? 0);
      return {
        ownerId: r.owner_id!,
        ownerStatementId: r.owner_statement_id,
        billingId: r.id,
        clientId: r.client_id,
        tenantName: r.tenant_name,
        monthYear: r.month_year,
        dueDate: r.due_date,
        paymentDate: r.payment_date!,
        receivedCents: received,
        rentCents: r.rent_cents ?? r.amount_cents,
        chargesCents: charges,
        adminFeeBp: r.admin_fee_bp,
        firstRentFeeBp: r.first_rent_fee_bp,
        isFirstRent: r.first_billing_id === r.id && !r.transferred_before,
      };
    });
}

// The rents not yet in a final statement, received up to the end of `month`,
// each with the month whose statement it belongs to; only those of `month`
// are kept. `ownerId`: one owner's.
async function pendingRents(db: DB | Trx, month: string, ownerId?: number): Promise<PendingRent[]> {
  const rows = await receivedRents(db, { before: `${addMonths(month, 1)}-01`, ownerId, pendingOnly: true });
  if (rows.length === 0) return [];
  let finals = db.selectFrom("owner_statements").select(["owner_id", "month"]);
  if (ownerId !== undefined) finals = finals.where("owner_id", "=", ownerId);
  const closed = new Set((await finals.execute()).map((s) => `${s.owner_id}:${s.month}`));
  // The first month from the payment's on whose statement is not final yet.
  const target = (owner: number, from: string) => {
    let m = from;
    while (closed.has(`${owner}:${m}`) && m < month) m = addMonths(m, 1);
    return closed.has(`${owner}:${m}`) ? null : m;
  };
  return rows
    .filter((r) => target(r.ownerId, monthOf(r.paymentDate)) === month)
    .map(({ ownerStatementId: _s, ...r }) => ({ ...r, paymentMonth: monthOf(r.paymentDate) }));
}

// The frozen lines of final statements, by billing: what each statement said.
export async function frozenLines(db: DB | Trx, statementIds: readonly number[]) {
  const byBilling = new Map<number, StatementItem>();
  if (statementIds.length === 0) return byBilling;
  const rows = await db
    .selectFrom("owner_statements")
    .select("items")
    .where("id", "in", [...statementIds])
    .execute();
  for (const row of rows) for (const l of JSON.parse(row.items) as StatementItem[]) byBilling.set(l.billingId, l);
  return byBilling;
}

export type FinalStatement = {
  id: number;
  owner_id: number;
  owner_name: string;
  owner_email: string | null;
  month: string;
  gross_cents: number;
  admin_fee_cents: number;
  first_rent_fee_cents: number;
  net_cents: number;
  transferred_on: string;
  created_by_name: string;
  sent_at: string | null;
  attempts: number;
  last_error: string | null;
};

function selectFinal(db: DB) {
  return db
    .selectFrom("owner_statements")
    .innerJoin("owners", "owners.id", "owner_statements.owner_id")
    .select([
      "owner_statements.id",
      "owner_statements.owner_id",
      "owners.name as owner_name",
      "owners.email as owner_email",
      "owner_statements.month",
      "owner_statements.gross_cents",
      "owner_statements.admin_fee_cents",
      "owner_statements.first_rent_fee_cents",
      "owner_statements.net_cents",
      "owner_statements.transferred_on",
      "owner_statements.created_by_name",
      "owner_statements.sent_at",
      "owner_statements.attempts",
      "owner_statements.last_error",
    ]);
}

export type PendingTransfer = { ownerId: number; ownerName: string; rents: number } & Omit<OwnerMonth, "lines">;

// "Repasses" for a month: each owner's pending transfer (what is received and
// not yet transferred), the transfers done, and how many rents received in the
// month belong to no owner (a contract without one: nobody to transfer to).
export async function monthTransfers(db: DB, month: string) {
  const byOwner = new Map<number, PendingRent[]>();
  for (const r of await pendingRents(db, month)) byOwner.set(r.ownerId, [...(byOwner.get(r.ownerId) ?? []), r]);
  const names = new Map(
    (await db.selectFrom("owners").select(["id", "name"]).execute()).map((o) => [o.id, o.name] as const),
  );
  const pending: PendingTransfer[] = [...byOwner].map(([ownerId, rents]) => {
    const { lines: _lines, ...totals } = ownerMonth(rents);
    return { ownerId, ownerName: names.get(ownerId) ?? "", rents: rents.length, ...totals };
  });
  pending.sort((a, b) => a.ownerName.localeCompare(b.ownerName, "pt-BR"));
  const done: FinalStatement[] = await selectFinal(db)
    .where("owner_statements.month", "=", month)
    .orderBy("owners.name")
    .execute();
  const unowned = await db
    .selectFrom("billing")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("billing.status", "=", "paid")
    .where("clients.owner_id", "is", null)
    .where("billing.payment_date", ">=", `${month}-01`)
    .where("billing.payment_date", "<", `${addMonths(month, 1)}-01`)
    .executeTakeFirstOrThrow();
  return { pending, done, unowned: Number(unowned.n) };
}

export type StatementItem = StatementLine & { paymentMonth: string };

// "Extrato do Proprietário" of an owner's month: final (its frozen lines) or
// still pending (computed now). null: no such owner.
export async function ownerStatement(db: DB, ownerId: number, month: string) {
  const owner = await db.selectFrom("owners").selectAll().where("id", "=", ownerId).executeTakeFirst();
  if (!owner) return null;
  const final = await selectFinal(db)
    .where("owner_statements.owner_id", "=", ownerId)
    .where("owner_statements.month", "=", month)
    .executeTakeFirst();
  if (final) {
    const row = await db
      .selectFrom("owner_statements")
      .select("items")
      .where("id", "=", final.id)
      .executeTakeFirstOrThrow();
    const lines = JSON.parse(row.items) as StatementItem[];
    return { owner, final, statement: ownerMonth(lines), lines };
  }
  const rents = await pendingRents(db, month, ownerId);
  const statement = ownerMonth(rents);
  const lines: StatementItem[] = statement.lines.map((l, i) => ({ ...l, paymentMonth: rents[i].paymentMonth }));
  return { owner, final: null, statement, lines };
}

export type TransferIssuer = { agency: PdfAgency; today: string };
export type TransferResult =
  | { ok: true; number: number; netCents: number; ownerName: string }
  | { ok: false; reason: "owner" | "done" | "empty" | "changed" | "date" };

// Marks the owner's transfer of `month` as done on `transferredOn`: one
// transaction makes the statement final (the number, the frozen lines, the
// PDF) and ties its payments to it. `expectedNetCents` is the amount staff saw:
// a payment recorded meanwhile refuses the transfer ("changed") rather than
// finalising a statement nobody checked.
export async function markTransferDone(
  db: DB,
  ownerId: number,
  month: string,
  values: { transferredOn: string; expectedNetCents: number },
  actor: AuditActor,
  issuer: TransferIssuer,
): Promise<TransferResult> {
  if (values.transferredOn > issuer.today || values.transferredOn < `${month}-01`) return { ok: false, reason: "date" };
  const created: string[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      const owner = await trx.selectFrom("owners").selectAll().where("id", "=", ownerId).executeTakeFirst();
      if (!owner) return { ok: false, reason: "owner" } as const;
      const exists = await trx
        .selectFrom("owner_statements")
        .select("id")
        .where("owner_id", "=", ownerId)
        .where("month", "=", month)
        .executeTakeFirst();
      if (exists) return { ok: false, reason: "done" } as const;
      const rents = await pendingRents(trx, month, ownerId);
      if (rents.length === 0) return { ok: false, reason: "empty" } as const;
      const statement = ownerMonth(rents);
      if (statement.netCents !== values.expectedNetCents) return { ok: false, reason: "changed" } as const;
      const lines: StatementItem[] = statement.lines.map((l, i) => ({ ...l, paymentMonth: rents[i].paymentMonth }));
      const now = new Date().toISOString();
      const number = await nextStatementNumber(trx);
      const pdf = await renderOwnerStatementPdf({
        number,
        agency: issuer.agency,
        owner,
        month,
        lines,
        totals: statement,
        transferredOn: values.transferredOn,
        issuedOn: issuer.today,
      });
      const row = {
        id: number,
        owner_id: ownerId,
        month,
        gross_cents: statement.grossCents,
        charges_cents: statement.chargesCents,
        admin_fee_cents: statement.adminFeeCents,
        first_rent_fee_cents: statement.firstRentFeeCents,
        net_cents: statement.netCents,
        transferred_on: values.transferredOn,
        created_by_name: actor?.name ?? "Sistema",
        created_at: now,
      };
      await storeWithRow(pdf, ".pdf", async (file_key) => {
        created.push(file_key);
        await trx
          .insertInto("owner_statements")
          .values({
            ...row,
            items: JSON.stringify(lines),
            file_key,
            file_name: `Extrato do Proprietário nº ${number}.pdf`,
            mime_type: "application/pdf",
            size: pdf.byteLength,
          })
          .execute();
        return true;
      });
      const ids = lines.map((l) => l.billingId);
      const tied = await trx
        .updateTable("billing")
        .set({ owner_statement_id: number })
        .where("id", "in", ids)
        .where("owner_statement_id", "is", null)
        .executeTakeFirst();
      if (Number(tied.numUpdatedRows) !== ids.length)
        throw new Error(`statement ${number}: payments changed meanwhile`);
      const { created_at: _c, ...shown } = row;
      await recordAudit(trx, {
        actor,
        action: "create",
        entity: "owner_statement",
        entityId: number,
        after: { ...shown, billing_ids: ids },
      });
      return { ok: true, number, netCents: statement.netCents, ownerName: owner.name } as const;
    });
  } catch (error) {
    // Rolled back after the PDF was written: no file without its row.
    await removePrivateFiles(created);
    throw error;
  }
}

// Statement numbers follow the table's AUTOINCREMENT sequence: never reused.
async function nextStatementNumber(trx: Trx) {
  const row = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'owner_statements'`.execute(trx);
  return (row.rows[0]?.seq ?? 0) + 1;
}
