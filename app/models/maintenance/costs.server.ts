import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { queueStaffAlert } from "#app/models/email/staff-alerts.server";
import { leaseOwners, queueOwnerNotice } from "#app/models/owners/owner-notices.server";
import { addDays, localDayStartUtc } from "#app/models/shared/days";
import { formatBRL, type Cents } from "#app/models/shared/money";

// What a repair costs and the owner's approval (issue 37, decision 0077).
// Staff register a cost (a quote) on a maintenance request; each owner of the
// lease whose approval limit (owners.approval_limit_cents) the cost passes is
// asked, by email and in their area, to approve or refuse it, once; staff see
// the answers on the request, and a question left unanswered for
// OWNER_APPROVAL_DAYS is on the dashboard. A cost is never edited: a new quote
// is a new cost.

type DB = Kysely<Database>;

export type CostResult = { ok: true; id: number; asked: number } | { ok: false; reason: "missing" | "duplicate" };

export async function addMaintenanceCost(
  db: DB,
  requestId: number,
  input: { description: string; amountCents: Cents },
  actor: AuditActor,
  now = new Date(),
): Promise<CostResult> {
  return db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom("maintenance_requests as m")
      .innerJoin("clients as c", "c.id", "m.client_id")
      .select(["m.id", "m.title", "m.client_id", "c.property_address"])
      .where("m.id", "=", requestId)
      .executeTakeFirst();
    if (!request) return { ok: false, reason: "missing" } as const;
    // The same quote posted twice (a double click, a retried post): once.
    const same = await trx
      .selectFrom("maintenance_costs")
      .select("id")
      .where("request_id", "=", requestId)
      .where("description", "=", input.description)
      .where("amount_cents", "=", input.amountCents)
      .executeTakeFirst();
    if (same) return { ok: false, reason: "duplicate" } as const;
    const stamp = now.toISOString();
    const { id } = await trx
      .insertInto("maintenance_costs")
      .values({
        request_id: requestId,
        description: input.description,
        amount_cents: input.amountCents,
        created_by_id: actor?.id ?? null,
        created_by_name: actor?.name ?? "Sistema",
        created_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const owners = await leaseOwners(trx, request.client_id);
    const asked = owners.filter((o) => input.amountCents > o.approval_limit_cents);
    for (const o of asked) {
      await trx.insertInto("maintenance_approvals").values({ cost_id: id, owner_id: o.id, asked_at: stamp }).execute();
      await queueOwnerNotice(
        trx,
        o,
        {
          key: `approval:${id}`,
          subject: `Aprovação de manutenção: ${request.title}`,
          lines: [
            `O reparo "${request.title}" no imóvel ${request.property_address ?? "alugado"} foi orçado em ${formatBRL(input.amountCents)} (${input.description}).`,
            `O valor passa do seu limite de ${formatBRL(o.approval_limit_cents)} para reparos sem consulta: a imobiliária aguarda a sua aprovação.`,
          ],
          path: "/area-do-proprietario",
        },
        now,
      );
    }
    await recordAudit(trx, {
      actor,
      action: "create",
      entity: "maintenance_cost",
      entityId: id,
      after: { request_id: requestId, ...input, owners_asked: asked.map((o) => o.id) },
    });
    return { ok: true, id, asked: asked.length } as const;
  });
}

// A request's costs, each with every owner's answer (staff's dialog).
export async function costsOfRequest(db: DB, requestId: number) {
  const costs = await db
    .selectFrom("maintenance_costs")
    .select(["id", "description", "amount_cents", "created_by_name", "created_at"])
    .where("request_id", "=", requestId)
    .orderBy("id")
    .execute();
  if (costs.length === 0) return [];
  const approvals = await db
    .selectFrom("maintenance_approvals as a")
    .innerJoin("owners as o", "o.id", "a.owner_id")
    .select([
      "a.id",
      "a.cost_id",
      "o.name as ownerName",
      "a.asked_at",
      "a.answer",
      "a.answer_note",
      "a.answered_at",
      "a.by_staff",
    ])
    .where(
      "a.cost_id",
      "in",
      costs.map((c) => c.id),
    )
    .orderBy("a.id")
    .execute();
  return costs.map((c) => ({ ...c, approvals: approvals.filter((a) => a.cost_id === c.id) }));
}

// The costs of a lease's repairs as one owner reads them: the amount, and
// their own answer when they were asked.
export async function costsOfLeaseForOwner(db: DB, ownerId: number, clientId: number) {
  return db
    .selectFrom("maintenance_costs as mc")
    .innerJoin("maintenance_requests as m", "m.id", "mc.request_id")
    .leftJoin("maintenance_approvals as a", (j) => j.onRef("a.cost_id", "=", "mc.id").on("a.owner_id", "=", ownerId))
    .select([
      "mc.id",
      "mc.request_id",
      "mc.description",
      "mc.amount_cents",
      "mc.created_at",
      "a.id as approvalId",
      "a.answer",
      "a.answer_note",
    ])
    .where("m.client_id", "=", clientId)
    .orderBy("mc.id", "desc")
    .limit(100)
    .execute();
}

// The owner's questions waiting for an answer, oldest first.
export async function ownerPendingApprovals(db: DB, ownerId: number) {
  return db
    .selectFrom("maintenance_approvals as a")
    .innerJoin("maintenance_costs as mc", "mc.id", "a.cost_id")
    .innerJoin("maintenance_requests as m", "m.id", "mc.request_id")
    .innerJoin("clients as c", "c.id", "m.client_id")
    .select([
      "a.id",
      "a.asked_at",
      "mc.description",
      "mc.amount_cents",
      "m.title",
      "c.id as clientId",
      "c.property_address",
    ])
    .where("a.owner_id", "=", ownerId)
    .where("a.answer", "is", null)
    .orderBy("a.id")
    .execute();
}

export type AnswerResult = { ok: true; title: string } | { ok: false; reason: "missing" | "answered" };

// "Aprovar" / "Recusar": the owner's answer, once, audited; the agency hears
// at once. `by`: the owner in their area (another owner's question is
// "missing", the same as none), or staff recording what an owner said by
// phone (an owner without a login answers so; by_staff marks it).
export async function answerApproval(
  db: DB,
  by: { ownerId: number } | { staff: true },
  approvalId: number,
  input: { answer: "approved" | "refused"; note?: string },
  actor: { id: number; name: string },
  now = new Date(),
): Promise<AnswerResult> {
  return db.transaction().execute(async (trx) => {
    let q = trx
      .selectFrom("maintenance_approvals as a")
      .innerJoin("maintenance_costs as mc", "mc.id", "a.cost_id")
      .innerJoin("maintenance_requests as m", "m.id", "mc.request_id")
      .innerJoin("owners as o", "o.id", "a.owner_id")
      .select(["a.answer", "m.id as requestId", "m.title", "mc.amount_cents", "o.name as ownerName"])
      .where("a.id", "=", approvalId);
    if ("ownerId" in by) q = q.where("a.owner_id", "=", by.ownerId);
    const row = await q.executeTakeFirst();
    if (!row) return { ok: false, reason: "missing" } as const;
    if (row.answer !== null) return { ok: false, reason: "answered" } as const;
    const byStaff = "staff" in by;
    const answer = {
      answer: input.answer,
      answer_note: input.note ?? null,
      answered_at: now.toISOString(),
      answered_by_id: actor.id,
      by_staff: byStaff ? 1 : 0,
    };
    await trx.updateTable("maintenance_approvals").set(answer).where("id", "=", approvalId).execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "maintenance_approval",
      entityId: approvalId,
      before: { answer: null },
      after: { answer: answer.answer, answer_note: answer.answer_note, ...(byStaff ? { by_staff: 1 } : {}) },
    });
    if (byStaff) return { ok: true, title: row.title } as const;
    const verb = input.answer === "approved" ? "aprovou" : "recusou";
    await queueStaffAlert(trx, {
      key: `approval:${approvalId}`,
      subject: `${row.ownerName} ${verb} o custo de "${row.title}"`,
      lines: [
        `${row.ownerName} ${verb}, na Área do Proprietário, o custo de ${formatBRL(row.amount_cents)} do reparo "${row.title}".`,
        ...(input.note ? [`Observação: ${input.note}`] : []),
      ],
      path: `/admin/clients/manutencoes/${row.requestId}`,
    });
    return { ok: true, title: row.title } as const;
  });
}

// Questions without an answer for `days` days or more (the dashboard's
// alert): asked before the start of the agency's day `days - 1` days ago.
export async function unansweredApprovals(db: DB, today: string, days: number) {
  const before = localDayStartUtc(addDays(today, -days + 1));
  const row = await db
    .selectFrom("maintenance_approvals")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("answer", "is", null)
    .where("asked_at", "<", before)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
