import { sql, type Kysely } from "kysely";
import type { Database, EmailStatus } from "#app/db/schema";
import { statementKeySql } from "./owner-statement-email.server";
import { pendingRents, type PendingRent } from "./pending-rents.server";
import { pendingOwnerEntries } from "./owner-entries.server";
import { frozenTotals } from "./mark-transfer.server";
import { ownerMonth, type OwnerMonth, type StatementLine } from "./statement";
import { addMonths } from "#app/models/shared/days";
import { addCents, sumCents, type Cents } from "#app/models/shared/money";
import { pageOf, pageOfRows, queryBatches } from "#app/models/shared/paging.server";
import { searchCondition } from "#app/models/shared/search.server";
import { untilWrite } from "#app/models/shared/until-write.server";
import type { TransfersQuery } from "./transfers-query";

// Transfers to owners (repasses, docs/decisions/0040-owner-transfers.md).
// Every rent received goes into exactly one owner statement: the statement of
// the month it was received in, or, when that month's statement is already
// final (a payment recorded late), the owner's next month without a final
// statement. Marking the transfer done makes the statement final: numbered,
// its lines frozen, the payments tied to it (billing.owner_statement_id), a
// PDF kept; the owner's email is queued in the email outbox with it
// (mark-transfer.server.ts). Which rents a statement takes is
// pending-rents.server.ts. This file reads: the months, Repasses, its CSV and
// an owner's statement.

type DB = Kysely<Database>;

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
  // The owner's email, from the outbox (null: never queued).
  email_status: EmailStatus | null;
  sent_at: string | null;
  attempts: number | null;
  last_error: string | null;
};

function selectFinal(db: DB) {
  return db
    .selectFrom("owner_statements")
    .innerJoin("owners", "owners.id", "owner_statements.owner_id")
    .leftJoin("email_outbox", (join) => join.on(sql<boolean>`email_outbox.dedupe_key = ${statementKeySql}`))
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
      "email_outbox.status as email_status",
      "email_outbox.sent_at",
      "email_outbox.attempts",
      "email_outbox.last_error",
    ]);
}

export type PendingTransfer = { ownerId: number; ownerName: string; rents: number } & Omit<OwnerMonth, "lines">;

type OwnerTotals = Omit<PendingTransfer, "ownerId" | "ownerName">;

// What "Repasses" shows of a month whatever its search and pages: each
// owner's pending figures, the owners that have some in the list's order
// (folded name, id), and the count of the month's rents that belong to no
// owner. Kept until the next write (untilWrite, as the DIMOB's year): at
// 5,000 contracts it is about 4,000 rents, 100-300 ms on this machine, that a
// busy hour of people reading the page would otherwise compute on every view.
// The value is shared by every request: read it, never change it.
type MonthSummary = {
  totals: ReadonlyMap<number, OwnerTotals>;
  byName: readonly { id: number; name: string }[];
  pendingTotalCents: Cents;
  unowned: number;
};

function monthSummary(db: DB, month: string): Promise<MonthSummary> {
  return untilWrite(db, `transfers:${month}`, async () => {
    const byOwner = new Map<number, PendingRent[]>();
    for (const r of await pendingRents(db, month)) {
      const rents = byOwner.get(r.ownerId);
      if (rents) rents.push(r);
      else byOwner.set(r.ownerId, [r]);
    }
    // The owners' entries no statement took yet (decision 0064): an owner is
    // listed for the rents received; the entries come off the transfer.
    const entries = await pendingOwnerEntries(db, month);
    const totals = new Map(
      [...byOwner].map(([ownerId, rents]) => {
        const { lines: _lines, ...sums } = ownerMonth(rents, entries.get(ownerId));
        return [ownerId, { rents: rents.length, ...sums }] as const;
      }),
    );
    const byName = await withPending(db, totals)
      .select(["owners.id", "owners.name"])
      .orderBy("owners.name_fold")
      .orderBy("owners.id")
      .execute();
    // From the contracts without an owner (clients_owner), each one's
    // payments of the month (billing_client_paid, covering): none read when
    // every contract has an owner, where the month's paid range read all of
    // them (CROSS JOIN keeps that order).
    const unowned = await db
      .selectFrom("clients")
      .crossJoin("billing")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .whereRef("billing.client_id", "=", "clients.id")
      .where("clients.owner_id", "is", null)
      .where("billing.status", "=", "paid")
      .where("billing.payment_date", ">=", `${month}-01`)
      .where("billing.payment_date", "<", `${addMonths(month, 1)}-01`)
      .executeTakeFirstOrThrow();
    return {
      totals,
      byName,
      pendingTotalCents: sumCents([...totals.values()].map((t) => t.netCents)),
      unowned: Number(unowned.n),
    };
  });
}

// The owners with a pending transfer: their ids as one JSON parameter (any
// number of owners, one bound value).
function withPending(db: DB, totals: ReadonlyMap<number, OwnerTotals>) {
  return db
    .selectFrom("owners")
    .where(sql<boolean>`owners.id in (select value from json_each(${JSON.stringify([...totals.keys()])}))`);
}

// "Repasses" for a month (the page's search and pages: transfers-query.ts):
// one page of the owners with a pending transfer
// (what is received and not yet transferred), one page of the transfers done,
// and, over every owner whatever the search and the page, the total to
// transfer and how many rents received in the month belong to no owner (a
// contract without one: nobody to transfer to).
//
// Each owner's pending amount is the statement's own arithmetic (ownerMonth,
// the code that marks the transfer), not a second copy of it in SQL: the
// pending rents are read once, grouped by owner (monthSummary), and SQL then
// searches, orders and pages the owners that have some.
export async function monthTransfers(db: DB, month: string, q: TransfersQuery = { search: "", page: 1, donePage: 1 }) {
  const { totals, byName, pendingTotalCents, unowned } = await monthSummary(db, month);
  const ownerSearch = transfersSearch(q);
  const owners = ownerSearch
    ? await pageOf(withPending(db, totals).where(ownerSearch), q.page, (query) =>
        query.select(["owners.id", "owners.name"]).orderBy("owners.name_fold").orderBy("owners.id"),
      )
    : pageOfRows(byName, q.page);
  const pending: PendingTransfer[] = owners.rows.map((o) => ({
    ownerId: o.id,
    ownerName: o.name,
    ...totals.get(o.id)!,
  }));

  let done = selectFinal(db).where("owner_statements.month", "=", month);
  if (ownerSearch) done = done.where(ownerSearch);
  const donePage = await pageOf(done, q.donePage, (query) =>
    query.orderBy("owners.name_fold").orderBy("owner_statements.id"),
  );
  return {
    pending: { ...owners, rows: pending },
    // Of every owner with a pending transfer, not of the page or the search.
    pendingOwners: totals.size,
    pendingTotalCents,
    done: { ...donePage, rows: donePage.rows as FinalStatement[] },
    unowned,
  };
}

const transfersSearch = (q: TransfersQuery) =>
  searchCondition(q.search, { text: ["owners.name"], documents: ["owners.cpf_cnpj"] });

// Repasses as a spreadsheet (Exportar CSV): one row an owner with a transfer
// in the month, pending or done (never both: a month made final has no
// pending rents), the page's search applied, by name, a batch at a time. The
// pending figures are the page's own (monthSummary, computed once for the
// month as the page does); a done one's are its statement's, frozen.
export async function* transfersExportBatches(db: DB, month: string, q: TransfersQuery) {
  const { totals } = await monthSummary(db, month);
  let owners = db
    .selectFrom("owners")
    .leftJoin("owner_statements", (join) =>
      join.onRef("owner_statements.owner_id", "=", "owners.id").on("owner_statements.month", "=", month),
    )
    .leftJoin("email_outbox", (join) => join.on(sql<boolean>`email_outbox.dedupe_key = ${statementKeySql}`))
    .where((eb) =>
      eb.or([
        sql<boolean>`owners.id in (select value from json_each(${JSON.stringify([...totals.keys()])}))`,
        eb("owner_statements.id", "is not", null),
      ]),
    );
  const ownerSearch = transfersSearch(q);
  if (ownerSearch) owners = owners.where(ownerSearch);
  const ordered = owners
    .select([
      "owners.id as owner_id",
      "owners.name as owner_name",
      "owners.cpf_cnpj as owner_cpf_cnpj",
      "owners.email as owner_email",
      "owner_statements.id as statement_id",
      "owner_statements.gross_cents",
      "owner_statements.admin_fee_cents",
      "owner_statements.first_rent_fee_cents",
      "owner_statements.net_cents",
      "owner_statements.transferred_on",
      sql<number | null>`json_array_length(owner_statements.items)`.as("statement_rents"),
      "email_outbox.sent_at",
      "email_outbox.attempts",
      "email_outbox.last_error",
    ])
    .orderBy("owners.name_fold")
    .orderBy("owners.id");
  for await (const rows of queryBatches(ordered))
    yield rows.map(
      ({ statement_id, statement_rents, gross_cents, admin_fee_cents, first_rent_fee_cents, net_cents, ...r }) => {
        if (statement_id === null) {
          const t = totals.get(r.owner_id)!;
          return {
            ...r,
            done: null,
            rents: t.rents,
            grossCents: t.grossCents,
            feesCents: addCents(t.adminFeeCents, t.firstRentFeeCents),
            netCents: t.netCents,
          };
        }
        return {
          ...r,
          done: { statementId: statement_id, transferredOn: r.transferred_on! },
          rents: statement_rents ?? 0,
          grossCents: gross_cents!,
          feesCents: addCents(admin_fee_cents!, first_rent_fee_cents!),
          netCents: net_cents!,
        };
      },
    );
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
      .selectAll()
      .where("id", "=", final.id)
      .executeTakeFirstOrThrow();
    const lines = JSON.parse(row.items) as StatementItem[];
    return { owner, final, statement: { lines, ...frozenTotals(row) } as OwnerMonth, lines };
  }
  const rents = await pendingRents(db, month, ownerId);
  const deductions = (await pendingOwnerEntries(db, month, ownerId)).get(ownerId) ?? [];
  const statement = ownerMonth(rents, deductions);
  const lines: StatementItem[] = statement.lines.map((l, i) => ({ ...l, paymentMonth: rents[i].paymentMonth }));
  return { owner, final: null, statement, lines };
}
