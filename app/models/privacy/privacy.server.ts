import { createHash } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { deleteClientIn } from "#app/models/clients/clients.server";
import { ANONYMIZED } from "./anonymized";
import { blockers, collect, normal, summarize } from "./personal-data.server";
import { anonymizeClientIn } from "./fiscal-keep.server";

// LGPD (docs/decisions/0013-privacy.md): the export and the erasure by the
// master of what the agency holds about one email address (gathered by
// personal-data.server.ts), and the retention period of visitor requests. Every write runs in one transaction with its audit row.
// The audit rows name the subject by a hash of the email, never the email.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

// What the audit trail keeps instead of the address: the same address always
// gives the same id, so the master can tell that two rows are about the same
// person without the trail holding the address after its erasure.
export function subjectId(email: string) {
  return `sha256:${createHash("sha256").update(normal(email)).digest("hex").slice(0, 16)}`;
}

export async function previewPersonalData(db: DB, email: string) {
  const found = await collect(db, email);
  return { counts: summarize(found), blockers: blockers(found) };
}

// The export (LGPD art. 18, II and V): every row held, as JSON, recorded in
// the audit trail with the counts.
export async function exportPersonalData(db: DB, email: string, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const found = await collect(trx, email);
    const counts = summarize(found);
    await recordAudit(trx, {
      actor,
      action: "export",
      entity: "personal_data",
      entityId: subjectId(email),
      after: counts,
    });
    return {
      email: normal(email),
      exported_at: new Date().toISOString(),
      visitor_requests: { ideal_property: found.idealRequests, property_listing: found.listingRequests },
      clients: found.clients,
      property_owner_in_client_records: found.ownerOf,
      accounts: found.accounts,
    };
  });
}

// The personal fields of a visitor request, replaced; what is left (dates,
// status, the kind of property) keeps the agency's statistics.
async function anonymizeRequests(trx: Trx, ids: { ideal: number[]; owner: number[] }, now: string) {
  if (ids.ideal.length) {
    await trx
      .updateTable("ideal_property_requests")
      .set({
        name: ANONYMIZED.name,
        email: ANONYMIZED.email,
        phone: null,
        ideal_property: ANONYMIZED.text,
        anonymized_at: now,
        updated_at: now,
      })
      .where("id", "in", ids.ideal)
      .execute();
  }
  if (ids.owner.length) {
    await trx
      .updateTable("property_listing_requests")
      .set({
        name: ANONYMIZED.name,
        email: ANONYMIZED.email,
        phone: "",
        address: ANONYMIZED.text,
        description: null,
        anonymized_at: now,
        updated_at: now,
      })
      .where("id", "in", ids.owner)
      .execute();
  }
}

// Fields of the audit trail that hold the person's own data. An erasure
// redacts them in the audit rows of the rows it erased: the trail keeps who
// did what and when, not what was erased.
const PERSONAL_FIELDS = new Set([
  "name",
  "email",
  "phone",
  "username",
  "cpf_cnpj",
  "property_address",
  "owner_name",
  "owner_email",
  "owner_phone",
  "pix_key",
  "bank_account",
  "ideal_property",
  "address",
  "description",
  "title",
  "admin_notes",
  "ended_reason",
]);
const REDACTED = "[removido]";

type AuditTarget = { entity: string; ids: number[] };

async function redactAudit(trx: Trx, targets: AuditTarget[]) {
  for (const { entity, ids } of targets) {
    if (!ids.length) continue;
    const rows = await trx
      .selectFrom("audit_log")
      .select(["id", "changes"])
      .where("entity", "=", entity)
      .where("entity_id", "in", ids.map(String))
      .execute();
    for (const row of rows) {
      let changes: Record<string, [unknown, unknown]>;
      try {
        changes = JSON.parse(row.changes);
      } catch {
        continue;
      }
      let touched = false;
      for (const [field, pair] of Object.entries(changes)) {
        if (!PERSONAL_FIELDS.has(field) || !Array.isArray(pair)) continue;
        changes[field] = [pair[0] == null ? pair[0] : REDACTED, pair[1] == null ? pair[1] : REDACTED];
        touched = true;
      }
      if (touched)
        await trx
          .updateTable("audit_log")
          .set({ changes: JSON.stringify(changes) })
          .where("id", "=", row.id)
          .execute();
    }
  }
}

export type EraseResult =
  | { ok: true; counts: ReturnType<typeof summarize>; files: string[]; auditId: number }
  | { ok: false; blockers: string[] };

// The erasure (LGPD art. 18, VI): visitor requests anonymised; client records
// without money history deleted with everything they own (deleteClientIn);
// client records with money history anonymised, their fiscal records kept
// (fiscal-keep.server.ts, LGPD art. 16, I); client logins deleted. Refused
// whole (nothing changed) when a staff account, an owner, or a client with
// money history whose contract was not ended has the address. Returns the
// private files to remove after the commit, and the audit row the result
// page reads.
export async function erasePersonalData(db: DB, email: string, actor: AuditActor): Promise<EraseResult> {
  return db.transaction().execute(async (trx) => {
    const found = await collect(trx, email);
    const refused = blockers(found);
    if (refused.length) return { ok: false as const, blockers: refused };
    const counts = summarize(found);
    const now = new Date().toISOString();
    await anonymizeRequests(
      trx,
      { ideal: found.idealRequests.map((r) => r.id), owner: found.listingRequests.map((r) => r.id) },
      now,
    );
    const files: string[] = [];
    for (const c of found.clients) {
      if (found.fiscal.has(c.id)) {
        files.push(...(await anonymizeClientIn(trx, c.id, actor, now)));
        continue;
      }
      const deleted = await deleteClientIn(trx, c.id, actor);
      if (deleted?.ok) files.push(...deleted.files);
    }
    // Logins of the address that no client record linked (deleted above with theirs).
    const left = found.accounts
      .filter((a) => a.role === "client" && !found.clients.some((c) => c.user_id === a.id))
      .map((a) => a.id);
    if (left.length) await trx.deleteFrom("users").where("id", "in", left).where("role", "=", "client").execute();
    await redactAudit(trx, [
      { entity: "client", ids: found.clients.map((c) => c.id) },
      { entity: "client_account", ids: found.accounts.map((a) => a.id) },
      { entity: "maintenance_request", ids: found.clients.flatMap((c) => c.maintenance_requests.map((m) => m.id)) },
      { entity: "ideal_request", ids: found.idealRequests.map((r) => r.id) },
      { entity: "owner_request", ids: found.listingRequests.map((r) => r.id) },
    ]);
    await recordAudit(trx, {
      actor,
      action: "erase",
      entity: "personal_data",
      entityId: subjectId(email),
      after: counts,
    });
    const { id: auditId } = await trx
      .selectFrom("audit_log")
      .select("id")
      .where("entity", "=", "personal_data")
      .where("entity_id", "=", subjectId(email))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return { ok: true as const, counts, files, auditId };
  });
}

export type ErasureCounts = ReturnType<typeof summarize>;

// What an erasure did, as its result page shows it (/admin/privacidade?eliminacao=<id>):
// the counts its audit row keeps (never the address). null: no such erasure.
export async function erasureResult(db: DB, auditId: number): Promise<ErasureCounts | null> {
  const row = await db
    .selectFrom("audit_log")
    .select(["changes", "created_at"])
    .where("id", "=", auditId)
    .where("entity", "=", "personal_data")
    .where("action", "=", "erase")
    .executeTakeFirst();
  if (!row) return null;
  let changes: Record<string, [unknown, unknown]>;
  try {
    changes = JSON.parse(row.changes);
  } catch {
    return null;
  }
  const count = (field: keyof ErasureCounts) => {
    const value = changes[field]?.[1];
    return typeof value === "number" ? value : 0;
  };
  return {
    idealRequests: count("idealRequests"),
    listingRequests: count("listingRequests"),
    clients: count("clients"),
    contracts: count("contracts"),
    billings: count("billings"),
    maintenanceRequests: count("maintenanceRequests"),
    accounts: count("accounts"),
    ownerOf: count("ownerOf"),
    fiscalClients: count("fiscalClients"),
    keptBillings: count("keptBillings"),
    keptReceipts: count("keptReceipts"),
    keptContracts: count("keptContracts"),
  };
}

// The retention period: visitor requests older than `months` are anonymised
// by the hourly job (server.ts), each with its audit row ("Sistema").
export async function anonymizeExpiredRequests(db: DB, months: number, now = new Date()) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const before = cutoff.toISOString();
  return db.transaction().execute(async (trx) => {
    const pick = (table: "ideal_property_requests" | "property_listing_requests") =>
      trx
        .selectFrom(table)
        .select("id")
        .where("anonymized_at", "is", null)
        .where("created_at", "<", before)
        .orderBy("id")
        .execute();
    const ids = {
      ideal: (await pick("ideal_property_requests")).map((r) => r.id),
      owner: (await pick("property_listing_requests")).map((r) => r.id),
    };
    const at = now.toISOString();
    await anonymizeRequests(trx, ids, at);
    for (const id of ids.ideal)
      await recordAudit(trx, {
        actor: null,
        action: "anonymize",
        entity: "ideal_request",
        entityId: id,
        after: { anonymized_at: at },
      });
    for (const id of ids.owner)
      await recordAudit(trx, {
        actor: null,
        action: "anonymize",
        entity: "owner_request",
        entityId: id,
        after: { anonymized_at: at },
      });
    return ids.ideal.length + ids.owner.length;
  });
}
