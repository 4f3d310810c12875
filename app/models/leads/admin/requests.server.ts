import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, IdealPropertyRequestsTable, PropertyListingRequestsTable } from "#app/db/schema";
import { listActiveStaffNames } from "#app/models/accounts/users.server";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import type { RequestStatus } from "./request-status";
import type { RequestFilter } from "./requests.schema";

// The two visitor-request inboxes (docs/product.md §Solicitações) share one set
// of queries, parameterised by the kind of request. Both tables have the same
// id, name, email, phone, status, resolved_by, created_at and updated_at
// columns, which are the only ones these queries touch by name.

type DB = Kysely<Database>;

export const REQUEST_TABLES = {
  ideal: "ideal_property_requests",
  owner: "property_listing_requests",
} as const;

export type RequestKind = keyof typeof REQUEST_TABLES;

type Rows = { ideal: Selectable<IdealPropertyRequestsTable>; owner: Selectable<PropertyListingRequestsTable> };
export type RequestRow<K extends RequestKind> = Rows[K];

// Kysely cannot type a query over "either table"; we type it as the ideal
// table (every column used by name below exists with the same type in both)
// and give the caller the row type of the table it asked for.
function table(kind: RequestKind) {
  return REQUEST_TABLES[kind] as "ideal_property_requests";
}

// The inbox shows the newest requests; older ones are reached with the
// filter and search (a real agency gets a few a day, not thousands).
const REQUEST_LIST_LIMIT = 200;

export async function listRequests<K extends RequestKind>(db: DB, kind: K, filter: RequestFilter = {}) {
  let q = db.selectFrom(table(kind)).selectAll();
  if (filter.status) q = q.where("status", "=", filter.status);
  if (filter.q) {
    // instr over lower(): no LIKE wildcards to escape in what the admin typed.
    const needle = filter.q.toLowerCase();
    q = q.where(sql<boolean>`instr(lower(name || ' ' || email || ' ' || coalesce(phone, '')), ${needle}) > 0`);
  }
  const rows = await q
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(REQUEST_LIST_LIMIT + 1)
    .execute();
  return {
    rows: rows.slice(0, REQUEST_LIST_LIMIT) as unknown as RequestRow<K>[],
    truncated: rows.length > REQUEST_LIST_LIMIT,
  };
}

export async function getRequest<K extends RequestKind>(db: DB, kind: K, id: number): Promise<RequestRow<K> | null> {
  const row = await db.selectFrom(table(kind)).selectAll().where("id", "=", id).executeTakeFirst();
  return (row as unknown as RequestRow<K> | undefined) ?? null;
}

const AUDIT_ENTITY = { ideal: "ideal_request", owner: "owner_request" } as const;

// docs/product.md §Solicitações: any status may be set directly; a status other
// than resolved clears resolved_by. Returns false when no row has that id.
export async function setRequestStatus(
  db: DB,
  kind: RequestKind,
  id: number,
  status: RequestStatus,
  actor: AuditActor,
) {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom(table(kind))
      .select(["status", "resolved_by"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return false;
    const after = status === "resolved" ? { status } : { status, resolved_by: null };
    await trx
      .updateTable(table(kind))
      .set({ ...after, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: AUDIT_ENTITY[kind],
      entityId: id,
      before,
      after: { ...before, ...after },
    });
    return true;
  });
}

type ResponsibleResult = "ok" | "not-found" | "invalid-responsible";

// Choosing a responsible person resolves the request (docs/product.md
// §Solicitações). Only the name of an active staff account is accepted
// (docs/decisions/0023-visitor-requests.md); the check and the write run in one
// transaction so a deactivation cannot slip between them.
export async function setRequestResponsible(
  db: DB,
  kind: RequestKind,
  id: number,
  name: string,
  actor: AuditActor,
): Promise<ResponsibleResult> {
  return db.transaction().execute(async (trx) => {
    const staff = await listActiveStaffNames(trx);
    if (!staff.includes(name)) return "invalid-responsible";
    const before = await trx
      .selectFrom(table(kind))
      .select(["status", "resolved_by"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return "not-found";
    const after = { status: "resolved" as const, resolved_by: name };
    await trx
      .updateTable(table(kind))
      .set({ ...after, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, { actor, action: "update", entity: AUDIT_ENTITY[kind], entityId: id, before, after });
    return "ok";
  });
}
