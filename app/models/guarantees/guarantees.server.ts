import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { addDays } from "#app/models/shared/days";
import { cents } from "#app/models/shared/money";
import { CAUTION_MAX_RENTS, type GuaranteeInput } from "./guarantee.schema";

// A contract's guarantee (issue 36; migration 0035; Lei 8.245 arts. 37-41).
// One a contract: saving replaces it, "Sem garantia" removes it; audited.

type DB = Kysely<Database>;

export async function getGuarantee(db: DB, clientId: number) {
  return (await db.selectFrom("guarantees").selectAll().where("client_id", "=", clientId).executeTakeFirst()) ?? null;
}

export type SaveGuaranteeResult = { ok: true; removed: boolean } | { ok: false; reason: "client" | "caution" };

// The caução in money is at most three rents (art. 38 §2), judged against
// the contract's rent when it has one.
export async function saveGuarantee(
  db: DB,
  clientId: number,
  input: GuaranteeInput,
  actor: AuditActor,
): Promise<SaveGuaranteeResult> {
  return db.transaction().execute(async (trx) => {
    const client = await trx
      .selectFrom("clients")
      .select(["monthly_rent_cents"])
      .where("id", "=", clientId)
      .executeTakeFirst();
    if (!client) return { ok: false, reason: "client" };
    const before = await trx.selectFrom("guarantees").selectAll().where("client_id", "=", clientId).executeTakeFirst();
    const shown = (g: typeof before) =>
      g
        ? { kind: g.kind, amount_cents: g.amount_cents, provider_name: g.provider_name, valid_until: g.valid_until }
        : null;
    if (input.kind === "nenhuma") {
      if (!before) return { ok: true, removed: true };
      await trx.deleteFrom("guarantees").where("client_id", "=", clientId).execute();
      await recordAudit(trx, {
        actor,
        action: "delete",
        entity: "guarantee",
        entityId: clientId,
        before: shown(before),
      });
      return { ok: true, removed: true };
    }
    if (
      input.kind === "caucao" &&
      client.monthly_rent_cents !== null &&
      input.amount !== undefined &&
      // Whole rents times a whole number: exact centavos, no rounding.
      input.amount > cents(client.monthly_rent_cents * CAUTION_MAX_RENTS)
    )
      return { ok: false, reason: "caution" };
    const now = new Date().toISOString();
    const values = {
      kind: input.kind,
      amount_cents: input.amount ?? null,
      provider_name: input.provider_name ?? null,
      provider_document: input.provider_document ?? null,
      provider_email: input.provider_email ?? null,
      reference: input.reference ?? null,
      valid_until: input.valid_until ?? null,
      copy_on_arrears: input.copy_on_arrears ? 1 : 0,
      notes: input.notes ?? null,
      updated_by_name: actor?.name ?? "Sistema",
      updated_at: now,
    };
    if (before) await trx.updateTable("guarantees").set(values).where("client_id", "=", clientId).execute();
    else
      await trx
        .insertInto("guarantees")
        .values({ ...values, client_id: clientId, created_at: now })
        .execute();
    await recordAudit(trx, {
      actor,
      action: before ? "update" : "create",
      entity: "guarantee",
      entityId: clientId,
      before: shown(before),
      after: {
        kind: values.kind,
        amount_cents: values.amount_cents,
        provider_name: values.provider_name,
        valid_until: values.valid_until,
      },
    });
    return { ok: true, removed: false };
  });
}

// Guarantees of running contracts whose validity ends from today to `days`
// ahead (the dashboard's 60 and 30 days), soonest first.
export async function expiringGuarantees(db: DB, today: string, days: number) {
  return db
    .selectFrom("guarantees")
    .innerJoin("clients", "clients.id", "guarantees.client_id")
    .select(["clients.id as client_id", "clients.name", "guarantees.kind", "guarantees.valid_until"])
    .where("guarantees.valid_until", ">=", today)
    .where("guarantees.valid_until", "<=", addDays(today, days))
    .where("clients.ended_on", "is", null)
    .orderBy("guarantees.valid_until")
    .orderBy("clients.id")
    .execute();
}
