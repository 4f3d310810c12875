import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { addDays, localDayStartUtc } from "#app/models/shared/days";
import { keysetBatches } from "#app/models/shared/paging.server";
import type { AuditFilter } from "./audit.schema";
import { diffChanges, type AuditChanges, type AuditValues } from "./diff";
import type { AuditAction, AuditEntity } from "./labels";

// The audit trail (issue 9): who changed what, when, field by field. Every
// staff write function takes the acting staff member and calls recordAudit
// inside its own transaction, so a change and its audit row are written
// together or not at all.

type DB = Kysely<Database>;

// The staff member who acts (the admin layout puts them in context); null is
// a script (demo seed, benchmark, CLI, test fixtures), shown as "Sistema".
export type AuditActor = { id: number; name: string } | null;
export const SYSTEM_ACTOR_NAME = "Sistema";

export type AuditEntry = {
  actor: AuditActor;
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | string;
  // The fields before and after the write (columns as stored). Secret fields
  // are dropped here, whatever the caller passes.
  before?: AuditValues | null;
  after?: AuditValues | null;
};

// Actions that say nothing beyond their fields: with no field changed (a
// form saved as it was, a banner already at its defaults) they leave no row.
const FIELD_ONLY: readonly AuditAction[] = ["update", "restore"];

// Writes the audit row of a change. Takes a transaction so that it can only
// run inside the write it describes. Returns whether a row was written.
export async function recordAudit(trx: Transaction<Database>, entry: AuditEntry): Promise<boolean> {
  const changes = diffChanges(entry.before, entry.after);
  if (FIELD_ONLY.includes(entry.action) && Object.keys(changes).length === 0) return false;
  await trx
    .insertInto("audit_log")
    .values({
      created_at: new Date().toISOString(),
      actor_id: entry.actor?.id ?? null,
      actor_name: entry.actor?.name ?? SYSTEM_ACTOR_NAME,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      changes: JSON.stringify(changes),
    })
    .execute();
  return true;
}

export const AUDIT_PAGE_SIZE = 50;
// The log grows with every staff action (830,000 rows in five years at 5,000
// contracts) and counting it all costs 40-80 ms a view; so it is counted up
// to this many, 200 pages: further back, staff narrow by date
// (docs/decisions/0060-list-queries.md, "Auditoria").
export const AUDIT_COUNT_CAP = 10_000;

export type AuditRow = {
  id: number;
  created_at: string;
  actor_id: number | null;
  actor_name: string;
  action: string;
  entity: string;
  entity_id: string;
  changes: AuditChanges;
};

function parseChanges(json: string): AuditChanges {
  try {
    const value = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

// Newest first, AUDIT_PAGE_SIZE a page. Days are whole days in the agency's
// zone (docs/decisions/0021-time-zone-and-formats.md), compared with the UTC
// timestamps. A page past the last shows the last.
function auditFiltered(db: DB, filter: AuditFilter) {
  let q = db.selectFrom("audit_log");
  if (filter.actorId !== undefined) q = q.where("actor_id", "=", filter.actorId);
  if (filter.entity) q = q.where("entity", "=", filter.entity);
  if (filter.from) q = q.where("created_at", ">=", localDayStartUtc(filter.from));
  if (filter.to) q = q.where("created_at", "<", localDayStartUtc(addDays(filter.to, 1)));
  return q;
}

const AUDIT_COLUMNS = [
  "id",
  "created_at",
  "actor_id",
  "actor_name",
  "action",
  "entity",
  "entity_id",
  "changes",
] as const;

export async function listAudit(db: DB, filter: AuditFilter, page = 1) {
  const q = auditFiltered(db, filter);
  const { n } = await db
    .selectFrom(
      q
        .select(sql<number>`1`.as("one"))
        .limit(AUDIT_COUNT_CAP + 1)
        .as("matching"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const more = Number(n) > AUDIT_COUNT_CAP;
  const total = Math.min(Number(n), AUDIT_COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page)), pageCount);
  const rows = await q
    .select(AUDIT_COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(AUDIT_PAGE_SIZE)
    .offset((current - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return {
    rows: rows.map((r): AuditRow => ({ ...r, changes: parseChanges(r.changes) })),
    total,
    more,
    page: current,
    pageCount,
  };
}

// Every row of the filter, newest first as the page, a batch at a time by key
// (Exportar CSV): the log is the longest list (830,000 rows at 5,000
// contracts), so each batch starts after the last row of the one before on
// the (created_at) and (entity, created_at) indexes, whose rows end on the
// id: a short query each, never an OFFSET.
export function auditExportBatches(db: DB, filter: AuditFilter, size = 250) {
  return keysetBatches(
    async (after: { at: string; id: number } | null, limit) => {
      let q = auditFiltered(db, filter).select(AUDIT_COLUMNS);
      if (after) q = q.where(sql<boolean>`(created_at, id) < (${after.at}, ${after.id})`);
      const rows = await q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
      return rows.map((r): AuditRow => ({ ...r, changes: parseChanges(r.changes) }));
    },
    (row) => ({ at: row.created_at, id: row.id }),
    size,
  );
}
