import type { Kysely, Transaction } from "kysely";
import type { Database, ReadjustmentIndex } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { decodeSgs, parseSgsCsv, type IndexValue } from "./readjustment";
import { addMonths } from "#app/models/shared/days";

// The monthly rates of the readjustment indexes (docs/decisions/0041-readjustment.md):
// typed one month at a time or imported from the Central Bank's SGS CSV export.
// Every rate is data here, never a constant in code.

type DB = Kysely<Database>;

export type IndexMonth = { month: string; ratePpm: number | null; source: "manual" | "sgs" | null };

// The values of an index, oldest first (all of them: a readjustment needs 12).
export async function indexValues(db: DB | Transaction<Database>, index: ReadjustmentIndex): Promise<IndexValue[]> {
  const rows = await db
    .selectFrom("index_values")
    .select(["month", "rate_ppm"])
    .where("index_code", "=", index)
    .orderBy("month")
    .execute();
  return rows.map((r) => ({ month: r.month, ratePpm: r.rate_ppm }));
}

// The `count` months ending at `lastMonth`, newest first, each with its rate
// or null when not published (the Índices page shows the gaps).
export async function recentIndexMonths(db: DB, index: ReadjustmentIndex, lastMonth: string, count = 24) {
  const first = addMonths(lastMonth, 1 - count);
  const rows = await db
    .selectFrom("index_values")
    .select(["month", "rate_ppm", "source"])
    .where("index_code", "=", index)
    .where("month", ">=", first)
    .where("month", "<=", lastMonth)
    .execute();
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return Array.from({ length: count }, (_, i): IndexMonth => {
    const month = addMonths(lastMonth, -i);
    const row = byMonth.get(month);
    return { month, ratePpm: row?.rate_ppm ?? null, source: row?.source ?? null };
  });
}

// Inserts or changes one month; a month already at that rate is left alone
// (no write, no audit row). Returns whether anything changed.
async function putValue(
  trx: Transaction<Database>,
  index: ReadjustmentIndex,
  value: IndexValue,
  source: "manual" | "sgs",
  actor: AuditActor,
  now: string,
) {
  const before = await trx
    .selectFrom("index_values")
    .select(["id", "rate_ppm", "source"])
    .where("index_code", "=", index)
    .where("month", "=", value.month)
    .executeTakeFirst();
  if (before?.rate_ppm === value.ratePpm) return false;
  if (before) {
    await trx
      .updateTable("index_values")
      .set({ rate_ppm: value.ratePpm, source, updated_at: now })
      .where("id", "=", before.id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "index_value",
      entityId: before.id,
      before: { rate_ppm: before.rate_ppm, source: before.source },
      after: { rate_ppm: value.ratePpm, source },
    });
    return true;
  }
  const row = await trx
    .insertInto("index_values")
    .values({ index_code: index, month: value.month, rate_ppm: value.ratePpm, source, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    actor,
    action: "create",
    entity: "index_value",
    entityId: row.id,
    after: { index_code: index, month: value.month, rate_ppm: value.ratePpm, source },
  });
  return true;
}

// One month typed by staff.
export async function upsertIndexValue(db: DB, index: ReadjustmentIndex, value: IndexValue, actor: AuditActor) {
  const now = new Date().toISOString();
  return db.transaction().execute((trx) => putValue(trx, index, value, "manual", actor, now));
}

export type ImportResult = { ok: true; months: number; changed: number } | { ok: false; error: string };

// An SGS CSV for an index: all of it or nothing (a broken line refuses the
// file); months at the same rate are not touched, so the same file twice
// changes nothing the second time.
export async function importIndexCsv(
  db: DB,
  index: ReadjustmentIndex,
  bytes: Uint8Array,
  actor: AuditActor,
): Promise<ImportResult> {
  // A NUL byte: no text file (a spreadsheet, an installer, a ZIP), whatever its name.
  if (bytes.includes(0)) return { ok: false, error: "O arquivo não é um CSV exportado do SGS." };
  const parsed = parseSgsCsv(decodeSgs(bytes));
  if (!parsed.ok) return parsed;
  const now = new Date().toISOString();
  const changed = await db.transaction().execute(async (trx) => {
    let n = 0;
    for (const v of parsed.values) if (await putValue(trx, index, v, "sgs", actor, now)) n += 1;
    return n;
  });
  return { ok: true, months: parsed.values.length, changed };
}
