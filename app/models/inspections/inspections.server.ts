import type { Kysely, Transaction } from "kysely";
import type { Database, InspectionKind } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import { removePrivateFiles } from "#app/models/files/private-store.server";
import { pageOf } from "#app/models/shared/paging.server";
import { searchCondition } from "#app/models/shared/search.server";
import type { ItemInput, NewInspectionInput } from "./inspection.schema";
import type { InspectionsQuery } from "./inspections-query";
import { DEFAULT_ITEMS } from "./labels";

// Inspections (docs/decisions/0044-inspections.md): a contract's entry or
// exit inspection, its rooms in order, each room's items and photos. Every
// edit refuses a finalized inspection ("locked"); each write is one
// transaction with its audit row.

type DB = Kysely<Database>;
type Trx = Transaction<Database>;

export type EditOutcome = "ok" | "missing" | "locked";

// The inspection of an inspection id, a room or an item, if it is still open.
export async function openInspectionOf(trx: Trx, where: { inspectionId?: number; roomId?: number; itemId?: number }) {
  let inspectionId = where.inspectionId;
  if (where.itemId !== undefined) {
    const item = await trx
      .selectFrom("inspection_items")
      .innerJoin("inspection_rooms", "inspection_rooms.id", "inspection_items.room_id")
      .select("inspection_rooms.inspection_id")
      .where("inspection_items.id", "=", where.itemId)
      .executeTakeFirst();
    inspectionId = item?.inspection_id;
  } else if (where.roomId !== undefined) {
    const room = await trx
      .selectFrom("inspection_rooms")
      .select("inspection_id")
      .where("id", "=", where.roomId)
      .executeTakeFirst();
    inspectionId = room?.inspection_id;
  }
  if (inspectionId === undefined) return "missing" as const;
  const row = await trx
    .selectFrom("inspections")
    .select(["id", "finalized_at"])
    .where("id", "=", inspectionId)
    .executeTakeFirst();
  if (!row) return "missing" as const;
  if (row.finalized_at) return "locked" as const;
  return row.id;
}

export const touch = (trx: Trx, id: number) =>
  trx.updateTable("inspections").set({ updated_at: new Date().toISOString() }).where("id", "=", id).execute();

export async function createInspection(db: DB, input: NewInspectionInput, actor: { id: number; name: string }) {
  return db.transaction().execute(async (trx) => {
    const client = await trx.selectFrom("clients").select("id").where("id", "=", input.client_id).executeTakeFirst();
    if (!client) return null;
    const now = new Date().toISOString();
    // An exit starts from the contract's last finalized entry: its rooms and
    // items, each to be rated again, linked for the comparison.
    const entry =
      input.kind === "saida"
        ? await trx
            .selectFrom("inspections")
            .select("id")
            .where("client_id", "=", input.client_id)
            .where("kind", "=", "entrada")
            .where("finalized_at", "is not", null)
            .orderBy("date", "desc")
            .orderBy("id", "desc")
            .executeTakeFirst()
        : undefined;
    const row = await trx
      .insertInto("inspections")
      .values({
        client_id: input.client_id,
        kind: input.kind,
        date: input.date,
        inspector_id: actor.id,
        inspector_name: actor.name,
        entry_id: entry?.id ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (entry) {
      const rooms = await trx
        .selectFrom("inspection_rooms")
        .selectAll()
        .where("inspection_id", "=", entry.id)
        .orderBy("position")
        .orderBy("id")
        .execute();
      for (const room of rooms) {
        const copy = await trx
          .insertInto("inspection_rooms")
          .values({ inspection_id: row.id, name: room.name, position: room.position })
          .returning("id")
          .executeTakeFirstOrThrow();
        const items = await trx
          .selectFrom("inspection_items")
          .select(["id", "name", "position"])
          .where("room_id", "=", room.id)
          .orderBy("position")
          .orderBy("id")
          .execute();
        if (items.length)
          await trx
            .insertInto("inspection_items")
            .values(items.map((i) => ({ room_id: copy.id, name: i.name, position: i.position, entry_item_id: i.id })))
            .execute();
      }
    }
    await recordAudit(trx, {
      actor,
      action: "create",
      entity: "inspection",
      entityId: row.id,
      after: { ...input, entry_id: entry?.id ?? null },
    });
    return row.id;
  });
}

// The Vistorias tab (docs/product.md §Vistorias): one page, newest first;
// ?busca= finds the client (name, CPF/CNPJ, address) or the inspector,
// ?tipo= and ?situacao= filter (inspections-query.ts).
export async function listInspections(db: DB, q: InspectionsQuery) {
  let filtered = db.selectFrom("inspections").innerJoin("clients", "clients.id", "inspections.client_id");
  if (q.kind) filtered = filtered.where("inspections.kind", "=", q.kind);
  if (q.state) filtered = filtered.where("inspections.finalized_at", q.state === "finalizada" ? "is not" : "is", null);
  const found = searchCondition(q.search, {
    text: ["clients.name", "clients.property_address", "inspections.inspector_name"],
    documents: ["clients.cpf_cnpj"],
  });
  if (found) filtered = filtered.where(found);
  return pageOf(filtered, q.page, (query) =>
    query
      .select([
        "inspections.id",
        "inspections.client_id",
        "clients.name as client_name",
        "inspections.kind",
        "inspections.date",
        "inspections.inspector_name",
        "inspections.finalized_at",
      ])
      .select((eb) =>
        eb
          .selectFrom("inspection_rooms")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("inspection_rooms.inspection_id", "=", "inspections.id")
          .as("rooms"),
      )
      .orderBy("inspections.date", "desc")
      .orderBy("inspections.id", "desc"),
  );
}
export type InspectionListItem = Awaited<ReturnType<typeof listInspections>>["rows"][number];

// An inspection with its rooms, items and photos, in order, and its meters'
// photos. `clientId`: only if it is that client's (the client area).
export async function getInspection(db: DB, id: number, clientId?: number) {
  let q = db
    .selectFrom("inspections")
    .innerJoin("clients", "clients.id", "inspections.client_id")
    .selectAll("inspections")
    .select(["clients.name as client_name", "clients.property_address", "clients.email as client_email"])
    .where("inspections.id", "=", id);
  if (clientId !== undefined) q = q.where("inspections.client_id", "=", clientId);
  const inspection = await q.executeTakeFirst();
  if (!inspection) return null;
  const rooms = await db
    .selectFrom("inspection_rooms")
    .selectAll()
    .where("inspection_id", "=", id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const roomIds = rooms.map((r) => r.id);
  const items = roomIds.length
    ? await db
        .selectFrom("inspection_items")
        .selectAll()
        .where("room_id", "in", roomIds)
        .orderBy("position")
        .orderBy("id")
        .execute()
    : [];
  const itemIds = items.map((i) => i.id);
  const photos = itemIds.length
    ? await db
        .selectFrom("inspection_photos")
        .select(["id", "item_id", "width", "height", "taken_at"])
        .where("item_id", "in", itemIds)
        .orderBy("id")
        .execute()
    : [];
  const meterPhotos = await db
    .selectFrom("inspection_meter_photos")
    .select(["id", "meter", "taken_at"])
    .where("inspection_id", "=", id)
    .execute();
  return {
    ...inspection,
    meterPhotos,
    rooms: rooms.map((room) => ({
      ...room,
      items: items
        .filter((i) => i.room_id === room.id)
        .map((item) => ({ ...item, photos: photos.filter((p) => p.item_id === item.id) })),
    })),
  };
}
export type InspectionDetail = NonNullable<Awaited<ReturnType<typeof getInspection>>>;

// A room at the end, with the usual items to rate (each can be removed).
export async function addRoom(db: DB, inspectionId: number, name: string, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const open = await openInspectionOf(trx, { inspectionId });
    if (typeof open === "string") return { outcome: open } as const;
    const last = await trx
      .selectFrom("inspection_rooms")
      .select((eb) => eb.fn.max("position").as("p"))
      .where("inspection_id", "=", inspectionId)
      .executeTakeFirst();
    const room = await trx
      .insertInto("inspection_rooms")
      .values({ inspection_id: inspectionId, name, position: Number(last?.p ?? -1) + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("inspection_items")
      .values(DEFAULT_ITEMS.map((item, position) => ({ room_id: room.id, name: item, position })))
      .execute();
    await touch(trx, inspectionId);
    await recordAudit(trx, { actor, action: "create", entity: "inspection_room", entityId: room.id, after: { name } });
    return { outcome: "ok", roomId: room.id } as const;
  });
}

// Swaps a room with its neighbour ("up" or "down").
export async function moveRoom(db: DB, roomId: number, direction: "up" | "down"): Promise<EditOutcome> {
  return db.transaction().execute(async (trx) => {
    const open = await openInspectionOf(trx, { roomId });
    if (typeof open === "string") return open;
    const rooms = await trx
      .selectFrom("inspection_rooms")
      .select(["id", "position"])
      .where("inspection_id", "=", open)
      .orderBy("position")
      .orderBy("id")
      .execute();
    const i = rooms.findIndex((r) => r.id === roomId);
    const j = direction === "up" ? i - 1 : i + 1;
    if (j < 0 || j >= rooms.length) return "ok";
    [rooms[i], rooms[j]] = [rooms[j], rooms[i]];
    for (const [position, r] of rooms.entries())
      await trx.updateTable("inspection_rooms").set({ position }).where("id", "=", r.id).execute();
    await touch(trx, open);
    return "ok";
  });
}

export async function deleteRoom(db: DB, roomId: number, actor: AuditActor): Promise<EditOutcome> {
  const keys: string[] = [];
  const outcome = await db.transaction().execute(async (trx) => {
    const open = await openInspectionOf(trx, { roomId });
    if (typeof open === "string") return open;
    const photos = await trx
      .selectFrom("inspection_photos")
      .innerJoin("inspection_items", "inspection_items.id", "inspection_photos.item_id")
      .select("inspection_photos.file_key")
      .where("inspection_items.room_id", "=", roomId)
      .execute();
    keys.push(...photos.map((p) => p.file_key));
    await trx.deleteFrom("inspection_rooms").where("id", "=", roomId).execute();
    await touch(trx, open);
    await recordAudit(trx, { actor, action: "delete", entity: "inspection_room", entityId: roomId });
    return "ok" as const;
  });
  // The photos' files go once their rows are gone.
  if (outcome === "ok") await removePrivateFiles(keys);
  return outcome;
}

export async function addItem(db: DB, roomId: number, input: ItemInput, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const open = await openInspectionOf(trx, { roomId });
    if (typeof open === "string") return { outcome: open } as const;
    const last = await trx
      .selectFrom("inspection_items")
      .select((eb) => eb.fn.max("position").as("p"))
      .where("room_id", "=", roomId)
      .executeTakeFirst();
    const item = await trx
      .insertInto("inspection_items")
      .values({
        room_id: roomId,
        name: input.name,
        condition: input.condition ?? null,
        note: input.note ?? null,
        position: Number(last?.p ?? -1) + 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await touch(trx, open);
    await recordAudit(trx, { actor, action: "create", entity: "inspection_item", entityId: item.id, after: input });
    return { outcome: "ok", itemId: item.id } as const;
  });
}

export async function updateItem(db: DB, itemId: number, input: ItemInput, actor: AuditActor): Promise<EditOutcome> {
  return db.transaction().execute(async (trx) => {
    const open = await openInspectionOf(trx, { itemId });
    if (typeof open === "string") return open;
    const before = await trx
      .selectFrom("inspection_items")
      .select(["name", "condition", "note"])
      .where("id", "=", itemId)
      .executeTakeFirstOrThrow();
    const after = { name: input.name, condition: input.condition ?? null, note: input.note || null };
    await trx.updateTable("inspection_items").set(after).where("id", "=", itemId).execute();
    await touch(trx, open);
    await recordAudit(trx, { actor, action: "update", entity: "inspection_item", entityId: itemId, before, after });
    return "ok";
  });
}

export async function deleteItem(db: DB, itemId: number, actor: AuditActor): Promise<EditOutcome> {
  const keys: string[] = [];
  const outcome = await db.transaction().execute(async (trx) => {
    const open = await openInspectionOf(trx, { itemId });
    if (typeof open === "string") return open;
    const photos = await trx.selectFrom("inspection_photos").select("file_key").where("item_id", "=", itemId).execute();
    keys.push(...photos.map((p) => p.file_key));
    await trx.deleteFrom("inspection_items").where("id", "=", itemId).execute();
    await touch(trx, open);
    await recordAudit(trx, { actor, action: "delete", entity: "inspection_item", entityId: itemId });
    return "ok" as const;
  });
  if (outcome === "ok") await removePrivateFiles(keys);
  return outcome;
}

export const inspectionKindOf = async (db: DB, id: number): Promise<InspectionKind | null> =>
  (await db.selectFrom("inspections").select("kind").where("id", "=", id).executeTakeFirst())?.kind ?? null;
