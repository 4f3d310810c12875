import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import type { AuditActor } from "#app/models/audit/audit.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { localToday } from "#app/models/shared/days";
import { accrue, openTotal } from "#app/models/ledger/allocation";
import { creditResultOfKey, receiveCredit, type CreditMethod } from "#app/models/ledger/credits.server";
import { reverseCredit } from "#app/models/ledger/credit-reversal.server";
import { billingBooks, notReversal, setOpenStatus } from "#app/models/ledger/ledger.server";
import type { ReceiptIssuer } from "#app/models/ledger/receipts.server";
import type { BillingStatus } from "./status";
import { TRANSFERRED_IN } from "#app/models/owners/lease-owners.server";
import { addCents, PAYMENT_TOLERANCE_CENTS, subtractCents, type Cents } from "#app/models/shared/money";

export type { ReceiptIssuer };

// Paying a billing (docs/product.md §Cobranças; docs/decisions/0031-charging-the-rent.md,
// 0061-rent-ledger.md): "Registrar pagamento" is a credit received from the
// tenant, named for this billing (Código Civil art. 352) and spent by the
// ledger (app/models/ledger/): this billing first, then the oldest open ones,
// juros → multa → rent in each; what is left is the tenant's credit. Each
// billing it pays into gets its numbered receipt ("Recibo de Aluguel nº N",
// Lei 8.245/91 art. 22 VI), saying what stays open. The entries, the
// billings' projection, the receipts and the audit rows are one transaction;
// the PDFs are removed when they are not written. A correction is a reversal
// ("Estornar pagamento") and a new payment: a number given is never given again.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// The billing with what charging needs.
function selectPayable(db: DB | Trx) {
  return (
    db
      .selectFrom("billing")
      .innerJoin("clients", "clients.id", "billing.client_id")
      .select([
        "billing.id",
        "billing.client_id",
        "billing.month_year",
        "billing.due_date",
        "billing.grace_until",
        "billing.status",
        "clients.name as client_name",
        "clients.late_fee_bp",
        "clients.monthly_interest_bp",
      ])
      // The first statement that took a share of it (any share transferred,
      // the payment can no longer change: decision 0067).
      .select(TRANSFERRED_IN("billing"))
  );
}

// What a billing owes on `day`: what its entries leave open plus the multa
// and juros run since (the total "Registrar pagamento" proposes). null: no
// such billing.
export async function amountOwedOn(db: DB | Trx, billingId: number, day: string) {
  const b = await selectPayable(db).where("billing.id", "=", billingId).executeTakeFirst();
  if (!b) return null;
  const book = (await billingBooks(db, [billingId])).get(billingId)!;
  const more = accrue(b, book.accrual, day);
  return {
    open: openTotal(book.open),
    lateFee: more.lateFee,
    interest: more.interest,
    total: addCents(openTotal(book.open), more.lateFee, more.interest),
  };
}

export type PaymentValues = {
  payment_date: string;
  amount_paid: Cents | null; // null: what the billing owes that day
  op_key?: string | null; // the form's one-time key
  method?: CreditMethod;
  statementLineId?: number | null;
  // Reconciliation: a credit off by more than the tolerance is counted as a
  // difference (reported, not stored: the ledger keeps the balance open or
  // the excess as the tenant's credit).
  recordDifference?: boolean;
};

export type PaymentResult =
  | {
      ok: true;
      clientName: string;
      month_year: string;
      payment_date: string;
      amount_paid: Cents;
      receiptNumber: number | null; // this billing's receipt
      receipts: { id: number; billingId: number }[];
      openAfter: Cents; // what this billing still owes
      creditLeft: Cents; // what became the tenant's credit
      difference: Cents | null; // received minus owed, beyond the tolerance (reconciliation)
      duplicate: boolean; // the same key posted before: its first result
    }
  | { ok: false; reason: "billing" | "future" | "amount" }
  // In an owner statement already (docs/decisions/0040-owner-transfers.md):
  // the money went to the owner, the payment no longer changes.
  | { ok: false; reason: "transferred"; statementId: number };

export async function registerPayment(
  db: DB,
  billingId: number,
  values: PaymentValues,
  actor: AuditActor,
  issuer: ReceiptIssuer,
): Promise<PaymentResult> {
  const today = issuer.today ?? localToday();
  if (values.payment_date > today) return { ok: false, reason: "future" };
  return onceKeyRace(async () => {
    const created: string[] = [];
    try {
      return await db
        .transaction()
        .execute((trx) => payInTransaction(trx, billingId, values, actor, { ...issuer, today }, created));
    } catch (error) {
      // The transaction rolled back after a PDF was written: no file without its row.
      await removePrivateFiles(created);
      throw error;
    }
  });
}

// Two posts of one key in two processes at once: the second's insert meets
// the unique key; run again, it finds the first and answers its result.
async function onceKeyRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: ledger_entries\.op_key/.test(error.message))
      return write();
    throw error;
  }
}

// registerPayment's work inside the caller's transaction, so several billings
// settle in one (reconciliation). Each receipt PDF's key is pushed to
// `created` as soon as it is written: the caller removes those files if it
// rolls back.
export async function payInTransaction(
  trx: Trx,
  billingId: number,
  values: PaymentValues,
  actor: AuditActor,
  issuer: ReceiptIssuer & { today: string },
  created: string[],
): Promise<PaymentResult> {
  const { today } = issuer;
  if (values.payment_date > today) return { ok: false, reason: "future" };
  const b = await selectPayable(trx).where("billing.id", "=", billingId).executeTakeFirst();
  if (!b) return { ok: false, reason: "billing" };
  const owed = (await amountOwedOn(trx, billingId, values.payment_date))!;
  // The same key again: the first result, whatever the billing is now.
  const first = values.op_key ? await paymentOfKey(trx, values.op_key, b) : null;
  if (first) return first;
  if (b.owner_statement_id !== null) return { ok: false, reason: "transferred", statementId: b.owner_statement_id };
  const amount = values.amount_paid ?? owed.total;
  if (amount <= 0) return { ok: false, reason: "amount" };
  const paid = await receiveCredit(
    trx,
    {
      clientId: b.client_id,
      amount,
      paidOn: values.payment_date,
      method: values.method ?? "registro",
      namedBillingId: billingId,
      statementLineId: values.statementLineId ?? null,
      opKey: values.op_key ?? null,
    },
    actor,
    issuer,
    created,
  );
  const off = subtractCents(amount, owed.total);
  return resultOf(b, values.payment_date, amount, paid, {
    openAfter: await openOf(trx, billingId),
    difference: values.recordDifference && Math.abs(off) > PAYMENT_TOLERANCE_CENTS ? off : null,
  });
}

async function openOf(trx: Trx, billingId: number) {
  const row = await trx
    .selectFrom("billing")
    .select("open_cents")
    .where("id", "=", billingId)
    .executeTakeFirstOrThrow();
  return row.open_cents;
}

function resultOf(
  b: { client_name: string; month_year: string; id: number },
  paymentDate: string,
  amount: Cents,
  paid: Awaited<ReturnType<typeof receiveCredit>>,
  more: { openAfter: Cents; difference: Cents | null },
): PaymentResult {
  return {
    ok: true,
    clientName: b.client_name,
    month_year: b.month_year,
    payment_date: paymentDate,
    amount_paid: amount,
    receiptNumber: paid.receipts.find((r) => r.billingId === b.id)?.id ?? null,
    receipts: paid.receipts,
    creditLeft: paid.left,
    duplicate: paid.duplicate,
    ...more,
  };
}

// A key already used for a payment: what it did then.
async function paymentOfKey(
  trx: Trx,
  opKey: string,
  b: { client_name: string; month_year: string; id: number },
): Promise<PaymentResult | null> {
  const paid = await creditResultOfKey(trx, opKey);
  if (!paid) return null;
  const credit = await trx
    .selectFrom("ledger_entries")
    .select(["on_date", "amount_cents"])
    .where("id", "=", paid.creditId)
    .executeTakeFirstOrThrow();
  return resultOf(b, credit.on_date, credit.amount_cents, paid, {
    openAfter: await openOf(trx, b.id),
    difference: null,
  });
}

// The credits standing that paid into a billing (newest first): what an
// estorno of the billing reverses.
export async function creditsOfBilling(db: DB | Trx, billingId: number) {
  const rows = await db
    .selectFrom("ledger_entries as a")
    .innerJoin("ledger_entries as c", "c.id", "a.credit_id")
    .select(["c.id", "c.on_date", "c.amount_cents", "c.method"])
    .where("a.billing_id", "=", billingId)
    .where("a.kind", "=", "allocation")
    .where(notReversal("a.reverses_id"))
    .where(notReversal("c.reverses_id"))
    .groupBy("c.id")
    .orderBy("c.id", "desc")
    .execute();
  const reversed = new Set(
    rows.length === 0
      ? []
      : (
          await db
            .selectFrom("ledger_entries")
            .select("reverses_id")
            .where(
              "reverses_id",
              "in",
              rows.map((r) => r.id),
            )
            .execute()
        ).map((r) => r.reverses_id),
  );
  return rows.filter((r) => !reversed.has(r.id));
}

export type ReverseBillingResult =
  | { ok: true; voided: number[]; billingIds: number[]; ownerDebits: number[] }
  | { ok: false; reason: "billing" | "nothing" };

// "Estornar pagamento" of a billing: every credit standing that paid into
// it is reversed with the reason (with what else each paid: a credit is
// money that came, or did not). One transaction. Money already transferred
// to the owner becomes a debit on the owner's next statement (reverseCredit).
export async function reverseBillingPayments(
  db: DB,
  billingId: number,
  reason: string,
  actor: AuditActor,
  today: string,
  opKey: string | null = null,
): Promise<ReverseBillingResult> {
  return onceKeyRace(() =>
    db.transaction().execute(async (trx): Promise<ReverseBillingResult> => {
      const first = opKey ? await reversalOfKey(trx, opKey) : null;
      if (first) return first;
      const b = await trx.selectFrom("billing").select("id").where("id", "=", billingId).executeTakeFirst();
      if (!b) return { ok: false, reason: "billing" };
      const credits = await creditsOfBilling(trx, billingId);
      const voided: number[] = [];
      const ownerDebits: number[] = [];
      const billingIds = new Set<number>([billingId]);
      for (const [i, c] of credits.entries()) {
        const done = await reverseCredit(trx, c.id, reason, actor, today, opKey ? `${opKey}:${i}` : null);
        if (!done.ok) continue;
        voided.push(...done.voided);
        ownerDebits.push(...done.ownerDebits);
        for (const id of done.billingIds) billingIds.add(id);
      }
      if (credits.length === 0) return { ok: false, reason: "nothing" };
      return { ok: true, voided: voided.sort((a, b) => a - b), billingIds: [...billingIds], ownerDebits };
    }),
  );
}

// An estorno's key used before: the receipts it cancelled then.
async function reversalOfKey(trx: Trx, opKey: string): Promise<ReverseBillingResult | null> {
  const reversals = await trx
    .selectFrom("ledger_entries")
    .select(["reverses_id"])
    // "key:0", "key:1"...: a range the unique index reads (LIKE would not).
    .where("op_key", ">=", `${opKey}:`)
    .where("op_key", "<", `${opKey};`)
    .execute();
  if (reversals.length === 0) return null;
  const credits = reversals.map((r) => r.reverses_id!);
  const receipts = await trx
    .selectFrom("billing_receipts")
    .select(["id", "billing_id"])
    .where("credit_id", "in", credits)
    .orderBy("id")
    .execute();
  const debits = await trx
    .selectFrom("owner_entries")
    .select("id")
    .where("credit_id", "in", credits)
    .where("kind", "=", "estorno")
    .orderBy("id")
    .execute();
  return {
    ok: true,
    voided: receipts.map((r) => r.id),
    billingIds: [...new Set(receipts.map((r) => r.billing_id))],
    ownerDebits: debits.map((d) => d.id),
  };
}

// The status selector, in code (scripts and tests; the page asks first:
// to Pago, the payment's amount and date; from Pago, the estorno's reason).
// Pago on an open billing registers the payment of what it owes today; from
// Pago to Pendente or Em Atraso reverses its payments with `reason`; between
// Pendente and Em Atraso only the status changes (setOpenStatus).
export async function setBillingStatus(
  db: DB,
  id: number,
  status: BillingStatus,
  actor: AuditActor,
  issuer: ReceiptIssuer,
  reason = "Status alterado",
) {
  const today = issuer.today ?? localToday();
  const current = await selectPayable(db).where("billing.id", "=", id).executeTakeFirst();
  if (!current) return null;
  let receiptNumber: number | null = null;
  let voided: number[] = [];
  if (status === "paid" && current.status !== "paid") {
    const paid = await registerPayment(db, id, { payment_date: today, amount_paid: null }, actor, { ...issuer, today });
    if (!paid.ok) return paid.reason === "transferred" ? { transferred: paid.statementId } : null;
    receiptNumber = paid.receiptNumber;
  } else if (status !== "paid" && current.status === "paid") {
    const back = await reverseBillingPayments(db, id, reason, actor, today);
    if (!back.ok) return null;
    voided = back.voided;
  } else if (status !== "paid") await setOpenStatus(db, id, status, actor);
  const after = await db
    .selectFrom("billing")
    .select(["status", "payment_date"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return { ...after, receiptNumber, voided };
}
