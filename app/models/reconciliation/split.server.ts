import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { periodLabel } from "#app/models/billing/months";
import { payInTransaction, type ReceiptIssuer } from "#app/models/billing/payments.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { documentKey, docsInText } from "#app/models/reconciliation/payer";
import { searchTerms } from "#app/models/shared/list-query";
import { addCents, formatBRL, type Cents } from "#app/models/shared/money";
import { TRANSFERRED_IN } from "#app/models/owners/lease-owners.server";
import { matchHorizon } from "./open-billings.server";
import { closestOpenBillings } from "./review.server";
import { forgetReviewSummary } from "./review-summary.server";
import { SPLIT_MESSAGES, type SplitPart } from "./split.schema";

// "Dividir crédito" (issue 35; docs/decisions/0037-reconciliation.md §Splitting
// a credit): one credit of an import not yet confirmed pays several billings,
// a part each, before Confirmar. A client row is one contract: a person who
// rents two properties is two rows, and one Pix may pay both; or staff want a
// 2.400,00 credit to pay two given months. Each part is a credit of its own
// named for its billing (payInTransaction, method "extrato", the line's day
// and id), so the ledger spends it there first and what is left on that
// tenant's other open billings, then as their credit (decision 0061). The
// line is then settled (settled_billing_id: the first part's billing), so
// Confirmar leaves it alone and no later import settles the bank line again.

type DB = Kysely<Database>;

// The billings a row's select offers, from each source.
const NEAR_OPTIONS = 20;
const SEARCH_CLIENTS = 10;
const SEARCH_BILLINGS = 40;

export type SplitOption = {
  id: number;
  client_name: string;
  month_year: string;
  due_date: string;
  amount_cents: Cents;
  open_cents: Cents;
};

// The line and the import as the page shows them; null: no such credit in
// this import.
async function lineOf(db: DB | Transaction<Database>, importId: number, lineId: number) {
  return db
    .selectFrom("statement_lines as l")
    .innerJoin("statement_imports as i", "i.id", "l.import_id")
    .select([
      "l.id",
      "l.line_key",
      "l.posted_date",
      "l.amount_cents",
      "l.memo",
      "l.payer_name",
      "l.payer_doc",
      "l.settled_at",
      "i.id as import_id",
      "i.file_name",
      "i.confirmed_at",
    ])
    .where("l.id", "=", lineId)
    .where("l.import_id", "=", importId)
    .where("l.credit", "=", 1)
    .where("l.info", "=", 0)
    .executeTakeFirst();
}

// Whether the bank line was settled by any import (this one or another).
async function settledAnywhere(db: DB | Transaction<Database>, key: string) {
  const row = await db
    .selectFrom("statement_lines")
    .select("id")
    .where("line_key", "=", key)
    .where("settled_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

// The page: the line, whether it can still be split, and the billings its
// rows offer: those of the tenants whose CPF/CNPJ the payer's line names,
// those of the tenants found by `search` (name or document), and the open
// billings closest to the whole credit and to half of it (a split's parts
// are smaller than the credit), each once.
export async function getSplitPage(
  db: DB,
  importId: number,
  lineId: number,
  options: { today: string; issueDays: number; search: string },
) {
  const line = await lineOf(db, importId, lineId);
  if (!line) return null;
  const state: "open" | "confirmed" | "settled" = line.confirmed_at
    ? "confirmed"
    : line.settled_at || (await settledAnywhere(db, line.line_key))
      ? "settled"
      : "open";
  if (state !== "open") return { line, state, payer: [], found: [], near: [] };
  const horizon = matchHorizon(options.today, options.issueDays);
  const docs = [
    ...new Set(
      [documentKey(line.payer_doc), ...docsInText(`${line.payer_name ?? ""} ${line.memo}`).map(documentKey)].filter(
        (d): d is string => d !== null,
      ),
    ),
  ];
  const payerClients =
    docs.length === 0
      ? []
      : (await db.selectFrom("clients").select("id").where("cpf_cnpj", "in", docs).execute()).map((r) => r.id);
  const foundClients = options.search ? await searchClients(db, options.search) : [];
  const [whole, half] = await closestOpenBillings(
    db,
    [line.amount_cents, Math.round(line.amount_cents / 2)],
    horizon,
    NEAR_OPTIONS,
  );
  const payer = await openBillingsOf(db, payerClients);
  const found = await openBillingsOf(db, foundClients);
  const shown = new Set([...payer, ...found].map((b) => b.id));
  const nearIds = [...new Set([...whole!, ...half!])].filter((id) => !shown.has(id));
  const near = await billingOptions(db, nearIds);
  return { line, state, payer, found, near };
}
export type SplitPage = NonNullable<Awaited<ReturnType<typeof getSplitPage>>>;

// The tenants a search names (their folded name, or their document's
// digits), at most SEARCH_CLIENTS.
async function searchClients(db: DB, search: string) {
  const terms = searchTerms(search);
  const rows = await db
    .selectFrom("clients")
    .select("id")
    .where((eb) =>
      eb.or([eb("name_fold", "like", terms.pattern), ...(terms.digits ? [eb("cpf_cnpj", "like", terms.digits)] : [])]),
    )
    .orderBy("name_fold")
    .limit(SEARCH_CLIENTS)
    .execute();
  return rows.map((r) => r.id);
}

const optionColumns = [
  "b.id",
  "c.name as client_name",
  "b.month_year",
  "b.due_date",
  "b.amount_cents",
  "b.open_cents",
] as const;

// The open billings of these tenants, by tenant and due date.
async function openBillingsOf(db: DB, clientIds: number[]): Promise<SplitOption[]> {
  if (clientIds.length === 0) return [];
  return db
    .selectFrom("billing as b")
    .innerJoin("clients as c", "c.id", "b.client_id")
    .select(optionColumns)
    .where("b.client_id", "in", clientIds)
    .where("b.status", "!=", "paid")
    .orderBy("c.name")
    .orderBy("b.due_date")
    .limit(SEARCH_BILLINGS)
    .execute();
}

// These billings as options (any status: a billing posted back after an error).
export async function billingOptions(db: DB, ids: number[]): Promise<SplitOption[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom("billing as b")
    .innerJoin("clients as c", "c.id", "b.client_id")
    .select(optionColumns)
    .where("b.id", "in", ids)
    .orderBy("c.name")
    .orderBy("b.due_date")
    .execute();
}

export type SplitOutcome =
  | { ok: true; amount: Cents; parts: number; receipts: number[] }
  | { ok: false; reason: "line" | "confirmed" | "settled" }
  | { ok: false; reason: "invalid"; formErrors: string[]; fieldErrors: Record<string, string[]> };

// A refusal found while writing: rolls the transaction back, answered as invalid.
class Refused extends Error {
  constructor(readonly outcome: Extract<SplitOutcome, { reason: "invalid" }>) {
    super("split refused");
  }
}

// Splits the credit: every check first, then every part paid and the line
// settled in ONE transaction (a refusal writes nothing). `key` is the form's
// one-time key: part i's credit carries `${key}:${i}`, so the same form
// posted again answers what the first post did.
export async function splitStatementCredit(
  db: DB,
  importId: number,
  lineId: number,
  request: { key: string; parts: SplitPart[] },
  actor: AuditActor,
  issuer: ReceiptIssuer & { today: string },
): Promise<SplitOutcome> {
  const created: string[] = [];
  let outcome: SplitOutcome;
  try {
    outcome = await db.transaction().execute(async (trx): Promise<SplitOutcome> => {
      const line = await lineOf(trx, importId, lineId);
      if (!line) return { ok: false, reason: "line" };
      if (line.confirmed_at) return { ok: false, reason: "confirmed" };
      if (line.settled_at || (await settledAnywhere(trx, line.line_key))) {
        const first = await trx
          .selectFrom("ledger_entries")
          .select("id")
          .where("op_key", "=", `${request.key}:0`)
          .where("statement_line_id", "=", line.id)
          .executeTakeFirst();
        if (!first) return { ok: false, reason: "settled" };
        // This very form, posted again (a double click, a retry): its first answer.
        const receipts = await receiptsOfLine(trx, line.id);
        return { ok: true, amount: line.amount_cents, parts: request.parts.length, receipts };
      }
      const formErrors: string[] = [];
      const fieldErrors: Record<string, string[]> = {};
      const sum = request.parts.reduce((s, p) => addCents(s, p.amount), 0 as Cents);
      if (sum !== line.amount_cents)
        formErrors.push(`A soma das partes (${formatBRL(sum)}) difere do crédito (${formatBRL(line.amount_cents)}).`);
      if (line.posted_date > issuer.today)
        formErrors.push("Este crédito tem data futura: não pode pagar uma cobrança.");
      const billings = new Map(
        (
          await trx
            .selectFrom("billing as b")
            .innerJoin("clients as c", "c.id", "b.client_id")
            .select(["b.id", "b.status", "b.month_year", "c.name"])
            .select(TRANSFERRED_IN("b"))
            .where(
              "b.id",
              "in",
              request.parts.map((p) => p.billingId),
            )
            .execute()
        ).map((b) => [b.id, b]),
      );
      for (const part of request.parts) {
        const b = billings.get(part.billingId);
        const field = `cobranca${part.row}`;
        if (!b) fieldErrors[field] = ["Esta cobrança não existe mais."];
        else if (b.status === "paid")
          fieldErrors[field] = [`A cobrança de ${b.name} (${periodLabel(b.month_year)}) já está paga.`];
        else if (b.owner_statement_id !== null)
          fieldErrors[field] = [
            `A cobrança de ${b.name} (${periodLabel(b.month_year)}) já foi repassada ao proprietário (extrato nº ${b.owner_statement_id}).`,
          ];
      }
      if (formErrors.length > 0 || Object.keys(fieldErrors).length > 0)
        return { ok: false, reason: "invalid", formErrors, fieldErrors };

      const receipts: number[] = [];
      for (const [i, part] of request.parts.entries()) {
        const paid = await payInTransaction(
          trx,
          part.billingId,
          {
            payment_date: line.posted_date,
            amount_paid: part.amount,
            method: "extrato",
            statementLineId: line.id,
            op_key: `${request.key}:${i}`,
          },
          actor,
          issuer,
          created,
        );
        // Checked above; a refusal here (a race) undoes every part.
        if (!paid.ok)
          throw new Refused({
            ok: false,
            reason: "invalid",
            formErrors: [],
            fieldErrors: { [`cobranca${part.row}`]: ["Esta cobrança não pode mais receber pagamento."] },
          });
        receipts.push(...paid.receipts.map((r) => r.id));
      }
      const now = new Date().toISOString();
      await trx
        .updateTable("statement_lines")
        .set({ settled_billing_id: request.parts[0]!.billingId, settled_at: now })
        .where("id", "=", line.id)
        .where("settled_at", "is", null)
        .execute();
      await recordAudit(trx, {
        actor,
        action: "update",
        entity: "statement_import",
        entityId: importId,
        before: { split_line_id: null },
        after: {
          split_line_id: line.id,
          split_amount_cents: line.amount_cents,
          split_parts: request.parts.map((p) => `cobrança ${p.billingId}: ${formatBRL(p.amount)}`).join("; "),
        },
      });
      return { ok: true, amount: line.amount_cents, parts: request.parts.length, receipts };
    });
  } catch (error) {
    // Rolled back after receipts were drawn: no PDF without its row.
    await removePrivateFiles(created);
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
  // The import's summary is kept until it is confirmed (review.server.ts);
  // a split settles a line before that.
  if (outcome.ok) forgetReviewSummary(db, importId);
  return outcome;
}

// The receipts standing of the credits a line paid.
async function receiptsOfLine(trx: Transaction<Database>, lineId: number) {
  const rows = await trx
    .selectFrom("billing_receipts as r")
    .innerJoin("ledger_entries as e", "e.id", "r.credit_id")
    .select("r.id")
    .where("e.statement_line_id", "=", lineId)
    .where("r.voided_at", "is", null)
    .orderBy("r.id")
    .execute();
  return rows.map((r) => r.id);
}

export { SPLIT_MESSAGES };
