import type { Page } from "@playwright/test";
import { appDb } from "#tests/fixtures/db";
import { expect, test } from "#tests/fixtures/test";
import { E2E_URL } from "#tests/setup/paths";

// /feeds/vrsync.xml (issue 11, decision 0012), parsed as the portals'
// importers parse it: by an XML parser (the browser's DOMParser), checked
// against every rule the issue lists, and one seeded listing value by value.
// A property that cannot meet the rules is absent, and the back office says why.

const NS = "http://www.vivareal.com/schemas/1.0/VRSync";
const PROPERTY_TYPES = [
  "Residential / Apartment",
  "Residential / Home",
  "Residential / Land Lot",
  "Commercial / Land Lot",
  "Commercial / Office",
  "Commercial / Industrial",
  "Commercial / Business",
];

type ParsedListing = {
  id: string;
  title: string;
  transaction: string;
  url: string;
  usage: string;
  type: string;
  description: string;
  descriptionElements: number;
  prices: { tag: string; value: string; currency: string | null; period: string | null }[];
  areas: { tag: string; value: string; unit: string | null }[];
  counts: Record<string, string | null>;
  garageType: string | null;
  location: Record<string, string | null>;
  stateAbbr: string | null;
  countryAbbr: string | null;
  photos: { url: string; primary: string | null; medium: string | null }[];
  contact: { name: string | null; email: string | null };
};

type ParsedFeed = {
  error: string | null;
  rootName: string;
  rootNs: string | null;
  provider: string | null;
  listings: ParsedListing[];
};

// Runs in the page: no XML library is installed on the server side of the tests.
async function parseFeed(page: Page, xml: string): Promise<ParsedFeed> {
  await page.goto("/robots.txt");
  return page.evaluate(
    ({ xml, ns }) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      const error = doc.getElementsByTagName("parsererror")[0]?.textContent ?? null;
      const root = doc.documentElement;
      const child = (el: Element | null | undefined, name: string) =>
        el ? (Array.from(el.children).find((c) => c.localName === name && c.namespaceURI === ns) ?? null) : null;
      const text = (el: Element | null | undefined, name: string) => child(el, name)?.textContent ?? null;
      const listings = Array.from(child(root, "Listings")?.children ?? []).map((l) => {
        const details = child(l, "Details");
        const location = child(l, "Location");
        const contact = child(l, "ContactInfo");
        const detailKids = Array.from(details?.children ?? []);
        return {
          id: text(l, "ListingID") ?? "",
          title: text(l, "Title") ?? "",
          transaction: text(l, "TransactionType") ?? "",
          url: text(l, "DetailViewUrl") ?? "",
          usage: text(details, "UsageType") ?? "",
          type: text(details, "PropertyType") ?? "",
          description: text(details, "Description") ?? "",
          descriptionElements: child(details, "Description")?.children.length ?? -1,
          prices: detailKids
            .filter((c) => c.localName === "ListPrice" || c.localName === "RentalPrice")
            .map((c) => ({
              tag: c.localName,
              value: c.textContent ?? "",
              currency: c.getAttribute("currency"),
              period: c.getAttribute("period"),
            })),
          areas: detailKids
            .filter((c) => c.localName === "LivingArea" || c.localName === "LotArea")
            .map((c) => ({ tag: c.localName, value: c.textContent ?? "", unit: c.getAttribute("unit") })),
          counts: Object.fromEntries(["Bedrooms", "Suites", "Bathrooms", "Garage"].map((n) => [n, text(details, n)])),
          garageType: child(details, "Garage")?.getAttribute("type") ?? null,
          location: Object.fromEntries(
            ["Country", "State", "City", "Neighborhood", "PostalCode", "Address"].map((n) => [n, text(location, n)]),
          ),
          stateAbbr: child(location, "State")?.getAttribute("abbreviation") ?? null,
          countryAbbr: child(location, "Country")?.getAttribute("abbreviation") ?? null,
          photos: Array.from(child(l, "Media")?.children ?? []).map((i) => ({
            url: i.textContent ?? "",
            primary: i.getAttribute("primary"),
            medium: i.getAttribute("medium"),
          })),
          contact: { name: text(contact, "Name"), email: text(contact, "Email") },
        };
      });
      return {
        error,
        rootName: root.localName,
        rootNs: root.namespaceURI,
        provider: text(child(root, "Header"), "Provider"),
        listings,
      };
    },
    { xml, ns: NS },
  );
}

async function fetchFeed(page: Page) {
  const res = await page.request.get("/feeds/vrsync.xml");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(res.headers()["cache-control"]).toBe("public, max-age=900");
  return parseFeed(page, await res.text());
}

test("the feed parses as VRSync and every listing meets the portals' rules", async ({ page }) => {
  const feed = await fetchFeed(page);
  expect(feed.error).toBeNull();
  expect(feed.rootName).toBe("ListingDataFeed");
  expect(feed.rootNs).toBe(NS);
  expect(feed.provider).toBe("Lagoa Imóveis");
  // The demo listings (three are SOB CONSULTA, so out).
  expect(feed.listings.length).toBeGreaterThanOrEqual(30);
  const ids = new Set<string>();
  for (const l of feed.listings) {
    const where = `listing ${l.id}`;
    expect(ids.has(l.id), where).toBe(false);
    ids.add(l.id);
    expect(l.title.length, where).toBeGreaterThanOrEqual(10);
    expect(l.title.length, where).toBeLessThanOrEqual(100);
    expect(l.description.length, where).toBeGreaterThanOrEqual(50);
    expect(l.description.length, where).toBeLessThanOrEqual(3000);
    expect(l.description, where).not.toMatch(/<\/?[a-z][^>]*>/i);
    expect(l.descriptionElements, where).toBe(0);
    expect(PROPERTY_TYPES, where).toContain(l.type);
    expect(l.usage, where).toBe(l.type.split(" / ")[0]);
    expect(["For Sale", "For Rent"], where).toContain(l.transaction);
    expect(l.url, where).toMatch(new RegExp(`^${E2E_URL}/imoveis/\\d+$`));
    expect(l.countryAbbr, where).toBe("BR");
    expect(l.location.Country, where).toBe("Brasil");
    expect(l.stateAbbr, where).toBe("MS");
    expect(l.location.State, where).toBe("Mato Grosso do Sul");
    expect(l.location.City, where).toBe("Três Lagoas");
    expect(l.location.Neighborhood, where).toBeTruthy();
    expect(l.location.PostalCode, where).toMatch(/^796[0-4]\d-\d{3}$/);
    expect(l.prices, where).toHaveLength(1);
    const [price] = l.prices;
    expect(price.tag, where).toBe(l.transaction === "For Rent" ? "RentalPrice" : "ListPrice");
    expect(price.value, where).toMatch(/^[1-9]\d*$/);
    expect(price.currency, where).toBe("BRL");
    expect(l.areas, where).toHaveLength(1);
    expect(l.areas[0].value, where).toMatch(/^[1-9]\d*$/);
    expect(l.areas[0].unit, where).toBe("square metres");
    expect(l.areas[0].tag, where).toBe(l.type.endsWith("Land Lot") ? "LotArea" : "LivingArea");
    for (const n of ["Bedrooms", "Suites", "Bathrooms", "Garage"])
      expect(l.counts[n], `${where} ${n}`).toMatch(/^\d+$/);
    expect(l.photos.length, where).toBeGreaterThanOrEqual(1);
    expect(
      l.photos.filter((p) => p.primary === "true"),
      where,
    ).toHaveLength(1);
    expect(l.photos[0].primary, where).toBe("true");
    for (const p of l.photos) {
      expect(p.url, where).toMatch(new RegExp(`^${E2E_URL}/fotos/[0-9a-f]{32}\\.jpg$`));
      expect(p.medium, where).toBe("image");
    }
    expect(l.contact, where).toEqual({ name: "Lagoa Imóveis", email: "contato@lagoaimoveis.com.br" });
  }
});

test("a seeded listing carries its own values, and its photos are real JPEGs", async ({ page }) => {
  const row = await appDb()
    .selectFrom("properties")
    .select(["id", "property_code", "cep"])
    .where("name", "=", "Casa térrea com piscina no Jardim Alvorada")
    .executeTakeFirstOrThrow();
  const feed = await fetchFeed(page);
  const l = feed.listings.find((x) => x.id === String(row.property_code).padStart(4, "0"));
  expect(l).toBeTruthy();
  expect(l).toMatchObject({
    title: "Casa térrea com piscina no Jardim Alvorada",
    transaction: "For Sale",
    url: `${E2E_URL}/imoveis/${row.id}`,
    usage: "Residential",
    type: "Residential / Home",
    prices: [{ tag: "ListPrice", value: "890000", currency: "BRL", period: null }],
    areas: [{ tag: "LivingArea", value: "220", unit: "square metres" }],
    counts: { Bedrooms: "3", Suites: "3", Bathrooms: "4", Garage: "2" },
    garageType: "Parking Space",
    location: {
      Country: "Brasil",
      State: "Mato Grosso do Sul",
      City: "Três Lagoas",
      Neighborhood: "Jardim Alvorada",
      Address: "Rua Munir Thomé",
      PostalCode: `${row.cep!.slice(0, 5)}-${row.cep!.slice(5)}`,
    },
  });
  expect(l!.description).toContain("Casa térrea recém-construída com três suítes");
  const keys = (
    await appDb()
      .selectFrom("property_images")
      .select("file_key")
      .where("property_id", "=", row.id)
      .orderBy("position")
      .execute()
  ).map((r) => r.file_key);
  expect(l!.photos.map((p) => p.url)).toEqual(keys.map((k) => `${E2E_URL}/fotos/${k}.jpg`));
  const photo = await page.request.get(new URL(l!.photos[0].url).pathname);
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/jpeg");
  expect([...(await photo.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
});

test("a rental is a monthly RentalPrice", async ({ page }) => {
  const { property_code: code } = await appDb()
    .selectFrom("properties")
    .select("property_code")
    .where("name", "=", "Apartamento 2 quartos no Centro para locação")
    .executeTakeFirstOrThrow();
  const l = (await fetchFeed(page)).listings.find((x) => x.id === String(code).padStart(4, "0"));
  expect(l?.transaction).toBe("For Rent");
  expect(l?.prices).toEqual([{ tag: "RentalPrice", value: "1800", currency: "BRL", period: "Monthly" }]);
});

test("a property that cannot meet the rules is left out, and Gestão de Imóveis says why", async ({
  page,
  createProperty,
  signInAs,
}) => {
  // No CEP, a 19-character description, no photo (the fixture's defaults), and SOB CONSULTA.
  const p = await createProperty({ name: `Casa fora do portal ${Date.now()}`, price: null });
  const { property_code: onRequest } = await appDb()
    .selectFrom("properties")
    .select("property_code")
    .where("name", "=", "Cobertura duplex no Centro")
    .executeTakeFirstOrThrow();
  const feed = await fetchFeed(page);
  const ids = feed.listings.map((l) => l.id);
  expect(ids).not.toContain(String(p.property_code).padStart(4, "0"));
  expect(ids).not.toContain(String(onRequest).padStart(4, "0"));
  expect(feed.listings.map((l) => l.title)).not.toContain(p.name);

  await signInAs("admin");
  await page.goto("/admin/properties");
  const row = page.locator(`[data-testid="property-row"][data-id="${p.id}"]`);
  await expect(row.getByTestId("feed-issues")).toHaveText(
    "Fora dos portais: Descrição curta: 19 de no mínimo 50 caracteres; Sem CEP; Preço SOB CONSULTA (os portais exigem o valor); Sem fotos.",
  );
  const listed = page.getByTestId("property-row").filter({ hasText: "Casa térrea com piscina no Jardim Alvorada" });
  await expect(listed.getByText("Enviado aos portais (ZAP, VivaReal, OLX)")).toBeVisible();
  await expect(listed.getByTestId("feed-issues")).toHaveCount(0);
});
