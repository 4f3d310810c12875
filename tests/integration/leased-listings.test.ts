import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/schema";
import { createClient, deleteClient, updateClient } from "#app/models/clients/clients.server";
import { endContract, reopenContract } from "#app/models/clients/contract-end.server";
import { listFeedIssues } from "#app/models/feed/feed.server";
import { leasableListings } from "#app/models/leases/listings.server";
import { insertProperty } from "#app/models/properties/admin/property-admin.server";
import type { PropertyInput } from "#app/models/properties/admin/property.schema";
import { parseFilter, parseSort } from "#app/models/properties/filters";
import {
  countProperties,
  getProperty,
  listFeatured,
  listForSitemap,
  searchProperties,
} from "#app/models/properties/properties.server";
import { cents } from "#app/models/shared/money";
import { tempDatabase } from "#tests/fixtures/temp-db";

// A lease names the listing it rents (issue 36, docs/decisions/0070-leased-listings.md):
// while the contract runs the listing is out of the search, the featured
// list, the count, the sitemap and the portals' feed, and its page says it is
// rented; ended, it is back; reopened, out again; deleted, back.

let db: Kysely<Database>;
let cleanup: () => Promise<void>;
let listing: number;
let other: number;
let lease: number;

async function insert(code: number, fields: Partial<PropertyInput> & { name: string }) {
  const { id } = await insertProperty(db, {
    type: "Apartamento",
    status: "ready",
    category: "Imóveis Usados",
    location: "Rua A, 1 - Centro, Três Lagoas - MS",
    price: cents(1_500_00),
    area: 70,
    bedrooms: 2,
    suites: 0,
    bathrooms: 1,
    parking_spaces: 1,
    description: null,
    featured: true,
    standard: "MEDIO PADRÃO",
    is_exclusive: false,
    advertised_for: "LOCAÇÃO",
    ...fields,
    property_code: code,
    created_at: new Date(Date.UTC(2026, 0, 1) + code * 60_000).toISOString(),
  });
  return id;
}

const visible = async () => {
  const search = await searchProperties(
    db,
    parseFilter(new URLSearchParams("advertised_for=LOCAÇÃO")),
    1,
    parseSort(new URLSearchParams()),
  );
  return {
    search: search.items.map((p) => p.id),
    featured: (await listFeatured(db)).map((p) => p.id),
    count: await countProperties(db),
    sitemap: (await listForSitemap(db)).map((p) => p.id),
    // Out of the portals' feed: the reason the back office reads.
    offFeed: [...(await listFeedIssues(db))]
      .filter(([, issues]) => issues.some((i) => i.startsWith("Alugado")))
      .map(([id]) => id),
    leased: (await getProperty(db, listing))?.leased,
  };
};

beforeAll(async () => {
  ({ db, cleanup } = await tempDatabase("it-leased-"));
  listing = await insert(1, { name: "Apartamento Alugável" });
  other = await insert(2, { name: "Outro Apartamento" });
  const created = await createClient(
    db,
    {
      name: "Lia Inquilina",
      email: "lia@teste.com",
      username: "lia",
      password: "senha1234",
      payment_due_day: 5,
      contract_start_date: "2026-01-01",
      contract_end_date: "2028-12-31",
      property_id: listing,
    },
    null,
  );
  if (!created.ok) throw new Error("client");
  lease = created.id;
});

afterAll(async () => cleanup());

describe("a leased listing", () => {
  it("leaves the public results while its contract runs, and its page says it is rented", async () => {
    expect(await visible()).toEqual({
      search: [other],
      featured: [other],
      count: 1,
      sitemap: [other],
      offFeed: [listing],
      leased: true,
    });
    // The contract form offers it to its own contract only.
    expect((await leasableListings(db)).map((l) => l.id)).toEqual([other]);
    expect((await leasableListings(db, lease)).map((l) => l.id)).toEqual([listing, other]);
  });

  it("comes back when the contract ends, leaves again when it is reopened, and back when it is deleted", async () => {
    await endContract(db, lease, { ended_on: "2026-06-30" }, null, "2026-07-01");
    expect((await visible()).search).toEqual([other, listing].sort((a, b) => b - a));
    expect((await visible()).leased).toBe(false);
    await reopenContract(db, lease, null);
    expect((await visible()).search).toEqual([other]);
    expect(await deleteClient(db, lease, null)).toMatchObject({ ok: true });
    expect((await visible()).count).toBe(2);
  });

  it("refuses a listing that does not exist, beside the field", async () => {
    const created = await createClient(
      db,
      {
        name: "Rui",
        email: "rui@teste.com",
        username: "rui",
        password: "senha1234",
        payment_due_day: 5,
        property_id: 999,
      },
      null,
    );
    expect(created).toEqual({ ok: false, field: "property_id", message: "Escolha um imóvel da lista." });
    const moved = await createClient(
      db,
      { name: "Rui", email: "rui@teste.com", username: "rui", password: "senha1234", payment_due_day: 5 },
      null,
    );
    if (!moved.ok) throw new Error("client");
    // Named later through the form's update: out of the results.
    expect(
      await updateClient(
        db,
        moved.id,
        { name: "Rui", email: "rui@teste.com", payment_due_day: 5, property_id: other },
        null,
      ),
    ).toEqual({ ok: true });
    expect((await visible()).search).toEqual([listing]);
    // Saved again, its own listing stays; another contract cannot take it.
    expect(
      await updateClient(
        db,
        moved.id,
        { name: "Rui", email: "rui@teste.com", payment_due_day: 5, property_id: other },
        null,
      ),
    ).toEqual({ ok: true });
    const taker = await createClient(
      db,
      {
        name: "Téo",
        email: "teo@teste.com",
        username: "teo",
        password: "senha1234",
        payment_due_day: 5,
        property_id: other,
      },
      null,
    );
    expect(taker).toEqual({
      ok: false,
      field: "property_id",
      message: "Este imóvel já está alugado por outro contrato.",
    });
    expect((await getProperty(db, other))?.leased).toBe(true);
  });
});
