import type { Kysely } from "kysely";
import type { Database, ItemCondition } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { PrivateImageError, storePrivateWebp, type StoredPrivateImage } from "#app/models/files/private-images.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { localToday, addDays } from "#app/models/shared/days";
import { MAX_ITEM_PHOTOS, outcomeText } from "./labels";
import { queueStaffAlert } from "#app/models/email/staff-alerts.server";

// The tenant's contest (docs/decisions/0044-inspections.md): within
// INSPECTION_CONTEST_DAYS after an entry inspection is finalized, the tenant
// may contest any item with a note and photos; staff answer each. After the
// window the inspection is accepted as it is.

type DB = Kysely<Database>;

// The last day a contest is taken: the finalization's day (agency time) plus the window.
export function contestDeadline(finalizedDay: string, days: number) {
  return addDays(finalizedDay, days);
}

// "unreadable": a photo passed the check by content but could not be decoded
// (a truncated HEIC); nothing is stored.
export type ContestOutcome = "ok" | "missing" | "closed" | "too-many" | "unreadable";

// `today`: the agency's day; the window counts from the agency's day of finalization.
export async function contestItem(
  db: DB,
  clientId: number,
  itemId: number,
  input: { note: string; images: readonly Buffer[] },
  window: { today: string; days: number },
): Promise<ContestOutcome> {
  const item = await db
    .selectFrom("inspection_items")
    .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
    .innerJoin("inspections", "inspections.id", "inspection_rooms.inspection_id")
    .innerJoin("clients", "clients.id", "inspections.client_id")
    .select([
      "inspections.id",
      "inspections.kind",
      "inspections.finalized_at",
      "inspection_items.name",
      "clients.name as client_name",
    ])
    .where("inspection_items.id", "=", itemId)
    .where("inspections.client_id", "=", clientId)
    .executeTakeFirst();
  if (!item || !item.finalized_at || item.kind !== "entrada") return "missing";
  // A finalized correction replaces it: contests go to the correction.
  const replaced = await db
    .selectFrom("inspections")
    .select("id")
    .where("replaces_id", "=", item.id)
    .where("finalized_at", "is not", null)
    .executeTakeFirst();
  if (replaced) return "closed";
  // Accepted ("Aceito", decision 0080): the tenant agreed to the report as it is.
  const accepted = await db
    .selectFrom("document_acceptances")
    .innerJoin("issued_documents", "issued_documents.id", "document_acceptances.document_id")
    .select("document_acceptances.id")
    .where("issued_documents.kind", "=", "inspection_report")
    .where("issued_documents.ref_id", "=", item.id)
    .executeTakeFirst();
  if (accepted) return "closed";
  if (window.today > contestDeadline(localToday(new Date(item.finalized_at)), window.days)) return "closed";
  if (input.images.length > MAX_ITEM_PHOTOS) return "too-many";
  const stored: StoredPrivateImage[] = [];
  try {
    for (const image of input.images) stored.push(await storePrivateWebp(image));
    await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const row = await trx
        .insertInto("inspection_contests")
        .values({ item_id: itemId, note: input.note, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (stored.length)
        await trx
          .insertInto("inspection_contest_photos")
          .values(stored.map((s) => ({ contest_id: row.id, ...s, created_at: now })))
          .execute();
      await recordAudit(trx, {
        actor: null,
        action: "create",
        entity: "inspection_item",
        entityId: itemId,
        after: { contest: row.id, note: input.note, photos: stored.length },
      });
      await queueStaffAlert(trx, {
        key: `contest:${row.id}`,
        subject: `Contestação de vistoria: ${item.name}`,
        lines: [`${item.client_name} contestou o item "${item.name}" da vistoria de entrada:`, "", input.note],
        path: `/admin/vistorias/${item.id}`,
      });
    });
    return "ok";
  } catch (error) {
    await removePrivateFiles(stored.map((s) => s.file_key));
    if (error instanceof PrivateImageError) return "unreadable";
    throw error;
  }
}

// The answer and its outcome (`upheld`: the state the item counts as from
// now on; null: the state recorded stands). Answered once.
export async function answerContest(
  db: DB,
  contestId: number,
  answer: string,
  upheld: ItemCondition | null,
  actor: AuditActor,
) {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const done = await trx
      .updateTable("inspection_contests")
      .set({ answer, answered_at: now, answered_by_name: actor?.name ?? "Equipe", outcome_condition: upheld })
      .where("id", "=", contestId)
      .where("answered_at", "is", null)
      .returning("item_id")
      .executeTakeFirst();
    if (!done) return false;
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "inspection_item",
      entityId: done.item_id,
      after: { contest: contestId, answer, outcome_condition: upheld },
    });
    return true;
  });
}

// The contests of an inspection's items, with their photos' ids, oldest first.
export async function contestsOf(db: DB, inspectionId: number) {
  const contests = await db
    .selectFrom("inspection_contests")
    .innerJoin("inspection_items", "inspection_items.id", "inspection_contests.item_id")
    .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
    .selectAll("inspection_contests")
    .where("inspection_rooms.inspection_id", "=", inspectionId)
    .orderBy("inspection_contests.id")
    .execute();
  const photos = contests.length
    ? await db
        .selectFrom("inspection_contest_photos")
        .select(["id", "contest_id"])
        .where(
          "contest_id",
          "in",
          contests.map((c) => c.id),
        )
        .execute()
    : [];
  return contests.map((c) => ({ ...c, photos: photos.filter((p) => p.contest_id === c.id).map((p) => p.id) }));
}
export type ItemContest = Awaited<ReturnType<typeof contestsOf>>[number];

// An inspection's contests in words, for the "Registro de aceite" page
// (decision 0080): the item, what the tenant said, the agency's answer and
// what became of it.
export async function contestsInWords(db: DB, inspectionId: number) {
  const rows = await db
    .selectFrom("inspection_contests")
    .innerJoin("inspection_items", "inspection_items.id", "inspection_contests.item_id")
    .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
    .select([
      "inspection_rooms.name as room",
      "inspection_items.name as item",
      "inspection_items.condition",
      "inspection_contests.note",
      "inspection_contests.answer",
      "inspection_contests.outcome_condition",
    ])
    .where("inspection_rooms.inspection_id", "=", inspectionId)
    .orderBy("inspection_contests.id")
    .execute();
  return rows.map((r) => ({
    item: `${r.room}: ${r.item}`,
    note: r.note,
    answer: r.answer,
    outcome: r.answer === null ? "Sem resposta da imobiliária." : outcomeText(r.outcome_condition, r.condition),
  }));
}
