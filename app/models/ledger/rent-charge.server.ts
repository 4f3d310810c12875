import type { Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import type { AuditActor } from "#app/models/audit/audit.server";
import { cents, type Cents } from "#app/models/shared/money";
import { withholdIrrf } from "#app/models/withholding/irrf.server";
import { postEntry, refreshBillings } from "./ledger.server";

// The rent of a billing on the tenant's account (docs/decisions/0061-rent-ledger.md):
// what a billing charges, apart from the credits that pay it (credits.server.ts).

type Trx = Transaction<Database>;

// A billing's rent as a charge (a new billing), or changed (readjustment, a
// boleto's amount): the standing rent charge reversed, the new one posted.
export async function chargeRent(
  trx: Trx,
  billing: { id: number; client_id: number; due_date: string },
  amount: Cents,
  actor: AuditActor,
  today: string,
  reason: string | null = null,
) {
  const now = new Date().toISOString();
  const rents = await trx
    .selectFrom("ledger_entries")
    .select(["id", "amount_cents", "reverses_id"])
    .where("billing_id", "=", billing.id)
    .where("kind", "=", "charge")
    .where("item", "=", "rent")
    .execute();
  const reversed = new Set(rents.map((r) => r.reverses_id));
  const standing = rents.filter((r) => r.reverses_id === null && !reversed.has(r.id));
  for (const s of standing)
    await postEntry(
      trx,
      {
        client_id: billing.client_id,
        kind: "charge",
        item: "rent",
        billing_id: billing.id,
        amount_cents: cents(-s.amount_cents),
        // The value date of what it cancels: a rent billed ahead and changed
        // stays out of the tenant's account until it is due, both entries alike.
        on_date: billing.due_date,
        memo: reason,
        reverses_id: s.id,
      },
      actor,
      now,
    );
  await postEntry(
    trx,
    {
      client_id: billing.client_id,
      kind: "charge",
      item: "rent",
      billing_id: billing.id,
      amount_cents: amount,
      on_date: billing.due_date,
      memo: standing.length > 0 ? reason : null,
    },
    actor,
    now,
  );
  // The caller audits the new amount; the projection follows from it.
  if (standing.length > 0) await refreshBillings(trx, [billing.id], actor, today, { audit: false });
  else
    await trx
      .updateTable("billing")
      .set({ open_cents: amount, rent_open_cents: amount })
      .where("id", "=", billing.id)
      .execute();
  // A company tenant's IRRF on it follows the rent (decision 0074).
  await withholdIrrf(trx, billing, actor, today);
}
