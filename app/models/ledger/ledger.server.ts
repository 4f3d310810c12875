import { sql, type Kysely, type Transaction, type Insertable } from "kysely";
import type { Database, LedgerEntriesTable } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { closeProofsOfPaidBilling } from "#app/models/payment-proofs/close.server";
import { cents, subtractCents, ZERO_CENTS, type Cents } from "#app/models/shared/money";
import { noItems, openTotal, type AccrualState, type LedgerItem, type OpenItems } from "./allocation";

// The ledger's rows and what a billing reads from them
// (docs/decisions/0061-rent-ledger.md). Only app/models/ledger/ writes
// ledger_entries, and with them the billing's projection (status,
// payment_date, amount_paid_cents, open_cents) in the same transaction.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// "Not a reversal", for a WHERE. The unary + keeps SQLite off the unique
// index of reverses_id: without statistics it reads `reverses_id is null` on
// a unique index as a lookup of a row or two, picks it over the index of the
// billing, credit or tenant asked for, and walks every entry that is not a
// reversal: the whole ledger (926,412 entries at 5,000 contracts: 250-400 ms
// a query, and a join of two such never ends). The test "reads at scale" in
// tests/integration/ledger.test.ts plans every statement of a payment and an
// estorno; docs/decisions/0065-ledger-at-scale.md.
export const notReversal = (column: "reverses_id" | `${string}.reverses_id` = "reverses_id") =>
  sql<boolean>`+${sql.ref(column)} is null`;

export type NewEntry = Omit<Insertable<LedgerEntriesTable>, "created_by_id" | "created_by_name" | "created_at">;

export async function postEntry(trx: Trx, entry: NewEntry, actor: AuditActor, now: string): Promise<number> {
  const row = await trx
    .insertInto("ledger_entries")
    .values({ ...entry, created_by_id: actor?.id ?? null, created_by_name: actor?.name ?? "Sistema", created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

// A billing as its entries tell it.
export type BillingBook = {
  id: number;
  client_id: number;
  due_date: string;
  grace_until: string; // the last day without multa and juros (decision 0066)
  open: OpenItems; // per item: charged − forgiven − paid
  charged: OpenItems;
  allocated: Cents;
  lastPaidOn: string | null; // the latest date money was allocated to it
  accrual: AccrualState;
};

type EntryRow = {
  id: number;
  kind: string;
  item: string | null;
  billing_id: number | null;
  amount_cents: number;
  on_date: string;
  reverses_id: number | null;
};

// The books of these billings, from their entries (a few dozen rows each,
// by ledger_billing).
export async function billingBooks(db: DB | Trx, billingIds: readonly number[]): Promise<Map<number, BillingBook>> {
  const books = new Map<number, BillingBook>();
  if (billingIds.length === 0) return books;
  const billings = await db
    .selectFrom("billing")
    .select(["id", "client_id", "due_date", "grace_until"])
    .where("id", "in", [...new Set(billingIds)])
    .execute();
  const entries: EntryRow[] = await db
    .selectFrom("ledger_entries")
    .select(["id", "kind", "item", "billing_id", "amount_cents", "on_date", "reverses_id"])
    .where("billing_id", "in", [...new Set(billingIds)])
    .orderBy("id")
    .execute();
  for (const b of billings)
    books.set(b.id, {
      ...b,
      open: noItems(),
      charged: noItems(),
      allocated: ZERO_CENTS,
      lastPaidOn: null,
      accrual: { rentOpen: ZERO_CENTS, lateFeeCharged: false, interestThrough: null },
    });
  const reversed = new Set(entries.flatMap((e) => (e.reverses_id === null ? [] : [e.reverses_id])));
  for (const e of entries) {
    const book = books.get(e.billing_id!);
    if (!book || !e.item) continue;
    const item = e.item as LedgerItem;
    const amount = cents(e.amount_cents);
    if (e.kind === "charge") {
      book.open[item] = cents(book.open[item] + amount);
      book.charged[item] = cents(book.charged[item] + amount);
    } else {
      book.open[item] = subtractCents(book.open[item], amount);
    }
    if (e.kind === "allocation") book.allocated = cents(book.allocated + amount);
    // What still stands (neither a reversal nor reversed) dates the book.
    if (e.reverses_id !== null || reversed.has(e.id)) continue;
    if (e.kind === "allocation" && (book.lastPaidOn === null || e.on_date > book.lastPaidOn))
      book.lastPaidOn = e.on_date;
    // Multa and juros charged run to their day: juros from there on.
    if (
      e.kind === "charge" &&
      (item === "interest" || item === "late_fee") &&
      (book.accrual.interestThrough ?? "") < e.on_date
    )
      book.accrual.interestThrough = e.on_date;
  }
  for (const book of books.values()) {
    book.accrual.rentOpen = book.open.rent;
    book.accrual.lateFeeCharged = book.charged.late_fee > 0;
  }
  return books;
}

export const bookOpen = (book: BillingBook) => openTotal(book.open);

// The status a billing's book gives: Pago when nothing stays open and
// something was paid or forgiven; else pending, or overdue past its grace day.
export function bookStatus(book: BillingBook, today: string) {
  if (bookOpen(book) <= 0 && openTotal(book.charged) > 0) return "paid" as const;
  return book.grace_until < today ? ("overdue" as const) : ("pending" as const);
}

// Writes the projection of these billings from their books, each change of
// status or amount received audited as the billing's (unless the caller
// audits the change that caused it: a new amount).
export async function refreshBillings(
  trx: Trx,
  billingIds: readonly number[],
  actor: AuditActor,
  today: string,
  { audit = true }: { audit?: boolean } = {},
) {
  const books = await billingBooks(trx, billingIds);
  const now = new Date().toISOString();
  for (const book of books.values()) {
    const before = await trx
      .selectFrom("billing")
      .select(["status", "payment_date", "amount_paid_cents", "open_cents", "rent_open_cents", "accrued_through"])
      .where("id", "=", book.id)
      .executeTakeFirstOrThrow();
    const derived = bookStatus(book, today);
    const after = {
      // Paid or not is the entries'; pending or overdue of an open one is
      // the due date's, which the hourly job stores (markOverdue): an open
      // billing keeps its stored one, one taken out of Pago gets its own.
      status: derived !== "paid" && before.status !== "paid" ? before.status : derived,
      payment_date: book.allocated > 0 ? book.lastPaidOn : null,
      amount_paid_cents: book.allocated > 0 ? book.allocated : null,
      open_cents: bookOpen(book),
      rent_open_cents: book.open.rent,
      accrued_through: book.accrual.interestThrough,
    };
    if ((Object.keys(after) as (keyof typeof after)[]).every((k) => after[k] === before[k])) continue;
    await trx
      .updateTable("billing")
      .set({ ...after, updated_at: now })
      .where("id", "=", book.id)
      .execute();
    if (audit) await recordAudit(trx, { actor, action: "update", entity: "billing", entityId: book.id, before, after });
    // Pago, whichever way: the tenant's proofs still waiting are settled by it (decision 0063).
    if (after.status === "paid" && before.status !== "paid") await closeProofsOfPaidBilling(trx, book.id, actor, now);
  }
  return books;
}

// The tenant's credit: money received and not allocated, per credit still
// standing, oldest first.
export async function creditsLeft(db: DB | Trx, clientId: number) {
  const rows = await db
    .selectFrom("ledger_entries as c")
    .select(["c.id", "c.on_date", "c.amount_cents"])
    .select((eb) =>
      eb
        .selectFrom("ledger_entries as a")
        .select((e) => e.fn.coalesce(e.fn.sum<number>("a.amount_cents"), e.lit(0)).as("s"))
        .whereRef("a.credit_id", "=", "c.id")
        .where("a.kind", "=", "allocation")
        .as("allocated"),
    )
    .select((eb) =>
      eb
        .selectFrom("ledger_entries as r")
        .select((e) => e.fn.coalesce(e.fn.sum<number>("r.amount_cents"), e.lit(0)).as("s"))
        .whereRef("r.reverses_id", "=", "c.id")
        .as("reversed"),
    )
    .where("c.client_id", "=", clientId)
    .where("c.kind", "=", "credit")
    .where(notReversal("c.reverses_id"))
    .orderBy("c.id")
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      on_date: r.on_date,
      left: cents(r.amount_cents + Number(r.reversed ?? 0) - Number(r.allocated ?? 0)),
    }))
    .filter((r) => r.left > 0);
}

export async function tenantCreditLeft(db: DB | Trx, clientId: number): Promise<Cents> {
  return cents((await creditsLeft(db, clientId)).reduce((sum, c) => sum + c.left, 0));
}

// Pendente ⇄ Em Atraso on an open billing (the status selector: "any status
// from any other", docs/product.md §Cobranças). No money moves: the entries
// decide paid or not, and the due date reads a pending billing past it as
// overdue anyway. false: no such billing, or not open.
export async function setOpenStatus(db: DB, id: number, status: "pending" | "overdue", actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("billing").select("status").where("id", "=", id).executeTakeFirst();
    if (!before || before.status === "paid") return false;
    if (before.status === status) return true;
    await trx
      .updateTable("billing")
      .set({ status, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, { actor, action: "update", entity: "billing", entityId: id, before, after: { status } });
    return true;
  });
}
