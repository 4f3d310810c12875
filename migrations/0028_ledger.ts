import { sql, type Kysely } from "kysely";

// The rent ledger (issue 35; docs/decisions/0061-rent-ledger.md).
//
// ledger_entries: every amount a tenant owes or pays, as never-edited rows.
// A correction is a new row of the same kind and item with the opposite
// amount and `reverses_id` naming the row it cancels (unique: nothing is
// reversed twice). Kinds:
//   charge      what the tenant owes on a billing: rent, multa, juros, other
//   discount    what the agency forgave of a billing's item (with its reason)
//   credit      money received from the tenant (method, date, statement line)
//   allocation  part of a credit settling a billing's item (credit_id)
// A tenant account's balance is charges − discounts − credits; a billing's
// open amount is its charges − discounts − allocations; a credit's part not
// allocated is the tenant's credit. `op_key` is the one-time key of the form
// that wrote the row: the same key twice writes once.
//
// billing.open_cents, with status, payment_date and amount_paid_cents, is the
// projection of the entries the lists read (written only by
// app/models/ledger/, in the entries' transaction). billing_receipts gains
// the credit it acknowledges and what stayed open after it: a billing may now
// have several receipts in force (a partial payment, then the rest).
//
// The flat shape becomes entries here (backfillLedger, ledger/backfill.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("ledger_entries")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("client_id", "integer", (c) => c.notNull().references("clients.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('charge', 'discount', 'credit', 'allocation')`))
    .addColumn("item", "text", (c) => c.check(sql`item is null or item in ('rent', 'late_fee', 'interest', 'other')`))
    .addColumn("billing_id", "integer", (c) => c.references("billing.id").onDelete("cascade"))
    // allocation: the credit it spends; a multa or juros charge: the credit
    // whose date made it due (reversed with it).
    .addColumn("credit_id", "integer", (c) => c.references("ledger_entries.id"))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    // The value date: a rent's due date, a payment's date, the day juros ran to.
    .addColumn("on_date", "text", (c) => c.notNull())
    .addColumn("method", "text")
    .addColumn("statement_line_id", "integer", (c) => c.references("statement_lines.id").onDelete("set null"))
    .addColumn("reference", "text")
    .addColumn("memo", "text")
    .addColumn("op_key", "text", (c) => c.unique())
    .addColumn("reverses_id", "integer", (c) => c.unique().references("ledger_entries.id"))
    .addColumn("created_by_id", "integer")
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint(
      "ledger_entries_shape",
      sql`(kind = 'credit' and billing_id is null and item is null and method is not null)
       or (kind = 'allocation' and billing_id is not null and item is not null and credit_id is not null)
       or (kind in ('charge', 'discount') and billing_id is not null and item is not null)`,
    )
    .execute();
  // A billing's sums by kind and item, read from the index alone.
  await sql`create index ledger_billing on ledger_entries (billing_id, kind, item, amount_cents)`.execute(db);
  // A tenant's account statement and balance.
  await sql`create index ledger_client on ledger_entries (client_id, kind, id)`.execute(db);
  await sql`create index ledger_credit on ledger_entries (credit_id) where credit_id is not null`.execute(db);
  await sql`create index ledger_statement_line on ledger_entries (statement_line_id) where statement_line_id is not null`.execute(
    db,
  );

  await db.schema
    .alterTable("billing")
    .addColumn("open_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // What multa and juros run on (the rent still open) and the day they were
  // last charged to: with them, what a billing owes on any day is read from
  // its row alone (ledger/owed.ts), in every list.
  await db.schema
    .alterTable("billing")
    .addColumn("rent_open_cents", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("billing").addColumn("accrued_through", "text").execute();

  await db.schema
    .alterTable("billing_receipts")
    .addColumn("credit_id", "integer", (c) => c.references("ledger_entries.id"))
    .execute();
  await db.schema.alterTable("billing_receipts").addColumn("open_after_cents", "integer").execute();
  await db.schema.alterTable("billing_receipts").addColumn("void_reason", "text").execute();
  // Several receipts of a billing may be in force now (one per credit).
  await sql`drop index billing_receipts_in_force`.execute(db);
  await sql`create index billing_receipts_credit on billing_receipts (credit_id) where credit_id is not null`.execute(
    db,
  );

  // What the backfill found that the flat shape said otherwise, explained.
  await db.schema
    .createTable("ledger_backfill_notes")
    .addColumn("billing_id", "integer", (c) => c.primaryKey().references("billing.id").onDelete("cascade"))
    .addColumn("stored_status", "text", (c) => c.notNull())
    .addColumn("open_cents", "integer", (c) => c.notNull())
    .addColumn("credit_left_cents", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .execute();

  await backfill(db);
}

// Each billing's rent charge; each receipt in force's multa, juros and
// "Acréscimo" as charges, its total as a credit allocated juros → multa →
// rent → other, a "Desconto" (or a difference staff marked resolved) as a
// discount; a billing paid before receipts existed, its amount received as a
// credit. Voided receipts stay as they were (no credit: their payment was
// undone). Then the projection, and a check that stops the migration on any
// difference it cannot explain.
async function backfill(db: Kysely<any>) {
  const who = `'migração 0028', datetime('now')`;
  // The rent charges. Explicit ids keep each billing's entries findable below
  // without a lookup index: base + billing id.
  await sql
    .raw(
      `
    insert into ledger_entries (client_id, kind, item, billing_id, amount_cents, on_date, created_by_name, created_at)
    select client_id, 'charge', 'rent', id, amount_cents, due_date, ${who} from billing order by id`,
    )
    .execute(db);
  // The receipts in force, with the statement line that settled each billing
  // when one did. rn numbers the paid billings: their credits get ids base + rn.
  await sql
    .raw(
      `
    create temp table backfill_lines as
    select settled_billing_id as billing_id, min(id) as line_id from statement_lines
     where settled_billing_id is not null group by settled_billing_id`,
    )
    .execute(db);
  await sql.raw(`create unique index temp.backfill_lines_billing on backfill_lines (billing_id)`).execute(db);
  await sql
    .raw(
      `
    create temp table backfill_paid as
    select b.id as billing_id, b.client_id, b.amount_cents as rent, b.payment_date, b.payment_difference_cents as diff,
           b.difference_resolved_at as resolved, b.amount_paid_cents, r.id as receipt_id,
           coalesce(r.late_fee_cents, 0) as late_fee, coalesce(r.interest_cents, 0) as interest,
           coalesce(r.adjustment_cents, 0) as adjustment,
           coalesce(r.total_cents, b.amount_paid_cents, b.amount_cents) as total,
           coalesce(r.payment_date, b.payment_date, substr(b.updated_at, 1, 10)) as paid_on,
           l.line_id, row_number() over (order by b.id) as rn, 0 as credit_id
    from billing b left join billing_receipts r on r.billing_id = b.id and r.voided_at is null
    left join backfill_lines l on l.billing_id = b.id
    where b.status = 'paid'`,
    )
    .execute(db);
  await sql.raw(`create unique index temp.backfill_paid_billing on backfill_paid (billing_id)`).execute(db);
  await sql.raw(`create index temp.backfill_paid_receipt on backfill_paid (receipt_id)`).execute(db);
  await sql
    .raw(
      `
    insert into ledger_entries (client_id, kind, item, billing_id, amount_cents, on_date, memo, created_by_name, created_at)
    select client_id, 'charge', 'late_fee', billing_id, late_fee, paid_on, null, ${who} from backfill_paid where late_fee > 0
    union all
    select client_id, 'charge', 'interest', billing_id, interest, paid_on, null, ${who} from backfill_paid where interest > 0
    union all
    select client_id, 'charge', 'other', billing_id, adjustment, paid_on, 'Acréscimo', ${who} from backfill_paid
     where adjustment > 0 and diff is null`,
    )
    .execute(db);
  await sql
    .raw(
      `
    update backfill_paid set credit_id = rn + (select coalesce(max(id), 0) from ledger_entries)`,
    )
    .execute(db);
  await sql
    .raw(
      `
    insert into ledger_entries (id, client_id, kind, amount_cents, on_date, method, statement_line_id, created_by_name, created_at)
    select credit_id, client_id, 'credit', total, paid_on, case when line_id is null then 'registro' else 'extrato' end, line_id,
           ${who} from backfill_paid order by credit_id`,
    )
    .execute(db);
  // Discounts: a "Desconto" on the receipt, or a shortfall staff resolved.
  await sql
    .raw(
      `
    insert into ledger_entries (client_id, kind, item, billing_id, amount_cents, on_date, memo, created_by_name, created_at)
    select client_id, 'discount', 'rent', billing_id, -adjustment, paid_on,
           case when diff is null then 'Desconto' else 'Diferença marcada como resolvida' end, ${who}
      from backfill_paid where adjustment < 0 and (diff is null or resolved is not null)`,
    )
    .execute(db);
  // Allocations: juros, multa, rent, other, each up to what the credit has left.
  await sql
    .raw(
      `
    create temp table backfill_alloc as
    select p.*, min(total, interest) as a_interest,
           min(total - min(total, interest), late_fee) as a_late_fee
      from backfill_paid p`,
    )
    .execute(db);
  await sql
    .raw(
      `
    alter table backfill_alloc add column a_rent integer`,
    )
    .execute(db);
  await sql
    .raw(
      `
    update backfill_alloc set a_rent = min(total - a_interest - a_late_fee,
      rent - coalesce((select sum(amount_cents) from ledger_entries d where d.billing_id = backfill_alloc.billing_id and d.kind = 'discount'), 0))`,
    )
    .execute(db);
  await sql
    .raw(
      `
    insert into ledger_entries (client_id, kind, item, billing_id, credit_id, amount_cents, on_date, created_by_name, created_at)
    select client_id, 'allocation', 'interest', billing_id, credit_id, a_interest, paid_on, ${who} from backfill_alloc where a_interest > 0
    union all
    select client_id, 'allocation', 'late_fee', billing_id, credit_id, a_late_fee, paid_on, ${who} from backfill_alloc where a_late_fee > 0
    union all
    select client_id, 'allocation', 'rent', billing_id, credit_id, a_rent, paid_on, ${who} from backfill_alloc where a_rent > 0
    union all
    select client_id, 'allocation', 'other', billing_id, credit_id, min(total - a_interest - a_late_fee - a_rent, adjustment), paid_on, ${who}
      from backfill_alloc where adjustment > 0 and diff is null and total - a_interest - a_late_fee - a_rent > 0`,
    )
    .execute(db);
  await sql
    .raw(
      `
    update billing_receipts set credit_id = (select credit_id from backfill_paid p where p.receipt_id = billing_receipts.id),
      open_after_cents = 0
    where voided_at is null and id in (select receipt_id from backfill_paid where receipt_id is not null)`,
    )
    .execute(db);

  await refreshAllBillings(db);
  await noteDifferences(db);
  for (const t of ["backfill_alloc", "backfill_paid", "backfill_lines"]) await sql.raw(`drop table ${t}`).execute(db);
}

// The projection from the entries, every billing at once (the same rule as
// ledger/projection.ts: paid when nothing stays open).
async function refreshAllBillings(db: Kysely<any>) {
  await sql
    .raw(
      `
    create temp table backfill_sums as
    select billing_id,
      sum(case when kind = 'charge' then amount_cents when kind in ('discount', 'allocation') then -amount_cents else 0 end) as open,
      sum(case when kind = 'allocation' then amount_cents else 0 end) as allocated,
      max(case when kind = 'allocation' then on_date end) as last_paid,
      sum(case when item = 'rent' and kind = 'charge' then amount_cents when item = 'rent' then -amount_cents else 0 end) as rent_open,
      max(case when kind = 'charge' and item in ('late_fee', 'interest') then on_date end) as accrued_through
    from ledger_entries where billing_id is not null group by billing_id`,
    )
    .execute(db);
  await sql.raw(`create unique index temp.backfill_sums_billing on backfill_sums (billing_id)`).execute(db);
  await sql
    .raw(
      `
    create temp table backfill_before as select id, status, amount_paid_cents, payment_date from billing`,
    )
    .execute(db);
  await sql
    .raw(
      `
    update billing set
      open_cents = s.open,
      rent_open_cents = s.rent_open,
      accrued_through = s.accrued_through,
      amount_paid_cents = case when s.allocated > 0 then s.allocated end,
      payment_date = case when s.allocated > 0 then s.last_paid end,
      status = case when s.open <= 0 and s.allocated > 0 then 'paid'
                    when billing.status = 'paid' then (case when billing.due_date < date('now', '-4 hours') then 'overdue' else 'pending' end)
                    else billing.status end
    from backfill_sums s where s.billing_id = billing.id`,
    )
    .execute(db);
  await sql.raw(`drop table backfill_sums`).execute(db);
}

// Every billing whose status changed, or whose amount received did, is noted
// with its reason; one the reasons below do not explain stops the migration.
async function noteDifferences(db: Kysely<any>) {
  await sql
    .raw(
      `
    insert into ledger_backfill_notes (billing_id, stored_status, open_cents, credit_left_cents, reason)
    select b.id, o.status, b.open_cents,
      coalesce(p.total, 0) - coalesce(b.amount_paid_cents, 0),
      case
        when o.status = 'paid' and b.status != 'paid' and p.diff < 0 and p.resolved is null
          then 'Pago a menor sem resolução: agora Pago parcialmente, com o saldo em aberto'
        when o.status = 'paid' and b.status = 'paid' and p.diff > 0 and p.resolved is null
          then 'Pago a maior: o excedente ficou como crédito do inquilino'
        when o.status = 'paid' and b.status = 'paid' and p.diff > 0
          then 'Pago a maior (marcado como resolvido): o excedente ficou como crédito do inquilino'
        when o.status = 'paid' and b.status != 'paid' and p.receipt_id is null
          then 'Pago sem recibo, com valor recebido menor que o aluguel: agora Pago parcialmente'
        when o.status = 'paid' and b.status = 'paid' and p.receipt_id is null and p.total > p.rent
          then 'Pago sem recibo, com valor recebido maior que o aluguel: o excedente ficou como crédito do inquilino'
        when o.status = 'paid' and b.status = 'paid' and p.receipt_id is null and o.amount_paid_cents is null
          then 'Pago sem valor recebido registrado: o valor da cobrança foi tomado como recebido'
        else '?'
      end
    from billing b
    join backfill_before o on o.id = b.id
    left join backfill_paid p on p.billing_id = b.id
    where (o.status = 'paid') != (b.status = 'paid')
       or coalesce(o.amount_paid_cents, -1) != coalesce(b.amount_paid_cents, -1) and o.status = 'paid'`,
    )
    .execute(db);
  const unexplained = await sql<{ billing_id: number }>`
    select billing_id from ledger_backfill_notes where reason = '?' order by billing_id limit 1`.execute(db);
  const first = unexplained.rows[0];
  if (first) throw new Error(`ledger backfill: billing ${first.billing_id} reads otherwise from its entries`);
  await sql.raw(`drop table backfill_before`).execute(db);
}
