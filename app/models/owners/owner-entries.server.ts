import type { Kysely, Transaction } from "kysely";
import type { Database, OwnerEntryKind } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { addMonths } from "#app/models/shared/days";
import { anyRow } from "#app/models/shared/exists.server";
import { cents, type Cents } from "#app/models/shared/money";
import type { StatementDeduction } from "./statement";

// An owner's account besides the rents (migration 0032,
// docs/decisions/0064-owners-from-the-ledger.md): deductions staff post (a
// repair, a fee), the debit of an estorno after the money was transferred,
// and what a statement carried. Rows are never updated nor deleted: the
// final statement that takes one ties it in owner_statement_entries.
//
// Which statement takes an entry: the first of the owner's statements made
// final whose month ends after the entry's day. Until then every pending
// statement of the owner from the entry's month on lists it (the one marked
// first takes it; the amount staff saw is checked when marking: a change
// refuses it, as a payment recorded meanwhile does).

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

type EntryRow = {
  id: number;
  owner_id: number;
  kind: OwnerEntryKind;
  description: string;
  on_date: string;
  amount_cents: Cents;
};

const asDeduction = (e: EntryRow): StatementDeduction => ({
  entryId: e.id,
  kind: e.kind,
  description: e.description,
  onDate: e.on_date,
  amountCents: e.amount_cents,
});

// The entries no final statement took yet, dated in `month` or before, by
// owner (`ownerId`: one owner's). Few rows: an owner's account has a
// deduction now and then; the index owner_entries_owner reads one owner's.
export async function pendingOwnerEntries(
  db: DB | Trx,
  month: string,
  ownerId?: number,
): Promise<Map<number, StatementDeduction[]>> {
  let query = db
    .selectFrom("owner_entries as e")
    .select(["e.id", "e.owner_id", "e.kind", "e.description", "e.on_date", "e.amount_cents"])
    .where("e.on_date", "<", `${addMonths(month, 1)}-01`)
    .where((eb) =>
      eb.not(
        eb.exists(
          anyRow(
            eb.selectFrom("owner_statement_entries as t").select("t.entry_id").whereRef("t.entry_id", "=", "e.id"),
          ),
        ),
      ),
    );
  if (ownerId !== undefined) query = query.where("e.owner_id", "=", ownerId);
  const rows = await query.orderBy("e.on_date").orderBy("e.id").execute();
  const byOwner = new Map<number, StatementDeduction[]>();
  for (const r of rows) {
    const list = byOwner.get(r.owner_id);
    if (list) list.push(asDeduction(r));
    else byOwner.set(r.owner_id, [asDeduction(r)]);
  }
  return byOwner;
}

// A statement made final takes its entries (markTransferDone's transaction).
export async function tieOwnerEntries(trx: Trx, statementId: number, entries: readonly StatementDeduction[]) {
  if (entries.length === 0) return;
  await trx
    .insertInto("owner_statement_entries")
    .values(entries.map((e) => ({ entry_id: e.entryId, statement_id: statementId })))
    .execute();
}

export type NewOwnerEntry = {
  kind: OwnerEntryKind;
  amountCents: Cents;
  description: string;
  onDate: string;
  clientId?: number | null;
  billingId?: number | null;
  creditId?: number | null;
  fromStatementId?: number | null;
  feeRefundCents?: Cents;
  opKey?: string | null;
  // The entry this one cancels (its opposite amount; unique).
  reversesId?: number | null;
};

export async function postOwnerEntry(trx: Trx, ownerId: number, e: NewOwnerEntry, actor: AuditActor) {
  const row = await trx
    .insertInto("owner_entries")
    .values({
      owner_id: ownerId,
      kind: e.kind,
      amount_cents: e.amountCents,
      description: e.description,
      on_date: e.onDate,
      client_id: e.clientId ?? null,
      billing_id: e.billingId ?? null,
      credit_id: e.creditId ?? null,
      from_statement_id: e.fromStatementId ?? null,
      fee_refund_cents: e.feeRefundCents ?? cents(0),
      op_key: e.opKey ?? null,
      reverses_id: e.reversesId ?? null,
      created_by_id: actor?.id ?? null,
      created_by_name: actor?.name ?? "Sistema",
      created_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    actor,
    action: "create",
    entity: "owner_entry",
    entityId: row.id,
    after: {
      owner_id: ownerId,
      kind: e.kind,
      amount_cents: e.amountCents,
      description: e.description,
      on_date: e.onDate,
      client_id: e.clientId ?? null,
      billing_id: e.billingId ?? null,
      from_statement_id: e.fromStatementId ?? null,
      fee_refund_cents: e.feeRefundCents ?? 0,
      reverses_id: e.reversesId ?? null,
    },
  });
  return row.id;
}

export type DeductionValues = {
  amountCents: Cents;
  description: string;
  onDate: string;
  clientId: number | null;
  opKey: string;
};

export type DeductionResult =
  | { ok: true; id: number; duplicate: boolean; ownerName: string }
  | { ok: false; reason: "owner" | "contract" | "amount" | "date" };

// "Lançar desconto" on an owner's statement: a deduction with its
// description, taken off the owner's next transfer. The form's one-time key
// makes a second post (a double click, a retry) write nothing and answer the
// first row; two posts at once meet the unique index and the second re-reads.
export async function postDeduction(
  db: DB,
  ownerId: number,
  values: DeductionValues,
  actor: AuditActor,
  today: string,
): Promise<DeductionResult> {
  const write = () =>
    db.transaction().execute(async (trx): Promise<DeductionResult> => {
      const owner = await trx.selectFrom("owners").select("name").where("id", "=", ownerId).executeTakeFirst();
      if (!owner) return { ok: false, reason: "owner" };
      const first = await trx
        .selectFrom("owner_entries")
        .select(["id", "owner_id"])
        .where("op_key", "=", values.opKey)
        .executeTakeFirst();
      if (first) return { ok: true, id: first.id, duplicate: true, ownerName: owner.name };
      if (values.amountCents <= 0) return { ok: false, reason: "amount" };
      if (values.onDate > today) return { ok: false, reason: "date" };
      if (values.clientId !== null) {
        const contract = await trx
          .selectFrom("lease_owners")
          .select("client_id")
          .where("client_id", "=", values.clientId)
          .where("owner_id", "=", ownerId)
          .executeTakeFirst();
        if (!contract) return { ok: false, reason: "contract" };
      }
      const id = await postOwnerEntry(
        trx,
        ownerId,
        {
          kind: "deduction",
          amountCents: values.amountCents,
          description: values.description,
          onDate: values.onDate,
          clientId: values.clientId,
          opKey: values.opKey,
        },
        actor,
      );
      return { ok: true, id, duplicate: false, ownerName: owner.name };
    });
  try {
    return await write();
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: owner_entries\.op_key/.test(error.message)) return write();
    throw error;
  }
}

// The owner's contracts, for the deduction form's optional "Contrato".
export async function ownerContracts(db: DB, ownerId: number) {
  return db
    .selectFrom("lease_owners as lo")
    .innerJoin("clients", "clients.id", "lo.client_id")
    .select(["clients.id", "clients.name", "clients.property_address"])
    .where("lo.owner_id", "=", ownerId)
    .orderBy("clients.name_fold")
    .orderBy("clients.id")
    .execute();
}

// Transferred money an estorno takes back: for each billing of `billingIds`
// tied to a final statement, the line the owner was paid (net of fees) and
// the fee the agency kept. Read before the reversal (the lines are frozen).
export async function transferredLines(trx: DB | Trx, billingIds: readonly number[]) {
  if (billingIds.length === 0) return [];
  const rows = await trx
    .selectFrom("billing")
    // Each owner's share as their statement took it (decision 0067).
    .innerJoin("billing_transfers as t", "t.billing_id", "billing.id")
    .innerJoin("owner_statements as s", "s.id", "t.owner_statement_id")
    .innerJoin("clients", "clients.id", "billing.client_id")
    .innerJoin("owners", "owners.id", "s.owner_id")
    .select([
      "owners.name as owner_name",
      "billing.id",
      "billing.client_id",
      "billing.month_year",
      "s.id as statement_id",
      "s.owner_id",
      "s.items",
      "clients.name as tenant_name",
    ])
    .where("billing.id", "in", billingIds)
    .execute();
  return rows.map((r) => {
    const line = (
      JSON.parse(r.items) as { billingId: number; netCents: Cents; adminFeeCents: Cents; firstRentFeeCents: Cents }[]
    ).find((l) => l.billingId === r.id);
    return {
      billingId: r.id,
      clientId: r.client_id,
      monthYear: r.month_year,
      statementId: r.statement_id,
      ownerId: r.owner_id,
      ownerName: r.owner_name,
      tenantName: r.tenant_name,
      netCents: line?.netCents ?? cents(0),
      feeCents: cents((line?.adminFeeCents ?? 0) + (line?.firstRentFeeCents ?? 0)),
    };
  });
}

// The owner entries of a final statement, as it froze them.
export function frozenDeductions(json: string): StatementDeduction[] {
  return JSON.parse(json) as StatementDeduction[];
}
