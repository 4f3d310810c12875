import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { payInTransaction, type ReceiptIssuer } from "#app/models/billing/payments.server";
import { periodLabel } from "#app/models/billing/months";
import { formatDay } from "#app/models/clients/status";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { receiveCredit } from "#app/models/ledger/credits.server";
import { reverseCredit } from "#app/models/ledger/credit-reversal.server";
import { formatBRL } from "#app/models/shared/money";
import { creditOf, plannedReturns } from "./returns.server";
import type { Choice, Confirmation } from "./review.schema";

// "Confirmar" on an import's review (docs/decisions/0037-reconciliation.md):
// every chosen credit pays its billing in ONE transaction, as if marked by
// hand (payments.server.ts: Pago, the receipt, its email notice from the
// next job run), with the credit's date as the payment date and its amount
// as received. A credit off the amount due by more than the tolerance is
// recorded as a difference (billing.payment_difference, "Diferenças").
// Everything is checked before anything is written; one refusal refuses the
// whole confirmation, so staff never get half a statement settled. The
// partial unique index on statement_lines.line_key is the last guard: a bank
// line settles once, whichever import it came in.
// Issue 35 (0037, "Returns and second credits"): a second credit for a
// billing already paid is received as the tenant's credit (the ledger spends
// it on the tenant's open billings, the rest stays the tenant's), and a
// return debit reverses the credit it gives back, after the credits are
// settled (it may return one of this same statement).

// A refusal found while writing: the transaction rolls back, the page says why.
class Refusal extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join(" "));
  }
}

type DB = Kysely<Database>;

// What the review form says (review.schema.ts): the matched lines whose
// proposal is accepted (their billing is the one the page proposed, checked
// like any choice, or the stored proposal), and the unmatched lines staff
// assigned to a billing.
export type { Choice, Confirmation };
export type ConfirmOutcome =
  // skipped: exact matches of other pages not settled (their billing was paid
  // or chosen on this page meanwhile, or their line settled elsewhere).
  // credited: second credits received as the tenant's; returned: credits reversed by a return debit.
  // ownerDebits: returns of money already transferred, debited on the owner's next statement.
  | {
      ok: true;
      settled: number;
      differences: number;
      skipped: number;
      credited: number;
      returned: number;
      ownerDebits: number;
    }
  | { ok: false; reason: "import" | "confirmed" }
  | { ok: false; reason: "invalid"; errors: string[] };

export async function confirmStatementImport(
  db: DB,
  importId: number,
  confirmation: Confirmation,
  actor: AuditActor,
  issuer: ReceiptIssuer & { today: string },
): Promise<ConfirmOutcome> {
  const created: string[] = [];
  try {
    return await db.transaction().execute(async (trx): Promise<ConfirmOutcome> => {
      const statement = await trx
        .selectFrom("statement_imports")
        .select(["id", "confirmed_at"])
        .where("id", "=", importId)
        .executeTakeFirst();
      if (!statement) return { ok: false, reason: "import" };
      if (statement.confirmed_at) return { ok: false, reason: "confirmed" };
      const lineIds = [
        ...confirmation.accept,
        ...confirmation.assign.map((c) => c.lineId),
        ...(confirmation.tenantCredit ?? []).map((c) => c.lineId),
      ];
      // The billing the page proposed when it was read (review.schema.ts), else the import's.
      const proposed = new Map((confirmation.proposals ?? []).map((p) => [p.lineId, p.billingId]));
      const lines = new Map(
        (lineIds.length === 0
          ? []
          : await trx
              .selectFrom("statement_lines")
              .select([
                "id",
                "line_key",
                "posted_date",
                "amount_cents",
                "credit",
                "settled_at",
                "match_kind",
                "billing_id",
              ])
              .where("import_id", "=", importId)
              .where("id", "in", lineIds)
              .execute()
        ).map((l) => [l.id, l]),
      );
      // An accepted line pays the billing it was matched to; one without a
      // match cannot be accepted (billing 0 below: "não existe mais").
      const choices: Choice[] = [
        ...confirmation.accept.map((lineId) => ({
          lineId,
          billingId: proposed.get(lineId) ?? lines.get(lineId)?.billing_id ?? 0,
        })),
        ...confirmation.assign.filter((c) => !confirmation.accept.includes(c.lineId)),
      ];
      const seconds = (confirmation.tenantCredit ?? []).filter((c) => !choices.some((x) => x.lineId === c.lineId));
      // A page of the review: the exact matches it did not show are accepted as proposed.
      const defaults = confirmation.shown
        ? await unshownExact(trx, importId, [...confirmation.shown, ...choices.map((c) => c.lineId)])
        : [];
      for (const line of defaults) lines.set(line.id, line);
      const billingIds = [
        ...new Set([
          ...choices.map((c) => c.billingId),
          ...seconds.map((c) => c.billingId),
          ...defaults.map((d) => d.billing_id!),
        ]),
      ];
      const billings = new Map(
        (billingIds.length === 0
          ? []
          : await trx
              .selectFrom("billing")
              .innerJoin("clients", "clients.id", "billing.client_id")
              .select(["billing.id", "billing.client_id", "billing.status", "billing.month_year", "clients.name"])
              .where("billing.id", "in", billingIds)
              .execute()
        ).map((b) => [b.id, b]),
      );
      const errors: string[] = [];
      const taken = new Set<number>();
      for (const choice of choices) {
        const line = lines.get(choice.lineId);
        const billing = billings.get(choice.billingId);
        if (!line || line.credit !== 1) {
          errors.push("Um dos créditos escolhidos não pertence a este extrato.");
          continue;
        }
        const what = `O crédito de ${formatDay(line.posted_date)} (${formatBRL(line.amount_cents)})`;
        if (line.settled_at || (await settledElsewhere(trx, line.line_key))) errors.push(`${what} já foi conciliado.`);
        else if (line.posted_date > issuer.today) errors.push(`${what} tem data futura: não pode pagar uma cobrança.`);
        else if (!billing) errors.push(`${what} foi atribuído a uma cobrança que não existe mais.`);
        else if (billing.status === "paid")
          errors.push(`A cobrança de ${billing.name} (${periodLabel(billing.month_year)}) já está paga.`);
        else if (taken.has(billing.id))
          errors.push(
            `A cobrança de ${billing.name} (${periodLabel(billing.month_year)}) foi escolhida para mais de um crédito.`,
          );
        taken.add(choice.billingId);
      }
      for (const second of seconds) {
        const line = lines.get(second.lineId);
        if (!line || line.credit !== 1) {
          errors.push("Um dos créditos escolhidos não pertence a este extrato.");
          continue;
        }
        const what = `O crédito de ${formatDay(line.posted_date)} (${formatBRL(line.amount_cents)})`;
        if (line.settled_at || (await settledElsewhere(trx, line.line_key))) errors.push(`${what} já foi conciliado.`);
        else if (line.posted_date > issuer.today) errors.push(`${what} tem data futura: não pode pagar uma cobrança.`);
        else if (!billings.has(second.billingId)) errors.push(`${what} nomeia uma cobrança que não existe mais.`);
      }
      if (errors.length > 0) return { ok: false, reason: "invalid", errors: [...new Set(errors)] };
      // Defaults nobody saw are not refusals: one that can no longer pay
      // its billing is left out and counted.
      let skipped = 0;
      for (const line of defaults) {
        const billing = billings.get(line.billing_id!);
        if (
          !billing ||
          billing.status === "paid" ||
          taken.has(billing.id) ||
          line.posted_date > issuer.today ||
          (await settledElsewhere(trx, line.line_key))
        ) {
          skipped++;
          continue;
        }
        taken.add(billing.id);
        choices.push({ lineId: line.id, billingId: billing.id });
      }

      const returns = await plannedReturns(trx, importId, confirmation, [
        ...choices.map((c) => c.lineId),
        ...seconds.map((c) => c.lineId),
      ]);
      if (!returns.ok) return { ok: false, reason: "invalid", errors: returns.errors };

      const now = new Date().toISOString();
      let differences = 0;
      for (const choice of choices) {
        const line = lines.get(choice.lineId)!;
        const paid = await payInTransaction(
          trx,
          choice.billingId,
          {
            payment_date: line.posted_date,
            amount_paid: line.amount_cents,
            recordDifference: true,
            method: "extrato",
            statementLineId: line.id,
          },
          actor,
          issuer,
          created,
        );
        // Checked above (the billing exists, the date is not after today).
        if (!paid.ok) throw new Error(`billing ${choice.billingId} could not be paid: ${paid.reason}`);
        if (paid.difference !== null) differences++;
        await trx
          .updateTable("statement_lines")
          .set({ settled_billing_id: choice.billingId, settled_at: now })
          .where("id", "=", line.id)
          .execute();
      }
      // A second credit for a billing paid (or paid by another line of this
      // statement): the tenant's money all the same, named for that billing
      // (art. 352), spent on the tenant's other open billings, the rest the
      // tenant's credit.
      for (const second of seconds) {
        const line = lines.get(second.lineId)!;
        const billing = billings.get(second.billingId)!;
        await receiveCredit(
          trx,
          {
            clientId: billing.client_id,
            amount: line.amount_cents,
            paidOn: line.posted_date,
            method: "extrato",
            namedBillingId: billing.id,
            statementLineId: line.id,
          },
          actor,
          issuer,
          created,
        );
        await trx
          .updateTable("statement_lines")
          .set({ settled_billing_id: billing.id, settled_at: now })
          .where("id", "=", line.id)
          .execute();
      }
      let ownerDebits = 0;
      for (const { proposal, target } of returns.plan) {
        const back = await reverseCredit(
          trx,
          await creditOf(trx, target),
          `Devolução no extrato em ${formatDay(proposal.postedDate)}: ${proposal.memo}`.slice(0, 300),
          actor,
          issuer.today,
          `devolucao:${proposal.lineKey}`,
        );
        // Already reversed by hand ("Estornar pagamento") since the page was read.
        if (!back.ok)
          throw new Refusal([
            `A devolução de ${formatDay(proposal.postedDate)} (${formatBRL(proposal.amountCents)}) devolve um crédito já estornado.`,
          ]);
        // Money already transferred: the ledger put its debit on the owner's next statement (0064).
        ownerDebits += back.ownerDebits.length;
        await trx
          .updateTable("statement_lines")
          .set({ settled_billing_id: back.billingIds[0] ?? null, settled_at: now })
          .where("id", "=", proposal.lineId)
          .execute();
      }
      const after = { settled_count: choices.length, confirmed_at: now, confirmed_by_name: actor?.name ?? "Sistema" };
      await trx.updateTable("statement_imports").set(after).where("id", "=", importId).execute();
      await recordAudit(trx, {
        actor,
        action: "update",
        entity: "statement_import",
        entityId: importId,
        before: { settled_count: 0, confirmed_at: null },
        after: {
          settled_count: choices.length,
          confirmed_at: now,
          differences,
          tenant_credits: seconds.length,
          returns: returns.plan.length,
        },
      });
      return {
        ok: true,
        settled: choices.length,
        differences,
        skipped,
        credited: seconds.length,
        returned: returns.plan.length,
        ownerDebits,
      };
    });
  } catch (error) {
    // Rolled back after receipts were drawn: no PDF without its row.
    await removePrivateFiles(created);
    if (error instanceof Refusal) return { ok: false, reason: "invalid", errors: error.errors };
    throw error;
  }
}

// The exact, unsettled matches of the import outside `shown`.
async function unshownExact(trx: Transaction<Database>, importId: number, shown: readonly number[]) {
  const hidden = new Set(shown);
  const rows = await trx
    .selectFrom("statement_lines")
    .select(["id", "line_key", "posted_date", "amount_cents", "credit", "settled_at", "match_kind", "billing_id"])
    .where("import_id", "=", importId)
    .where("credit", "=", 1)
    .where("match_kind", "=", "exact")
    .where("settled_at", "is", null)
    .where("billing_id", "is not", null)
    .orderBy("position")
    .execute();
  return rows.filter((r) => !hidden.has(r.id));
}

async function settledElsewhere(trx: Transaction<Database>, key: string) {
  const row = await trx
    .selectFrom("statement_lines")
    .select("id")
    .where("line_key", "=", key)
    .where("settled_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}
