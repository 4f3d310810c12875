import type { Kysely } from "kysely";
import type { Database } from "#app/db/schema";
import { feedIssues, type FeedProperty } from "./vrsync";

// The rows the portal feed is made of: every property (the site has no
// unpublished state) with its photos in gallery order, split into those the
// portals accept and those left out with the reasons.

type DB = Kysely<Database>;

async function loadCandidates(db: DB): Promise<FeedProperty[]> {
  const rows = await db
    .selectFrom("properties")
    .select([
      "id",
      "property_code",
      "name",
      "type",
      "category",
      "location",
      "cep",
      "price_cents",
      "area",
      "bedrooms",
      "suites",
      "bathrooms",
      "parking_spaces",
      "description",
      "advertised_for",
    ])
    .orderBy("property_code")
    .execute();
  const images = await db
    .selectFrom("property_images")
    .select(["property_id", "file_key"])
    .orderBy("property_id")
    .orderBy("position")
    .orderBy("id")
    .execute();
  const photos = new Map<number, string[]>();
  for (const img of images) {
    const list = photos.get(img.property_id);
    if (list) list.push(img.file_key);
    else photos.set(img.property_id, [img.file_key]);
  }
  return rows.map((r) => ({ ...r, photos: photos.get(r.id) ?? [] }));
}

// A listing rented now stays off the portals too (decision 0070).
const LEASED = "Alugado: fora do site e dos portais enquanto o contrato corre";

async function leasedIds(db: DB) {
  const rows = await db.selectFrom("properties").select("id").where("leased_client_id", "is not", null).execute();
  return new Set(rows.map((r) => r.id));
}

function issuesOf(p: FeedProperty, leased: ReadonlySet<number>) {
  const issues = feedIssues({ ...p, photoCount: p.photos.length });
  return leased.has(p.id) ? [...issues, LEASED] : issues;
}

export async function loadFeed(db: DB) {
  const all = await loadCandidates(db);
  const leased = await leasedIds(db);
  return all.filter((p) => issuesOf(p, leased).length === 0);
}

// For the back office's list: property id -> why it is not in the feed
// (absent: it is).
export async function listFeedIssues(db: DB): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const leased = await leasedIds(db);
  for (const p of await loadCandidates(db)) {
    const issues = issuesOf(p, leased);
    if (issues.length) out.set(p.id, issues);
  }
  return out;
}

// A stored listing photo by its key: only keys of existing property images
// are served (a removed photo, a guessed or malformed key: null).
export async function findListingPhoto(db: DB, fileKey: string) {
  const row = await db
    .selectFrom("property_images")
    .select(["file_key", "widths"])
    .where("file_key", "=", fileKey)
    .executeTakeFirst();
  if (!row) return null;
  let widths: unknown;
  try {
    widths = JSON.parse(row.widths);
  } catch {
    return null;
  }
  const list = Array.isArray(widths) ? widths.filter((w): w is number => Number.isInteger(w) && w > 0) : [];
  return list.length ? { file_key: row.file_key, widths: list } : null;
}
