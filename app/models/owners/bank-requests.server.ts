import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit } from "#app/models/audit/audit.server";
import { queueStaffAlert } from "#app/models/email/staff-alerts.server";

// An owner's payout details change (issue 37, decision 0077): the owner asks
// in their area, staff confirm or refuse it; only a confirmation changes the
// owner's Pix key or bank account (a changed destination asked from a
// borrowed session is the classic fraud: staff confirm it with the owner by
// phone first). One waiting request an owner; every step audited.

type DB = Kysely<Database>;

export type BankRequestValues = { pix_key?: string; bank_account?: string; remove_pix?: boolean; note?: string };

export async function requestBankChange(
  db: DB,
  owner: { id: number; name: string },
  values: BankRequestValues,
  actor: { id: number; name: string },
): Promise<{ ok: true; id: number } | { ok: false; reason: "waiting" }> {
  try {
    return await writeRequest(db, owner, values, actor);
  } catch (error) {
    // Two posts at once: the second breaks the one-waiting index.
    if (error instanceof Error && /UNIQUE constraint failed: owner_bank_requests\.owner_id/.test(error.message))
      return { ok: false, reason: "waiting" };
    throw error;
  }
}

function writeRequest(
  db: DB,
  owner: { id: number; name: string },
  values: BankRequestValues,
  actor: { id: number; name: string },
): Promise<{ ok: true; id: number } | { ok: false; reason: "waiting" }> {
  return db.transaction().execute(async (trx) => {
    const ownerId = owner.id;
    const waiting = await waitingQuery(trx, ownerId).executeTakeFirst();
    if (waiting) return { ok: false, reason: "waiting" } as const;
    const row = {
      owner_id: ownerId,
      pix_key: values.pix_key ?? null,
      bank_account: values.bank_account ?? null,
      remove_pix: values.remove_pix ? 1 : 0,
      note: values.note ?? null,
    };
    const { id } = await trx
      .insertInto("owner_bank_requests")
      .values({ ...row, requested_by_id: actor.id, requested_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { actor, action: "create", entity: "owner_bank_request", entityId: id, after: row });
    // The agency hears at once; the details themselves stay in the panel.
    await queueStaffAlert(trx, {
      key: `owner-bank:${id}`,
      subject: `Pedido de alteração de dados bancários: ${owner.name}`,
      lines: [
        `${owner.name} pediu, na Área do Proprietário, para mudar a conta ou a chave Pix dos repasses.`,
        "Confirme com o proprietário, por telefone, antes de aplicar: nada muda até a confirmação.",
      ],
      path: `/admin/clients/proprietarios/${ownerId}/acesso`,
    });
    return { ok: true, id } as const;
  });
}

const waitingQuery = (db: DB, ownerId: number) =>
  db
    .selectFrom("owner_bank_requests")
    .select(["id", "pix_key", "bank_account", "remove_pix", "note", "requested_at"])
    .where("owner_id", "=", ownerId)
    .where("outcome", "is", null);

export type WaitingBankRequest = NonNullable<Awaited<ReturnType<typeof waitingBankRequest>>>;

export async function waitingBankRequest(db: DB, ownerId: number) {
  return (await waitingQuery(db, ownerId).executeTakeFirst()) ?? null;
}

// The owner's last decided requests, newest first (the area's history).
export async function decidedBankRequests(db: DB, ownerId: number, limit = 5) {
  return db
    .selectFrom("owner_bank_requests")
    .select(["id", "pix_key", "bank_account", "remove_pix", "requested_at", "outcome", "decided_at", "decision_note"])
    .where("owner_id", "=", ownerId)
    .where("outcome", "is not", null)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

// How many requests wait for staff, across owners (the dashboard).
export async function waitingBankRequestCount(db: DB) {
  const row = await db
    .selectFrom("owner_bank_requests")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("outcome", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Staff's answer. A confirmation writes the asked fields to the owner (the
// others stay) with the owner's audit row. Refused when already decided or
// not this owner's.
export async function decideBankRequest(
  db: DB,
  ownerId: number,
  requestId: number,
  decision: { outcome: "confirmed" | "refused"; note?: string },
  actor: { id: number; name: string },
): Promise<{ ok: true } | { ok: false; reason: "missing" | "decided" }> {
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom("owner_bank_requests")
      .select(["pix_key", "bank_account", "remove_pix", "outcome"])
      .where("id", "=", requestId)
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
    if (!request) return { ok: false, reason: "missing" } as const;
    if (request.outcome !== null) return { ok: false, reason: "decided" } as const;
    const now = new Date().toISOString();
    if (decision.outcome === "confirmed") {
      const before = await trx
        .selectFrom("owners")
        .select(["pix_key", "bank_account"])
        .where("id", "=", ownerId)
        .executeTakeFirstOrThrow();
      const after = {
        pix_key: request.remove_pix ? null : (request.pix_key ?? before.pix_key),
        bank_account: request.bank_account ?? before.bank_account,
      };
      await trx
        .updateTable("owners")
        .set({ ...after, updated_at: now })
        .where("id", "=", ownerId)
        .execute();
      await recordAudit(trx, { actor, action: "update", entity: "owner", entityId: ownerId, before, after });
    }
    const answer = {
      outcome: decision.outcome,
      decision_note: decision.note ?? null,
      decided_by_id: actor.id,
      decided_by_name: actor.name,
      decided_at: now,
    };
    await trx.updateTable("owner_bank_requests").set(answer).where("id", "=", requestId).execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "owner_bank_request",
      entityId: requestId,
      before: { outcome: null },
      after: { outcome: answer.outcome, decision_note: answer.decision_note },
    });
    return { ok: true } as const;
  });
}
