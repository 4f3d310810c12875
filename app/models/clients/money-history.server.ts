import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import type { MoneyHistory } from "./money-history";

// A contract's money history (docs/decisions/0062-nothing-fiscal-deleted.md):
// what makes its client record a fiscal record that is never deleted ("Excluir"
// refuses, "Encerrar contrato" ends it; the LGPD erasure anonymises the person
// and keeps it). One read per kind, each on an index by client or billing; a
// few milliseconds for one client at 5,000 contracts over five years.
//
// Counted, each on its own:
// - payments: billings that were ever paid or received money: status Pago, a
//   payment date, an amount received or a payment difference (a billing taken
//   back from Pago keeps its voided receipt, counted below);
// - receipts: numbered receipts of its billings, in force or voided (a
//   receipt number handed to the tenant is a fiscal document either way);
// - statements: billings that went into an owner statement (repasse);
// - settled lines: bank statement lines settled to its billings;
// - readjustments: yearly rent readjustments made (announced or applied);
// - informes: informes de rendimentos asked for the tenant.
// - and the rent ledger's (decision 0061): a payment received or a discount
//   granted, even reversed since, counts as a payment.

type DB = Kysely<Database> | Transaction<Database>;

export async function moneyHistory(db: DB, clientId: number): Promise<MoneyHistory> {
  const billings = db.selectFrom("billing").select("billing.id").where("billing.client_id", "=", clientId);
  const n = sql<number>`count(*)`.as("n");
  const [payments, ledger, receipts, statements, settledLines, readjustments, informes] = await Promise.all([
    db
      .selectFrom("billing")
      .select(n)
      .where("client_id", "=", clientId)
      .where((eb) =>
        eb.or([
          eb("status", "=", "paid"),
          eb("payment_date", "is not", null),
          eb("amount_paid_cents", "is not", null),
          eb("payment_difference_cents", "is not", null),
        ]),
      )
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("ledger_entries")
      .select(n)
      .where("client_id", "=", clientId)
      // The IRRF a company tenant will withhold (method 'irrf', decision
      // 0074) is written with the billing, before any money moves.
      .where((eb) =>
        eb.or([
          eb("kind", "=", "credit"),
          eb.and([eb("kind", "=", "discount"), eb.or([eb("method", "is", null), eb("method", "!=", "irrf")])]),
        ]),
      )
      .executeTakeFirstOrThrow(),
    db.selectFrom("billing_receipts").select(n).where("billing_id", "in", billings).executeTakeFirstOrThrow(),
    db
      .selectFrom("billing")
      .select(n)
      .where("client_id", "=", clientId)
      .where("owner_statement_id", "is not", null)
      .executeTakeFirstOrThrow(),
    db.selectFrom("statement_lines").select(n).where("settled_billing_id", "in", billings).executeTakeFirstOrThrow(),
    db.selectFrom("readjustments").select(n).where("client_id", "=", clientId).executeTakeFirstOrThrow(),
    db
      .selectFrom("income_report_emails")
      .select(n)
      .where("kind", "=", "tenant")
      .where("person_id", "=", clientId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    // Every payment is a credit since the ledger (the old ones backfilled):
    // the larger count is the number of payments, without counting one twice.
    payments: Math.max(Number(payments.n), Number(ledger.n)),
    receipts: Number(receipts.n),
    statements: Number(statements.n),
    settledLines: Number(settledLines.n),
    readjustments: Number(readjustments.n),
    informes: Number(informes.n),
  };
}
