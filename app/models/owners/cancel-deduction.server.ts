import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import type { AuditActor } from "#app/models/audit/audit.server";
import { cents, type Cents } from "#app/models/shared/money";
import { postOwnerEntry } from "./owner-entries.server";

// "Cancelar" beside a deduction on the Extrato do Proprietário (decision
// 0064): a deduction posted by mistake is never deleted nor edited; its
// cancellation is a new entry of the opposite amount naming it
// (reverses_id, unique), with who, when and why. Only a deduction no final
// statement took yet is cancelled here: both then wait for the same
// statement, which lists them and nets them to nothing. One already
// transferred is the owner's money paid short: a correction for the next
// statement, not offered here.

type DB = Kysely<Database>;

// Which of `ids` (entries a pending statement lists) can be cancelled: a
// deduction (not an estorno nor a carry), not itself a cancellation, not
// cancelled already, taken by no final statement.
export async function cancellableDeductions(db: DB, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const [entries, reversed, tied] = await Promise.all([
    db
      .selectFrom("owner_entries")
      .select("id")
      .where("id", "in", ids)
      .where("kind", "=", "deduction")
      .where("reverses_id", "is", null)
      .where("amount_cents", ">", cents(0))
      .execute(),
    db.selectFrom("owner_entries").select("reverses_id").where("reverses_id", "in", ids).execute(),
    db.selectFrom("owner_statement_entries").select("entry_id").where("entry_id", "in", ids).execute(),
  ]);
  const out = new Set([...reversed.map((r) => r.reverses_id), ...tied.map((t) => t.entry_id)]);
  return entries.map((e) => e.id).filter((id) => !out.has(id));
}

export type CancelDeductionResult =
  { ok: true; duplicate: boolean; description: string; amountCents: Cents } | { ok: false };

// Cancels deduction `entryId` of owner `ownerId` (as above), once: posted
// again (a double click, a retry, two at once) it writes nothing and answers
// the first cancellation.
export async function cancelDeduction(
  db: DB,
  ownerId: number,
  entryId: number,
  reason: string,
  actor: AuditActor,
): Promise<CancelDeductionResult> {
  const write = () =>
    db.transaction().execute(async (trx): Promise<CancelDeductionResult> => {
      const entry = await trx
        .selectFrom("owner_entries")
        .select(["id", "amount_cents", "description", "on_date", "client_id"])
        .where("id", "=", entryId)
        .where("owner_id", "=", ownerId)
        .executeTakeFirst();
      if (!entry) return { ok: false };
      const done = { ok: true as const, description: entry.description, amountCents: entry.amount_cents };
      const first = await trx
        .selectFrom("owner_entries")
        .select("id")
        .where("reverses_id", "=", entryId)
        .executeTakeFirst();
      if (first) return { ...done, duplicate: true };
      if ((await cancellableDeductions(trx, [entryId])).length === 0) return { ok: false };
      await postOwnerEntry(
        trx,
        ownerId,
        {
          kind: "deduction",
          amountCents: cents(-entry.amount_cents),
          description: `Cancelamento: ${entry.description} (${reason})`,
          // On the deduction's own day: the statement that lists one lists
          // both and nets them; when it was cancelled is the row's created_at.
          onDate: entry.on_date,
          clientId: entry.client_id,
          reversesId: entryId,
        },
        actor,
      );
      return { ...done, duplicate: false };
    });
  try {
    return await write();
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: owner_entries\.reverses_id/.test(error.message))
      return write();
    throw error;
  }
}
