import type { Kysely } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { insertProperty, updateProperty } from "#app/models/properties/admin/property-admin.server";
import type { PropertyInput } from "#app/models/properties/admin/property.schema";
import { tempDatabase } from "#tests/fixtures/temp-db";

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
const input = {
  name: "Casa",
  type: "Casa",
  status: "ready",
  category: "Imóveis Usados",
  location: "Rua A - Centro, Três Lagoas - MS",
  price: 100_000_00,
  area: 100,
  bedrooms: 2,
  suites: 0,
  bathrooms: 1,
  parking_spaces: 1,
  description: undefined,
  featured: false,
  standard: "MEDIO PADRÃO",
  is_exclusive: false,
  advertised_for: "COMPRA",
} as unknown as PropertyInput;
const image = (key: string) => ({ file_key: key, widths: [480], width: 480, height: 320 });

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("property-update-"));
});

afterAll(() => cleanup());

it("refuses an edit whose kept images were removed meanwhile, leaving the property as it was", async () => {
  const { id } = await insertProperty(db, input, [image("a")]);
  const [first] = await db.selectFrom("property_images").select("id").where("property_id", "=", id).execute();
  // Admin A replaces the only image.
  const removed = await updateProperty(db, id, input, { keptIds: [], added: [image("b")] }, null);
  expect(removed).toEqual([{ file_key: "a", widths: [480] }]);
  // Admin B, with the old form, keeps image "a" (gone) and adds nothing.
  expect(
    await updateProperty(
      db,
      id,
      { ...input, name: "Outro nome" } as PropertyInput,
      { keptIds: [first.id], added: [] },
      null,
    ),
  ).toBe("stale");
  const rows = await db.selectFrom("property_images").select("file_key").where("property_id", "=", id).execute();
  expect(rows).toEqual([{ file_key: "b" }]);
  expect((await db.selectFrom("properties").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name).toBe(
    "Casa",
  );
});
