import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from "kysely";
import type { Database, PropertiesTable } from "#app/db/schema";
import { DEFAULT_SORT, type PropertyFilter, type Sort } from "./filters";
import type { StoredImage } from "./images";
import type { PropertyCard, PropertyDetail } from "./types";
import { PAGE_SIZE, PRICE_RANGES, neighborhoodOf, type PropertyCategory } from "./options";
import { codeFromQuery, formatPropertyCode, likePattern, normalizeText } from "./search";
import { cents } from "#app/models/shared/money";

type DB = Kysely<Database>;

const cardColumns = [
  "properties.id",
  "properties.property_code",
  "properties.name",
  "properties.type",
  "properties.status",
  "properties.category",
  "properties.location",
  "properties.price_cents",
  "properties.area",
  "properties.bedrooms",
  "properties.suites",
  "properties.bathrooms",
  "properties.parking_spaces",
  "properties.featured",
  "properties.standard",
  "properties.is_exclusive",
  "properties.advertised_for",
  "properties.created_at",
] as const;

type Row = Omit<Selectable<PropertiesTable>, "description" | "search_text" | "updated_at" | "cep" | "leased_client_id">;

// The listings visitors may find: not one a running contract rents
// (properties.leased_client_id, migration 0039; decision 0070).
function available<O>(q: SelectQueryBuilder<Database, "properties", O>) {
  return q.where("properties.leased_client_id", "is", null);
}

function toStored(r: { file_key: string; widths: string; width: number; height: number }): StoredImage {
  return { file_key: r.file_key, widths: JSON.parse(r.widths) as number[], width: r.width, height: r.height };
}

async function withCovers(db: DB, rows: Row[]): Promise<PropertyCard[]> {
  if (rows.length === 0) return [];
  const covers = await db
    .selectFrom("property_images")
    .select(["property_id", "file_key", "widths", "width", "height"])
    .where(
      "property_id",
      "in",
      rows.map((r) => r.id),
    )
    .where("position", "=", 0)
    .execute();
  const byId = new Map(covers.map((c) => [c.property_id, toStored(c)]));
  return rows.map((r) => ({
    ...r,
    featured: r.featured === 1,
    is_exclusive: r.is_exclusive === 1,
    cover: byId.get(r.id) ?? null,
  }));
}

function applyFilter<O>(q: SelectQueryBuilder<Database, "properties", O>, filter: PropertyFilter) {
  if (filter.kind === "search") {
    const code = codeFromQuery(filter.text);
    const pattern = likePattern(normalizeText(filter.text));
    return q.where((eb) =>
      code != null
        ? eb.or([eb("property_code", "=", code), sql<boolean>`search_text like ${pattern} escape '\\'`])
        : sql<boolean>`search_text like ${pattern} escape '\\'`,
    );
  }
  if (filter.kind === "filters") {
    if (filter.type) q = q.where("type", "=", filter.type);
    if (filter.category) q = q.where("category", "=", filter.category);
    if (filter.neighborhood) q = q.where("location", "like", likePattern(filter.neighborhood));
    if (filter.advertisedFor) q = q.where("advertised_for", "=", filter.advertisedFor);
    if (filter.bedrooms) q = q.where("bedrooms", ">=", filter.bedrooms);
    if (filter.parking) q = q.where("parking_spaces", ">=", filter.parking);
    if (filter.priceRange) {
      const { min, max } = PRICE_RANGES[filter.priceRange];
      q = q.where("price_cents", "is not", null);
      if (min != null) q = q.where("price_cents", ">", cents(min));
      if (max != null) q = q.where("price_cents", "<=", cents(max));
    }
  }
  return q;
}

// Newest first is the tie-break of every order, so a page never shuffles.
// SOB CONSULTA (NULL price) sorts after every priced listing in both price
// orders: it is neither the cheapest nor the dearest (decision 0011).
function applySort<O>(q: SelectQueryBuilder<Database, "properties", O>, sort: Sort) {
  if (sort === "menor-preco") q = q.orderBy(sql`price_cents is null`).orderBy("price_cents", "asc");
  else if (sort === "maior-preco") q = q.orderBy(sql`price_cents is null`).orderBy("price_cents", "desc");
  else if (sort === "maior-area") q = q.orderBy("area", "desc");
  return q.orderBy("created_at", "desc").orderBy("id", "desc");
}

export async function searchProperties(db: DB, filter: PropertyFilter, page: number, sort: Sort = DEFAULT_SORT) {
  let total: number;
  if (filter.kind === "latest") {
    const { count } = await available(
      db.selectFrom("properties").select((eb) => eb.fn.countAll<number>().as("count")),
    ).executeTakeFirstOrThrow();
    total = Math.min(Number(count), filter.count);
  } else {
    const { count } = await applyFilter(
      available(db.selectFrom("properties").select((eb) => eb.fn.countAll<number>().as("count"))),
      filter,
    ).executeTakeFirstOrThrow();
    total = Number(count);
  }
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const offset = (current - 1) * PAGE_SIZE;
  const limit = Math.max(0, Math.min(PAGE_SIZE, total - offset));
  // "latest N" is the N newest whatever the order asked (decision 0011).
  const rows =
    limit === 0
      ? []
      : await applySort(
          applyFilter(available(db.selectFrom("properties").select(cardColumns)), filter),
          filter.kind === "latest" ? DEFAULT_SORT : sort,
        )
          .limit(limit)
          .offset(offset)
          .execute();
  return { items: await withCovers(db, rows), total, page: current, pageCount };
}

export async function listFeatured(db: DB, limit = 24) {
  const rows = await db
    .selectFrom("properties")
    .select(cardColumns)
    .where("properties.leased_client_id", "is", null)
    .where("featured", "=", 1)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  // A property without id, name or location is dropped from the featured list
  // (docs/product.md §Início, 5).
  return withCovers(
    db,
    rows.filter((r) => r.id && r.name.trim() && r.location.trim()),
  );
}

export async function listByCategory(db: DB, category: PropertyCategory) {
  const rows = await db
    .selectFrom("properties")
    .select(cardColumns)
    .where("properties.leased_client_id", "is", null)
    .where("category", "=", category)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return withCovers(db, rows);
}

// Developments: launches and works in progress, whatever their category label.
export async function listDevelopments(db: DB) {
  const rows = await db
    .selectFrom("properties")
    .select(cardColumns)
    .where("properties.leased_client_id", "is", null)
    .where((eb) =>
      eb.or([
        eb("advertised_for", "=", "LANÇAMENTO"),
        eb("category", "in", ["Lançamentos de Empreendimentos Imobiliários", "Em Obras"]),
      ]),
    )
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return withCovers(db, rows);
}

export async function countProperties(db: DB) {
  const { count } = await available(
    db.selectFrom("properties").select((eb) => eb.fn.countAll<number>().as("count")),
  ).executeTakeFirstOrThrow();
  return Number(count);
}

export async function getProperty(db: DB, id: number): Promise<PropertyDetail | null> {
  const row = await db
    .selectFrom("properties")
    .select([...cardColumns, "properties.description", "properties.updated_at"])
    // Rented now: the page says so (decision 0070); which contract is not the visitor's business.
    .select(sql<number>`leased_client_id is not null`.as("leased"))
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const images = await db
    .selectFrom("property_images")
    .select(["file_key", "widths", "width", "height"])
    .where("property_id", "=", id)
    .orderBy("position")
    .execute();
  const stored = images.map(toStored);
  return {
    ...row,
    leased: row.leased === 1,
    featured: row.featured === 1,
    is_exclusive: row.is_exclusive === 1,
    cover: stored[0] ?? null,
    images: stored,
  };
}

export async function listForSitemap(db: DB) {
  return available(db.selectFrom("properties").select(["id", "updated_at"]))
    .orderBy("id")
    .execute();
}

// "Imóveis semelhantes" under a property's description: up to `limit` others of
// the same type or in the same neighbourhood. Those of the same modality come
// first (a rent is no match for a sale), then both type and neighbourhood,
// then the closest price (SOB CONSULTA after priced ones; for a SOB CONSULTA
// property, other SOB CONSULTA first), then the newest.
export async function listSimilar(
  db: DB,
  p: Pick<PropertyCard, "id" | "type" | "location" | "price_cents" | "advertised_for">,
  limit = 4,
) {
  const neighborhood = neighborhoodOf(p.location);
  const inNeighborhood = neighborhood
    ? sql<boolean>`location like ${likePattern(neighborhood)} escape '\\'`
    : sql<boolean>`0`;
  const rows = await db
    .selectFrom("properties")
    .select(cardColumns)
    .where("properties.leased_client_id", "is", null)
    .where("id", "!=", p.id)
    .where((eb) => eb.or([eb("type", "=", p.type), inNeighborhood]))
    .orderBy(sql`advertised_for = ${p.advertised_for}`, "desc")
    .orderBy(sql`type = ${p.type} and ${inNeighborhood}`, "desc")
    .orderBy(sql`price_cents is null`, p.price_cents == null ? "desc" : "asc")
    .orderBy(sql`abs(coalesce(price_cents, 0) - ${p.price_cents ?? 0})`)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return withCovers(db, rows);
}

export async function propertyExists(db: DB, id: number) {
  return (await db.selectFrom("properties").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
}

// Code and name of the properties that visitors' requests name (the inbox's
// "Imóvel" link). A deleted property is simply absent.
export async function propertyLabels(db: DB, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  if (wanted.length === 0) return {};
  const rows = await db
    .selectFrom("properties")
    .select(["id", "property_code", "name"])
    .where("id", "in", wanted)
    .execute();
  return Object.fromEntries(
    rows.map((r) => [r.id, { code: formatPropertyCode(r.property_code), name: r.name }]),
  ) as Record<number, { code: string; name: string }>;
}
