import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { postEntry, refreshBillings } from "#app/models/ledger/ledger.server";
import { anyRow } from "#app/models/shared/exists.server";
import { cents, type Cents } from "#app/models/shared/money";
import type { ChargeInput, RecurringInput } from "./charge.schema";

// Charges beside the rent (docs/decisions/0068-charges-beside-the-rent.md):
// each a ledger charge of item "other" on a billing (the money: what the
// tenant owes, paid after the rent, Código Civil art. 355 as the ledger
// allocates) and a rent_charges row saying what it is and who receives it.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// A billing a charge may go on: the contract's, nothing paid into it yet and
// no share of it transferred.
async function openBilling(trx: Trx | DB, clientId: number, billingId: number) {
  return trx
    .selectFrom("billing")
    .select(["id", "client_id", "due_date", "month_year"])
    .where("id", "=", billingId)
    .where("client_id", "=", clientId)
    .where("status", "!=", "paid")
    .where("amount_paid_cents", "is", null)
    .where("owner_statement_id", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          anyRow(
            eb.selectFrom("billing_transfers as t").select("t.billing_id").whereRef("t.billing_id", "=", "billing.id"),
          ),
        ),
      ),
    )
    .executeTakeFirst();
}

type ChargeFacts = Pick<ChargeInput, "kind" | "description" | "amount" | "receiver">;

// The entry and the row of one charge, inside the caller's transaction
// (also the settlement's fine and repairs, decision 0069).
export async function writeCharge(
  trx: Trx,
  billing: { id: number; client_id: number; due_date: string },
  c: ChargeFacts,
  extra: { recurringId?: number; opKey?: string },
  actor: AuditActor,
  now: string,
) {
  const entryId = await postEntry(
    trx,
    {
      client_id: billing.client_id,
      kind: "charge",
      item: "other",
      billing_id: billing.id,
      amount_cents: c.amount,
      // Owed from the billing's due date, as its rent.
      on_date: billing.due_date,
      memo: c.description,
    },
    actor,
    now,
  );
  const row = {
    client_id: billing.client_id,
    billing_id: billing.id,
    kind: c.kind,
    description: c.description,
    amount_cents: c.amount,
    receiver: c.receiver,
    recurring_id: extra.recurringId ?? null,
    entry_id: entryId,
    op_key: extra.opKey ?? null,
    created_by_name: actor?.name ?? "Sistema",
    created_at: now,
  };
  const { id } = await trx.insertInto("rent_charges").values(row).returning("id").executeTakeFirstOrThrow();
  const { created_at: _c, op_key: _k, ...shown } = row;
  await recordAudit(trx, { actor, action: "create", entity: "rent_charge", entityId: id, after: shown });
  return id;
}

export type PostChargeResult = { ok: true; id: number; duplicate: boolean } | { ok: false; reason: "billing" };

// "Lançar encargo" on one open billing of the contract. Posted twice (its
// one-time key): the first charge, nothing written.
export async function postCharge(
  db: DB,
  clientId: number,
  input: ChargeInput,
  actor: AuditActor,
  today: string,
): Promise<PostChargeResult> {
  const first = async () =>
    db.selectFrom("rent_charges").select("id").where("op_key", "=", input.chave).executeTakeFirst();
  const write = () =>
    db.transaction().execute(async (trx): Promise<PostChargeResult> => {
      const done = await trx
        .selectFrom("rent_charges")
        .select("id")
        .where("op_key", "=", input.chave)
        .executeTakeFirst();
      if (done) return { ok: true, id: done.id, duplicate: true };
      const billing = await openBilling(trx, clientId, input.billing_id);
      if (!billing) return { ok: false, reason: "billing" };
      const id = await writeCharge(trx, billing, input, { opKey: input.chave }, actor, new Date().toISOString());
      await refreshBillings(trx, [billing.id], actor, today, { audit: false });
      return { ok: true, id, duplicate: false };
    });
  try {
    return await write();
  } catch (error) {
    // The same form posted twice at once: the other one wrote it.
    const done = error instanceof Error && /UNIQUE constraint failed: rent_charges\.op_key/.test(error.message);
    const found = done ? await first() : undefined;
    if (found) return { ok: true, id: found.id, duplicate: true };
    throw error;
  }
}

export type CancelChargeResult = { ok: true } | { ok: false; reason: "charge" | "locked" };

// "Cancelar" a charge: its entry reversed (the row and the entry stay), while
// nothing was paid into its billing nor transferred.
export async function cancelCharge(
  db: DB,
  clientId: number,
  chargeId: number,
  actor: AuditActor,
  today: string,
): Promise<CancelChargeResult> {
  return db.transaction().execute(async (trx): Promise<CancelChargeResult> => {
    const charge = await trx
      .selectFrom("rent_charges")
      .select(["id", "billing_id", "entry_id", "amount_cents", "description", "client_id"])
      .where("id", "=", chargeId)
      .where("client_id", "=", clientId)
      .executeTakeFirst();
    if (!charge) return { ok: false, reason: "charge" };
    const reversed = await trx
      .selectFrom("ledger_entries")
      .select("id")
      .where("reverses_id", "=", charge.entry_id)
      .executeTakeFirst();
    if (reversed) return { ok: false, reason: "charge" };
    const billing = await openBilling(trx, clientId, charge.billing_id);
    if (!billing) return { ok: false, reason: "locked" };
    const now = new Date().toISOString();
    await postEntry(
      trx,
      {
        client_id: clientId,
        kind: "charge",
        item: "other",
        billing_id: billing.id,
        amount_cents: cents(-charge.amount_cents),
        on_date: billing.due_date,
        memo: `Cancelado: ${charge.description}`,
        reverses_id: charge.entry_id,
      },
      actor,
      now,
    );
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "rent_charge",
      entityId: charge.id,
      before: { cancelled: false },
      after: { cancelled: true },
    });
    await refreshBillings(trx, [billing.id], actor, today, { audit: false });
    return { ok: true };
  });
}

// The monthly charges in force for a billing's month, put on it once each
// (rent_charges_recurring_once), inside the transaction that makes the
// billing (insertBillingRow).
export async function attachRecurringCharges(
  trx: Trx,
  billing: { id: number; client_id: number; due_date: string; month_year: string },
  actor: AuditActor,
) {
  const due = await trx
    .selectFrom("recurring_charges")
    .selectAll()
    .where("client_id", "=", billing.client_id)
    .where("first_month", "<=", billing.month_year)
    .where((eb) => eb.or([eb("last_month", "is", null), eb("last_month", ">=", billing.month_year)]))
    .orderBy("id")
    .execute();
  if (due.length === 0) return 0;
  const now = new Date().toISOString();
  for (const r of due)
    await writeCharge(
      trx,
      billing,
      { kind: r.kind, description: r.description, amount: r.amount_cents, receiver: r.receiver },
      { recurringId: r.id },
      actor,
      now,
    );
  return due.length;
}

// "Encargo mensal": a monthly charge of the contract. The billings already
// made for its months get it too when still open (a new IPTU for a year
// whose first months were billed ahead).
export async function addRecurringCharge(
  db: DB,
  clientId: number,
  input: RecurringInput,
  actor: AuditActor,
  today: string,
): Promise<{ ok: true; id: number; attached: number } | { ok: false; reason: "client" }> {
  return db.transaction().execute(async (trx) => {
    const client = await trx.selectFrom("clients").select("id").where("id", "=", clientId).executeTakeFirst();
    if (!client) return { ok: false, reason: "client" } as const;
    const now = new Date().toISOString();
    const row = {
      client_id: clientId,
      kind: input.kind,
      description: input.description,
      amount_cents: input.amount,
      receiver: input.receiver,
      first_month: input.first_month,
      last_month: input.last_month ?? null,
      created_by_name: actor?.name ?? "Sistema",
      created_at: now,
      updated_at: now,
    };
    const { id } = await trx.insertInto("recurring_charges").values(row).returning("id").executeTakeFirstOrThrow();
    await recordAudit(trx, { actor, action: "create", entity: "recurring_charge", entityId: id, after: row });
    let query = trx
      .selectFrom("billing")
      .select(["id", "client_id", "due_date", "month_year"])
      .where("client_id", "=", clientId)
      .where("status", "!=", "paid")
      .where("amount_paid_cents", "is", null)
      .where("owner_statement_id", "is", null)
      .where("month_year", ">=", input.first_month);
    if (input.last_month) query = query.where("month_year", "<=", input.last_month);
    const open = await query.orderBy("due_date").execute();
    for (const b of open)
      await writeCharge(
        trx,
        b,
        { kind: input.kind, description: input.description, amount: input.amount, receiver: input.receiver },
        { recurringId: id },
        actor,
        now,
      );
    if (open.length > 0)
      await refreshBillings(
        trx,
        open.map((b) => b.id),
        actor,
        today,
        { audit: false },
      );
    return { ok: true, id, attached: open.length } as const;
  });
}

// "Encerrar" a monthly charge: no billing made from now on gets it (its last
// month is the last one already billed, or the month before its first).
export async function endRecurringCharge(db: DB, clientId: number, id: number, actor: AuditActor, month: string) {
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .selectFrom("recurring_charges")
      .select(["id", "first_month", "last_month"])
      .where("id", "=", id)
      .where("client_id", "=", clientId)
      .executeTakeFirst();
    if (!r) return false;
    const last = [r.last_month ?? "9999-12", month].sort()[0];
    if (last === r.last_month) return true;
    await trx
      .updateTable("recurring_charges")
      .set({ last_month: last, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "recurring_charge",
      entityId: id,
      before: { last_month: r.last_month },
      after: { last_month: last },
    });
    return true;
  });
}

export type RentChargeRow = {
  id: number;
  billing_id: number;
  kind: string;
  description: string;
  amount_cents: Cents;
  receiver: string;
  month_year: string;
  due_date: string;
  cancelled: boolean;
};

// A contract's latest charges (a page of them) with their billing's month.
export async function contractCharges(db: DB, clientId: number, limit = 60): Promise<RentChargeRow[]> {
  const rows = await db
    .selectFrom("rent_charges as c")
    .innerJoin("billing", "billing.id", "c.billing_id")
    .select([
      "c.id",
      "c.billing_id",
      "c.kind",
      "c.description",
      "c.amount_cents",
      "c.receiver",
      "billing.month_year",
      "billing.due_date",
    ])
    .select((eb) =>
      eb
        .exists(eb.selectFrom("ledger_entries as e").select("e.id").whereRef("e.reverses_id", "=", "c.entry_id"))
        .as("cancelled"),
    )
    .where("c.client_id", "=", clientId)
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, cancelled: Boolean(r.cancelled) }));
}

export async function recurringCharges(db: DB, clientId: number) {
  return db
    .selectFrom("recurring_charges")
    .selectAll()
    .where("client_id", "=", clientId)
    .orderBy("id", "desc")
    .execute();
}

// The contract's open billings a charge may go on, by due date.
export async function chargeableBillings(db: DB, clientId: number) {
  return db
    .selectFrom("billing")
    .select(["id", "month_year", "due_date", "amount_cents"])
    .where("client_id", "=", clientId)
    .where("status", "!=", "paid")
    .where("amount_paid_cents", "is", null)
    .where("owner_statement_id", "is", null)
    .orderBy("due_date")
    .limit(24)
    .execute();
}
