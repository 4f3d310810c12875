import { sql, type Kysely } from "kysely";

// Public site: properties with their images, the three fixed banners and the
// two visitor request tables (names and columns of docs/product.md §Entidades).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("properties")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("property_code", "integer", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().defaultTo("Apartamento"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("ready"))
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("price", "integer")
    .addColumn("area", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bedrooms", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("suites", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("bathrooms", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("parking_spaces", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("description", "text")
    .addColumn("featured", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("standard", "text", (c) => c.notNull().defaultTo("ALTO PADRÃO"))
    .addColumn("is_exclusive", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("advertised_for", "text", (c) => c.notNull().defaultTo("COMPRA"))
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("properties_created_at").on("properties").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("properties_featured").on("properties").columns(["featured", "created_at"]).execute();
  await db.schema.createIndex("properties_category").on("properties").columns(["category", "created_at"]).execute();

  await db.schema
    .createTable("property_images")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("property_id", "integer", (c) => c.notNull().references("properties.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("file_key", "text", (c) => c.notNull().unique())
    .addColumn("widths", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("property_images_property")
    .on("property_images")
    .columns(["property_id", "position"])
    .execute();

  await db.schema
    .createTable("banners")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("subtitle", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("mobile_image_url", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("btn_text", "text", (c) => c.notNull().defaultTo("Ver detalhes"))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("show_on_mobile", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("show_on_desktop", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  const defaults = [
    [
      "banner-1",
      "Três Lagoas vista do alto",
      "Empreendimentos nos bairros que mais crescem na cidade",
      "/empreendimentos",
      "Ver Imóveis",
    ],
    [
      "banner-2",
      "Viva perto do Rio Paraná",
      "Imóveis selecionados com a qualidade que você merece",
      "/destaques",
      "Ver Destaques",
    ],
    [
      "banner-3",
      "Lançamentos em Três Lagoas",
      "Garanta o seu na planta com condições especiais",
      "/lancamentos",
      "Ver Lançamentos",
    ],
  ] as const;
  await db
    .insertInto("banners")
    .values(
      defaults.map(([id, title, subtitle, link, btn], i) => ({
        id,
        title,
        subtitle,
        image_url: `/banners/${id}.webp`,
        mobile_image_url: `/banners/${id}-mobile.webp`,
        link,
        btn_text: btn,
        is_active: 1,
        show_on_mobile: 1,
        show_on_desktop: 1,
        position: i + 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  for (const table of ["ideal_property_requests", "property_listing_requests"]) {
    let t = db.schema
      .createTable(table)
      .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("email", "text", (c) => c.notNull());
    if (table === "ideal_property_requests") {
      t = t.addColumn("phone", "text").addColumn("ideal_property", "text", (c) => c.notNull());
    } else {
      t = t
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("property_type", "text", (c) => c.notNull())
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("price", "integer", (c) => c.notNull())
        .addColumn("area", "integer")
        .addColumn("bedrooms", "integer")
        .addColumn("suites", "integer")
        .addColumn("bathrooms", "integer")
        .addColumn("parking_spaces", "integer")
        .addColumn("description", "text");
    }
    await t
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("pending")
          .check(sql`status in ('pending', 'contacted', 'resolved')`),
      )
      .addColumn("resolved_by", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_created_at`).on(table).column("created_at").execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    "property_listing_requests",
    "ideal_property_requests",
    "banners",
    "property_images",
    "properties",
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
