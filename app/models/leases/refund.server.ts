import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { creditOfKey } from "#app/models/ledger/credits.server";
import { creditsLeft, postEntry } from "#app/models/ledger/ledger.server";
import { cents, sumCents, type Cents } from "#app/models/shared/money";
import { REFUND_METHODS, type RefundInput } from "./settlement.schema";

// "Devolver ao inquilino" (issue 36, docs/decisions/0076-tenant-refund.md):
// after the acerto de saída, what the tenant's credit still holds (the
// caução's rest with its yield, a rent paid for days after the return) goes
// back to the tenant. Money leaving the agency is written, never edited: each
// credit with something left gets a reversing entry of that part (method
// 'devolucao'), so the credit is spent and nothing more is paid with it.

type DB = Kysely<Database>;

export const REFUND_METHOD = "devolucao";

export type RefundResult =
  | { ok: true; refundedCents: Cents; duplicate: boolean }
  | { ok: false; reason: "client" | "not-settled" | "nothing" | "future" };

export async function refundTenantCredit(
  db: DB,
  clientId: number,
  input: RefundInput,
  actor: AuditActor,
  today: string,
): Promise<RefundResult> {
  if (input.refunded_on > today) return { ok: false, reason: "future" };
  return db.transaction().execute(async (trx) => {
    // Posted twice (a second click, a reload): the first stands.
    if (await creditOfKey(trx, input.chave)) return { ok: true, refundedCents: cents(0), duplicate: true };
    const client = await trx.selectFrom("clients").select("id").where("id", "=", clientId).executeTakeFirst();
    if (!client) return { ok: false, reason: "client" };
    const settled = await trx
      .selectFrom("lease_settlements")
      .select("id")
      .where("client_id", "=", clientId)
      .executeTakeFirst();
    if (!settled) return { ok: false, reason: "not-settled" };
    const left = (await creditsLeft(trx, clientId)).filter((c) => c.left > 0);
    if (left.length === 0) return { ok: false, reason: "nothing" };
    const memo = [REFUND_METHODS[input.method], input.reference].filter(Boolean).join("; ");
    const now = new Date().toISOString();
    for (const [i, c] of left.entries())
      await postEntry(
        trx,
        {
          client_id: clientId,
          kind: "credit",
          amount_cents: cents(-c.left),
          on_date: input.refunded_on,
          method: REFUND_METHOD,
          memo,
          reverses_id: c.id,
          op_key: i === 0 ? input.chave : `${input.chave}:${i}`,
        },
        actor,
        now,
      );
    const refundedCents = sumCents(left.map((c) => c.left));
    await recordAudit(trx, {
      actor,
      action: "create",
      entity: "tenant_refund",
      entityId: clientId,
      after: {
        amount_cents: refundedCents,
        refunded_on: input.refunded_on,
        method: input.method,
        reference: input.reference ?? null,
      },
    });
    return { ok: true, refundedCents, duplicate: false };
  });
}

// The refunds written for a contract, oldest first (one, as a rule).
export async function tenantRefunds(db: DB, clientId: number) {
  const rows = await db
    .selectFrom("ledger_entries")
    .select(["on_date", "memo", "amount_cents", "op_key"])
    .where("client_id", "=", clientId)
    .where("kind", "=", "credit")
    .where("method", "=", REFUND_METHOD)
    .orderBy("id")
    .execute();
  // One refund may span several credits: its entries share the key's stem.
  const refunds = new Map<string, { on: string; memo: string | null; amountCents: Cents }>();
  for (const r of rows) {
    const key = (r.op_key ?? "").split(":")[0];
    const seen = refunds.get(key);
    if (seen) seen.amountCents = cents(seen.amountCents - r.amount_cents);
    else refunds.set(key, { on: r.on_date, memo: r.memo, amountCents: cents(-r.amount_cents) });
  }
  return [...refunds.values()];
}
