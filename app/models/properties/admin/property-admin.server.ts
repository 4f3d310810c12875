import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "#app/db/schema";
import { recordAudit, type AuditActor } from "#app/models/audit/audit.server";
import type { StoredImage } from "#app/models/properties/images";
import type { AdminPropertyRow, EditableImage, EditableProperty } from "./types";

export type { AdminPropertyRow, EditableImage, EditableProperty };
import { buildSearchText } from "#app/models/properties/search";
import type { PropertyInput } from "./property.schema";

// Data access of the back office's "Gestão de Imóveis". Plain functions taking
// the Kysely instance; every multi-step write runs in one transaction. Files
// on disk are the caller's business (property-write.server.ts): these functions
// only say which files belong to rows that were written or removed.

type DB = Kysely<Database>;

function parseWidths(widths: string): number[] {
  try {
    const list = JSON.parse(widths);
    return Array.isArray(list) ? list.filter((w): w is number => typeof w === "number") : [];
  } catch {
    return [];
  }
}

// Newest first, unpaginated (docs/product.md §Gestão de Imóveis); the Destaques
// tab keeps featured ones.
export async function listAdminProperties(
  db: DB,
  opts: { featuredOnly: boolean; modality: string | null },
): Promise<AdminPropertyRow[]> {
  let q = db
    .selectFrom("properties")
    .leftJoin("property_images as cover", (join) =>
      join.onRef("cover.property_id", "=", "properties.id").on("cover.position", "=", 0),
    )
    .select([
      "properties.id",
      "properties.property_code",
      "properties.name",
      "properties.location",
      "properties.price_cents",
      "properties.advertised_for",
      "properties.featured",
      "properties.type",
      "properties.created_at",
      "properties.leased_client_id",
      "cover.file_key",
      "cover.widths",
      "cover.width",
      "cover.height",
    ]);
  if (opts.featuredOnly) q = q.where("properties.featured", "=", 1);
  if (opts.modality) q = q.where("properties.advertised_for", "=", opts.modality);
  const rows = await q.orderBy("properties.created_at", "desc").orderBy("properties.id", "desc").execute();
  const seen = new Set<number>();
  const out: AdminPropertyRow[] = [];
  for (const r of rows) {
    if (seen.has(r.id)) continue; // two images at position 0 would repeat a row
    seen.add(r.id);
    out.push({
      id: r.id,
      property_code: r.property_code,
      name: r.name,
      location: r.location,
      price_cents: r.price_cents,
      advertised_for: r.advertised_for,
      featured: r.featured === 1,
      leased: r.leased_client_id !== null,
      type: r.type,
      created_at: r.created_at,
      cover: r.file_key
        ? { file_key: r.file_key, widths: parseWidths(r.widths ?? "[]"), width: r.width ?? 0, height: r.height ?? 0 }
        : null,
    });
  }
  return out;
}

export async function listPropertyImages(db: DB, propertyId: number): Promise<EditableImage[]> {
  const rows = await db
    .selectFrom("property_images")
    .select(["id", "position", "file_key", "widths", "width", "height"])
    .where("property_id", "=", propertyId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    position: r.position,
    file_key: r.file_key,
    widths: parseWidths(r.widths),
    width: r.width,
    height: r.height,
  }));
}

// The columns the form edits, as stored: what the edit page loads and an
// audit row compares.
const AUDITED_COLUMNS = [
  "name",
  "type",
  "status",
  "category",
  "location",
  "price_cents",
  "area",
  "bedrooms",
  "suites",
  "bathrooms",
  "parking_spaces",
  "description",
  "featured",
  "standard",
  "is_exclusive",
  "advertised_for",
  "cep",
] as const satisfies readonly (keyof ReturnType<typeof columns>)[];

export async function getPropertyForEdit(db: DB, id: number): Promise<EditableProperty | null> {
  const row = await db
    .selectFrom("properties")
    .select(["id", "property_code", ...AUDITED_COLUMNS])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...row,
    featured: row.featured === 1,
    is_exclusive: row.is_exclusive === 1,
    images: await listPropertyImages(db, id),
  };
}

function columns(input: PropertyInput) {
  return {
    name: input.name,
    type: input.type,
    status: input.status,
    category: input.category,
    location: input.location,
    price_cents: input.price,
    area: input.area,
    bedrooms: input.bedrooms,
    suites: input.suites,
    bathrooms: input.bathrooms,
    parking_spaces: input.parking_spaces,
    description: input.description,
    featured: input.featured ? 1 : 0,
    standard: input.standard,
    is_exclusive: input.is_exclusive ? 1 : 0,
    advertised_for: input.advertised_for,
    cep: input.cep ?? null,
  };
}

function imageRows(propertyId: number, images: StoredImage[], from: number, now: string) {
  return images.map((img, i) => ({
    property_id: propertyId,
    position: from + i,
    file_key: img.file_key,
    widths: JSON.stringify(img.widths),
    width: img.width,
    height: img.height,
    created_at: now,
  }));
}

export type NewPropertyValues = PropertyInput & {
  // Overrides for the demo seed, the benchmark and test fixtures; the back
  // office always takes the next code and the current time.
  property_code?: number;
  created_at?: string;
};

// The one way a property row is written: its sequential code (max + 1), its
// search_text and its images at positions 0..n-1 (the first is the cover), all
// or nothing, with its audit row. Called with a transaction, it joins it (the
// seed and the benchmark insert many rows in one). No actor: a script
// ("Sistema"); the back office always passes the staff member.
export async function insertProperty(
  db: DB,
  input: NewPropertyValues,
  images: StoredImage[] = [],
  actor: AuditActor = null,
) {
  const write = async (trx: Transaction<Database>) => {
    const now = input.created_at ?? new Date().toISOString();
    const values = columns(input);
    // The insert computes the code itself, so the transaction's first statement
    // is a write: SQLite takes the write lock at once (waiting on busy_timeout)
    // instead of failing when another connection wrote between a read of
    // max() and our insert.
    const { id, property_code } = await trx
      .insertInto("properties")
      .values({
        ...values,
        property_code: input.property_code ?? sql<number>`(select coalesce(max(property_code), 0) + 1 from properties)`,
        search_text: "",
        created_at: now,
        updated_at: now,
      })
      .returning(["id", "property_code"])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable("properties")
      .set({ search_text: buildSearchText({ ...values, property_code }) })
      .where("id", "=", id)
      .execute();
    const imageIds = images.length
      ? (
          await trx
            .insertInto("property_images")
            .values(imageRows(id, images, 0, now))
            .returning("id")
            .execute()
        ).map((r) => r.id)
      : [];
    await recordAudit(trx, {
      actor,
      action: "create",
      entity: "property",
      entityId: id,
      after: { property_code, ...values, images: imageIds },
    });
    return { id, property_code };
  };
  return db.isTransaction ? write(db as Transaction<Database>) : db.transaction().execute(write);
}

// The row and its gallery as a write finds them (what its audit row keeps),
// inside the write's transaction; null when the property is gone.
async function readForWrite(trx: Transaction<Database>, id: number) {
  const row = await trx
    .selectFrom("properties")
    .select(["property_code", ...AUDITED_COLUMNS])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const images = await trx
    .selectFrom("property_images")
    .select(["id", "file_key", "widths"])
    .where("property_id", "=", id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return { row, images };
}

// Updates the row and its gallery: `keptIds` (already checked to belong to the
// property) in their new order, then the new images. Returns the images whose
// rows were deleted (their files go after the commit), or null when the
// property no longer exists. The audit row lists the fields that changed and
// the gallery's image ids, before and after, in order.
export async function updateProperty(
  db: DB,
  id: number,
  input: PropertyInput,
  gallery: { keptIds: number[]; added: StoredImage[] },
  actor: AuditActor,
) {
  return db.transaction().execute(async (trx) => {
    const snapshot = await readForWrite(trx, id);
    if (!snapshot) return null;
    const { row: current, images: existing } = snapshot;
    // The kept ids come from the form the admin loaded; another admin may have
    // removed some since. Keep only those that still exist, and never leave
    // the property without images.
    const existingIds = new Set(existing.map((img) => img.id));
    const keptIds = gallery.keptIds.filter((imageId) => existingIds.has(imageId));
    if (keptIds.length + gallery.added.length < 1) return "stale" as const;
    const now = new Date().toISOString();
    const values = columns(input);
    await trx
      .updateTable("properties")
      .set({
        ...values,
        search_text: buildSearchText({ ...values, property_code: current.property_code }),
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    const keep = new Set(keptIds);
    const removed = existing.filter((img) => !keep.has(img.id));
    if (removed.length) {
      await trx
        .deleteFrom("property_images")
        .where("property_id", "=", id)
        .where(
          "id",
          "in",
          removed.map((img) => img.id),
        )
        .execute();
    }
    for (const [position, imageId] of keptIds.entries()) {
      await trx
        .updateTable("property_images")
        .set({ position })
        .where("id", "=", imageId)
        .where("property_id", "=", id)
        .execute();
    }
    const addedIds = gallery.added.length
      ? (
          await trx
            .insertInto("property_images")
            .values(imageRows(id, gallery.added, keptIds.length, now))
            .returning("id")
            .execute()
        ).map((r) => r.id)
      : [];
    const { property_code: _code, ...before } = current;
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "property",
      entityId: id,
      before: { ...before, images: existing.map((img) => img.id) },
      after: { ...values, images: [...keptIds, ...addedIds] },
    });
    return removed.map((img) => ({ file_key: img.file_key, widths: parseWidths(img.widths) }));
  });
}

// Flips the flag; null when there is no such property.
export async function toggleFeatured(db: DB, id: number, actor: AuditActor): Promise<boolean | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("properties").select("featured").where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    const featured = row.featured === 1 ? 0 : 1;
    await trx
      .updateTable("properties")
      .set({ featured, updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "update",
      entity: "property",
      entityId: id,
      before: { featured: row.featured },
      after: { featured },
    });
    return featured === 1;
  });
}

// Deletes the property (its image rows cascade) and returns the files it had,
// or null when there was no such property. The audit row keeps what was
// deleted.
export async function deletePropertyRow(db: DB, id: number, actor: AuditActor) {
  return db.transaction().execute(async (trx) => {
    const snapshot = await readForWrite(trx, id);
    if (!snapshot) return null;
    const { row, images } = snapshot;
    const result = await trx.deleteFrom("properties").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return null;
    await recordAudit(trx, {
      actor,
      action: "delete",
      entity: "property",
      entityId: id,
      before: { ...row, images: images.map((img) => img.id) },
    });
    return images.map((img) => ({ file_key: img.file_key, widths: parseWidths(img.widths) }));
  });
}
