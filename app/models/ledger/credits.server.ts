import { sql, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { cents, type Cents } from "#app/models/shared/money";
import { accrue, allocate, allocationOrder, type Allocation, type LedgerItem } from "./allocation";
import { billingBooks, creditsLeft, notReversal, postEntry, refreshBillings, type BillingBook } from "./ledger.server";
import { issueCreditReceipts, type ReceiptIssuer } from "./receipts.server";

// The named actions that bring a tenant's money in (docs/decisions/0061-rent-ledger.md):
// a credit received and spent on the open billings, the tenant's credit spent
// on a billing made later (its reversal: credit-reversal.server.ts; a
// discount: discount.server.ts). Each writes
// entries, the billings' projection and the receipts in the caller's
// transaction; each takes a one-time key so the same form posted twice
// writes once.

type Trx = Transaction<Database>;

// "caucao": the lease's cash deposit applied to what the tenant owes at the end (decision 0069).
export type CreditMethod = "registro" | "pix" | "boleto" | "ted" | "dinheiro" | "extrato" | "caucao";

export type CreditInput = {
  clientId: number;
  amount: Cents;
  paidOn: string;
  method: CreditMethod;
  namedBillingId: number | null; // the billing the payer named (art. 352): txid, boleto, the form's billing
  statementLineId?: number | null;
  reference?: string | null;
  opKey?: string | null;
};

export type CreditResult = {
  creditId: number;
  duplicate: boolean; // the key was used before: nothing written, the first result
  allocations: Allocation[];
  left: Cents; // the tenant's credit from it
  receipts: { id: number; billingId: number }[];
};

// The first result of a key already used, read back.
async function earlierCredit(trx: Trx, creditId: number): Promise<CreditResult> {
  const allocations = await trx
    .selectFrom("ledger_entries")
    .select(["billing_id", "item", "amount_cents"])
    .where("credit_id", "=", creditId)
    .where("kind", "=", "allocation")
    .where(notReversal())
    .orderBy("id")
    .execute();
  const receipts = await trx
    .selectFrom("billing_receipts")
    .select(["id", "billing_id as billingId"])
    .where("credit_id", "=", creditId)
    .orderBy("id")
    .execute();
  const credit = await trx
    .selectFrom("ledger_entries")
    .select(["amount_cents", "client_id"])
    .where("id", "=", creditId)
    .executeTakeFirstOrThrow();
  const spent = allocations.reduce((sum, a) => sum + a.amount_cents, 0);
  return {
    creditId,
    duplicate: true,
    allocations: allocations.map((a) => ({
      billingId: a.billing_id!,
      item: a.item as LedgerItem,
      cents: a.amount_cents,
    })),
    left: cents(credit.amount_cents - spent),
    receipts,
  };
}

// What a one-time key's credit did, or null when the key is new.
export async function creditResultOfKey(trx: Trx, opKey: string): Promise<CreditResult | null> {
  const earlier = await creditOfKey(trx, opKey);
  return earlier?.kind === "credit" ? earlierCredit(trx, earlier.id) : null;
}

export async function creditOfKey(trx: Trx, opKey: string) {
  const row = await trx
    .selectFrom("ledger_entries")
    .select(["id", "kind"])
    .where("op_key", "=", opKey)
    .executeTakeFirst();
  return row ?? null;
}

// The contract's rates, for multa and juros.
export async function termsOf(trx: Trx, clientId: number) {
  return trx
    .selectFrom("clients")
    .select(["late_fee_bp", "monthly_interest_bp"])
    .where("id", "=", clientId)
    .executeTakeFirstOrThrow();
}

// Posts the multa and juros a billing owes on `day` (tied to the credit whose
// date made them due, so reversing it takes them back) and returns its book
// with them.
export async function postAccrual(
  trx: Trx,
  book: BillingBook,
  terms: { late_fee_bp: number; monthly_interest_bp: number },
  day: string,
  creditId: number | null,
  actor: AuditActor,
  now: string,
) {
  const due = accrue({ ...terms, grace_until: book.grace_until }, book.accrual, day);
  const base = { client_id: book.client_id, billing_id: book.id, credit_id: creditId, on_date: day };
  if (due.lateFee > 0) {
    await postEntry(trx, { ...base, kind: "charge", item: "late_fee", amount_cents: due.lateFee }, actor, now);
    book.open.late_fee = cents(book.open.late_fee + due.lateFee);
    book.charged.late_fee = cents(book.charged.late_fee + due.lateFee);
    book.accrual.lateFeeCharged = true;
  }
  if (due.interest > 0) {
    await postEntry(trx, { ...base, kind: "charge", item: "interest", amount_cents: due.interest }, actor, now);
    book.open.interest = cents(book.open.interest + due.interest);
    book.charged.interest = cents(book.charged.interest + due.interest);
    book.accrual.interestThrough = day;
  }
  return due;
}

// Spends `amount` of a credit on the tenant's open billings (the named one
// first, then by due date), posting each billing's multa and juros as of
// `day` before paying into it. Returns the allocations and what is left.
async function spend(
  trx: Trx,
  clientId: number,
  creditId: number,
  amount: Cents,
  day: string,
  named: number | null,
  actor: AuditActor,
  now: string,
) {
  const open = await trx
    .selectFrom("billing")
    .select("id")
    .where("client_id", "=", clientId)
    .where("status", "!=", "paid")
    .where("owner_statement_id", "is", null)
    // No owner's share transferred either (decision 0067).
    .where(sql<boolean>`not exists (select 1 from billing_transfers t where t.billing_id = billing.id limit 1)`)
    .execute();
  const ids = open.map((b) => b.id);
  if (named !== null && !ids.includes(named)) ids.push(named);
  const books = await billingBooks(trx, ids);
  const terms = await termsOf(trx, clientId);
  let left = amount;
  const allocations: Allocation[] = [];
  for (const book of allocationOrder([...books.values()], named)) {
    if (left <= 0) break;
    if (book.client_id !== clientId) continue;
    await postAccrual(trx, book, terms, day, creditId, actor, now);
    const spent = allocate(left, [book]);
    for (const a of spent.allocations)
      await postEntry(
        trx,
        {
          client_id: clientId,
          kind: "allocation",
          item: a.item,
          billing_id: a.billingId,
          credit_id: creditId,
          amount_cents: a.cents,
          on_date: day,
        },
        actor,
        now,
      );
    allocations.push(...spent.allocations);
    left = spent.left;
  }
  return { allocations, left };
}

// Money received from the tenant: the credit, spent at once; the billings'
// projection; a receipt for each billing it paid into. The PDFs' keys go to
// `created` (the caller removes them if it rolls back).
export async function receiveCredit(
  trx: Trx,
  input: CreditInput,
  actor: AuditActor,
  issuer: ReceiptIssuer & { today: string },
  created: string[],
): Promise<CreditResult> {
  const earlier = input.opKey ? await creditResultOfKey(trx, input.opKey) : null;
  if (earlier) return earlier;
  const now = new Date().toISOString();
  const creditId = await postEntry(
    trx,
    {
      client_id: input.clientId,
      kind: "credit",
      amount_cents: input.amount,
      on_date: input.paidOn,
      method: input.method,
      statement_line_id: input.statementLineId ?? null,
      reference: input.reference ?? null,
      op_key: input.opKey ?? null,
    },
    actor,
    now,
  );
  await recordAudit(trx, {
    actor,
    action: "create",
    entity: "ledger_credit",
    entityId: creditId,
    after: { client_id: input.clientId, amount_cents: input.amount, on_date: input.paidOn, method: input.method },
  });
  const { allocations, left } = await spend(
    trx,
    input.clientId,
    creditId,
    input.amount,
    input.paidOn,
    input.namedBillingId,
    actor,
    now,
  );
  const receipts = await settle(trx, creditId, allocations, input.paidOn, actor, issuer, created);
  return { creditId, duplicate: false, allocations, left, receipts };
}

async function settle(
  trx: Trx,
  creditId: number,
  allocations: Allocation[],
  paidOn: string,
  actor: AuditActor,
  issuer: ReceiptIssuer & { today: string },
  created: string[],
) {
  const touched = [...new Set(allocations.map((a) => a.billingId))];
  const books = await refreshBillings(trx, touched, actor, issuer.today);
  return issueCreditReceipts(trx, { creditId, paidOn, allocations, books }, actor, issuer, created);
}

// The tenant's credit left from earlier payments, spent on the billings open
// now (a billing made after the money came: the next month). Each credit
// spends as of its own date.
export async function spendTenantCredit(
  trx: Trx,
  clientId: number,
  actor: AuditActor,
  issuer: ReceiptIssuer & { today: string },
  created: string[],
) {
  const receipts: { id: number; billingId: number }[] = [];
  const now = new Date().toISOString();
  for (const credit of await creditsLeft(trx, clientId)) {
    const { allocations } = await spend(trx, clientId, credit.id, credit.left, credit.on_date, null, actor, now);
    if (allocations.length === 0) break;
    receipts.push(...(await settle(trx, credit.id, allocations, credit.on_date, actor, issuer, created)));
  }
  return receipts;
}
