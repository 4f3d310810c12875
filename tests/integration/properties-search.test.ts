import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { insertProperty } from "#app/models/properties/admin/property-admin.server";
import type { PropertyInput } from "#app/models/properties/admin/property.schema";
import { parseFilter, parseSort } from "#app/models/properties/filters";
import { getProperty, listFeatured, listSimilar, searchProperties } from "#app/models/properties/properties.server";
import { tempDatabase } from "#tests/fixtures/temp-db";
import { cents } from "#app/models/shared/money";

// The list queries against a real, freshly migrated SQLite file.
let db: Kysely<Database>;
let cleanup: () => Promise<void>;

// Through the app's one write path for properties (code and search_text).
async function insert(code: number, fields: Partial<PropertyInput> & { name: string; location: string }) {
  const { id } = await insertProperty(db, {
    type: "Casa",
    status: "ready",
    category: "Imóveis Usados",
    price: cents(250_000_00),
    area: 100,
    bedrooms: 2,
    suites: 0,
    bathrooms: 1,
    parking_spaces: 1,
    description: null,
    featured: false,
    standard: "MEDIO PADRÃO",
    is_exclusive: false,
    advertised_for: "COMPRA",
    ...fields,
    property_code: code,
    created_at: new Date(Date.UTC(2026, 0, 1) + code * 60_000).toISOString(),
  });
  return id;
}

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("search-it-"));
  await insert(1, {
    name: "Chácara Água Clara",
    location: "Estrada X - Portal das Águas, Três Lagoas - MS",
    type: "Terreno",
    price: null,
  });
  await insert(2, {
    name: "Casa no Centro",
    location: "Rua A, 1 - Centro, Três Lagoas - MS",
    price: cents(300_000_00),
    featured: true,
  });
  await insert(3, {
    name: "Apartamento Alvorada",
    location: "Rua B, 2 - Jardim Alvorada, Três Lagoas - MS",
    type: "Apartamento",
    price: cents(300_000_01),
    advertised_for: "LOCAÇÃO",
  });
  await insert(100, {
    name: "Sala 100% comercial",
    location: "Av. C, 3 - Centro, Três Lagoas - MS",
    type: "Sala",
    price: cents(1_500_000_00),
  });
  for (let i = 0; i < 12; i++)
    await insert(200 + i, { name: `Lote ${i}`, location: "Rua D - Interlagos, Três Lagoas - MS", type: "Terreno" });
});

afterAll(() => cleanup());

const names = (r: { items: { name: string }[] }) => r.items.map((i) => i.name);

describe("searchProperties", () => {
  it("matches text without case or accents", async () => {
    const r = await searchProperties(db, parseFilter(new URLSearchParams("search=AGUA clara")), 1);
    expect(names(r)).toEqual(["Chácara Água Clara"]);
  });

  it("finds a property code written as #0100 and treats % literally", async () => {
    expect(names(await searchProperties(db, parseFilter(new URLSearchParams("search=%230100")), 1))).toEqual([
      "Sala 100% comercial",
    ]);
    expect(names(await searchProperties(db, parseFilter(new URLSearchParams("search=100%25")), 1))).toEqual([
      "Sala 100% comercial",
    ]);
  });

  it("applies the price range bounds and leaves SOB CONSULTA out", async () => {
    const upTo = await searchProperties(
      db,
      parseFilter(new URLSearchParams("priceRange=ate-300k&neighborhood=Centro")),
      1,
    );
    expect(names(upTo)).toEqual(["Casa no Centro"]);
    const above = await searchProperties(db, parseFilter(new URLSearchParams("priceRange=300k-600k")), 1);
    expect(names(above)).toEqual(["Apartamento Alvorada"]);
  });

  it("combines neighbourhood and advertised_for", async () => {
    const r = await searchProperties(
      db,
      parseFilter(new URLSearchParams("neighborhood=Jardim Alvorada&advertised_for=LOCAÇÃO")),
      1,
    );
    expect(names(r)).toEqual(["Apartamento Alvorada"]);
  });

  it("lets latest=N override the other filters", async () => {
    const r = await searchProperties(db, parseFilter(new URLSearchParams("latest=5&type=Apartamento")), 1);
    expect(r.total).toBe(5);
    expect(r.items).toHaveLength(5);
    expect(r.items[0].name).toBe("Lote 11");
  });

  it("pages by 12 and clamps a page past the end", async () => {
    const all = await searchProperties(db, parseFilter(new URLSearchParams()), 1);
    expect(all.total).toBe(16);
    expect(all.items).toHaveLength(12);
    const last = await searchProperties(db, parseFilter(new URLSearchParams()), 99);
    expect(last.page).toBe(2);
    expect(last.items).toHaveLength(4);
  });
});

describe("property reads", () => {
  it("returns featured properties and a property with its images in order", async () => {
    expect((await listFeatured(db)).map((p) => p.name)).toEqual(["Casa no Centro"]);
    const id = await insert(300, { name: "Com fotos", location: "Rua E - Centro, Três Lagoas - MS" });
    const now = new Date().toISOString();
    await db
      .insertInto("property_images")
      .values([
        { property_id: id, position: 1, file_key: "b", widths: "[480]", width: 480, height: 320, created_at: now },
        { property_id: id, position: 0, file_key: "a", widths: "[480,960]", width: 960, height: 640, created_at: now },
      ])
      .execute();
    const p = await getProperty(db, id);
    expect(p?.images.map((i) => i.file_key)).toEqual(["a", "b"]);
    expect(p?.cover?.widths).toEqual([480, 960]);
    expect(await getProperty(db, 999_999)).toBeNull();
  });
});

describe("minimums and order (issue 11)", () => {
  // Their own neighbourhood, so the rows above do not interfere.
  const where = "Rua F - Mais Parque, Três Lagoas - MS";
  beforeAll(async () => {
    await insert(400, {
      name: "MP barata",
      location: where,
      price: cents(200_000_00),
      area: 80,
      bedrooms: 1,
      parking_spaces: 0,
    });
    await insert(401, {
      name: "MP cara",
      location: where,
      price: cents(900_000_00),
      area: 300,
      bedrooms: 4,
      parking_spaces: 3,
    });
    await insert(402, {
      name: "MP sob consulta",
      location: where,
      price: null,
      area: 500,
      bedrooms: 3,
      parking_spaces: 2,
    });
    await insert(403, {
      name: "MP média",
      location: where,
      price: cents(450_000_00),
      area: 150,
      bedrooms: 2,
      parking_spaces: 1,
    });
  });
  const list = (qs: string) =>
    searchProperties(
      db,
      parseFilter(new URLSearchParams(`neighborhood=Mais Parque&${qs}`)),
      1,
      parseSort(new URLSearchParams(qs)),
    );

  it("keeps properties with at least the bedrooms and parking spaces asked", async () => {
    expect(names(await list("bedrooms=3"))).toEqual(["MP sob consulta", "MP cara"]);
    expect(names(await list("bedrooms=2&parking=2"))).toEqual(["MP sob consulta", "MP cara"]);
    expect(names(await list("parking=1"))).toEqual(["MP média", "MP sob consulta", "MP cara"]);
  });

  it("orders by price with SOB CONSULTA last both ways, by area, and newest first by default", async () => {
    expect(names(await list("sort=menor-preco"))).toEqual(["MP barata", "MP média", "MP cara", "MP sob consulta"]);
    expect(names(await list("sort=maior-preco"))).toEqual(["MP cara", "MP média", "MP barata", "MP sob consulta"]);
    expect(names(await list("sort=maior-area"))).toEqual(["MP sob consulta", "MP cara", "MP média", "MP barata"]);
    expect(names(await list(""))).toEqual(["MP média", "MP sob consulta", "MP cara", "MP barata"]);
    expect(names(await list("sort=inventado"))).toEqual(names(await list("")));
  });

  it("leaves SOB CONSULTA out of a price range", async () => {
    expect(names(await list("priceRange=acima-1000k"))).toEqual([]);
    expect(names(await list("priceRange=300k-600k&sort=maior-area"))).toEqual(["MP média"]);
  });
});

describe("listSimilar (issue 11)", () => {
  it("same type or neighbourhood, same modality first, then closest price, at most 4, never itself", async () => {
    const where = (n: string) => `Rua S${n} - Santos Dumont, Três Lagoas - MS`;
    const self = await insert(500, { name: "SD alvo", location: where("0"), type: "Galpão", price: cents(500_000_00) });
    await insert(501, { name: "SD perto", location: where("1"), type: "Casa", price: cents(520_000_00) });
    await insert(502, { name: "SD longe", location: where("2"), type: "Casa", price: cents(900_000_00) });
    await insert(503, {
      name: "Galpão fora",
      location: "Rua X - Interlagos, Três Lagoas - MS",
      type: "Galpão",
      price: cents(480_000_00),
    });
    await insert(504, {
      name: "SD aluguel",
      location: where("4"),
      type: "Galpão",
      price: cents(500_000_00),
      advertised_for: "LOCAÇÃO",
    });
    await insert(505, { name: "SD consulta", location: where("5"), type: "Sala", price: null });
    await insert(506, {
      name: "Outro tipo e bairro",
      location: "Rua Y - Interlagos, Três Lagoas - MS",
      type: "Sala",
      price: cents(500_000_00),
    });
    const target = (await getProperty(db, self))!;
    const similar = await listSimilar(db, target);
    // Both type and neighbourhood would come first; none here besides the rent.
    expect(similar.map((p) => p.name)).toEqual(["Galpão fora", "SD perto", "SD longe", "SD consulta"]);
    expect((await listSimilar(db, { ...target, advertised_for: "LOCAÇÃO" }, 1)).map((p) => p.name)).toEqual([
      "SD aluguel",
    ]);
  });
});
