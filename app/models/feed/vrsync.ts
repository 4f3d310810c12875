import { formatPropertyCode } from "#app/models/properties/search";

// The portal feed in the VRSync format of Grupo ZAP / OLX (ZAP Imóveis,
// VivaReal, OLX): pure rules and XML, no database. What a listing must meet
// is what the portals' importers check; a property that cannot meet it is
// left out of the feed and the back office shows why (feedIssues). The
// mapping of our fields is in docs/decisions/0012-portal-feed.md.

export const VRSYNC_NAMESPACE = "http://www.vivareal.com/schemas/1.0/VRSync";
const SCHEMA_LOCATION = `${VRSYNC_NAMESPACE} http://xml.vivareal.com/vrsync.xsd`;

export const TITLE_LENGTH = { min: 10, max: 100 } as const;
export const DESCRIPTION_LENGTH = { min: 50, max: 3000 } as const;

export type FeedProperty = {
  id: number;
  property_code: number;
  name: string;
  type: string;
  category: string;
  location: string;
  cep: string | null;
  price_cents: number | null; // NULL is SOB CONSULTA
  area: number;
  bedrooms: number;
  suites: number;
  bathrooms: number;
  parking_spaces: number;
  description: string | null;
  advertised_for: string;
  photos: string[]; // file keys, cover first
};

export type FeedContact = { name: string; email: string; phone: string; website: string };

export type FeedContext = {
  contact: FeedContact;
  photoUrl: (fileKey: string) => string;
  pageUrl: (id: number) => string;
  now: Date;
};

const UF_NAMES: Record<string, string> = {
  AC: "Acre",
  AL: "Alagoas",
  AP: "Amapá",
  AM: "Amazonas",
  BA: "Bahia",
  CE: "Ceará",
  DF: "Distrito Federal",
  ES: "Espírito Santo",
  GO: "Goiás",
  MA: "Maranhão",
  MT: "Mato Grosso",
  MS: "Mato Grosso do Sul",
  MG: "Minas Gerais",
  PA: "Pará",
  PB: "Paraíba",
  PR: "Paraná",
  PE: "Pernambuco",
  PI: "Piauí",
  RJ: "Rio de Janeiro",
  RN: "Rio Grande do Norte",
  RS: "Rio Grande do Sul",
  RO: "Rondônia",
  RR: "Roraima",
  SC: "Santa Catarina",
  SP: "São Paulo",
  SE: "Sergipe",
  TO: "Tocantins",
};

export type ParsedLocation = {
  street: string;
  number: string | null;
  neighborhood: string;
  city: string;
  state: string;
};

// The location as the property form asks for it: "Rua, número - Bairro,
// Cidade - UF" (placeholder of the form, and what the seed writes). Split
// from the right, so a street with a hyphen ("Rodovia MS-395, km 3") stays
// whole. null when a part is missing: the portals need the neighbourhood.
export function parseLocation(location: string): ParsedLocation | null {
  const cut = (text: string, sep: string) => {
    const at = text.lastIndexOf(sep);
    return at < 0 ? null : ([text.slice(0, at).trim(), text.slice(at + sep.length).trim()] as const);
  };
  const byState = cut(location.trim(), " - ");
  if (!byState) return null;
  const state = byState[1].toUpperCase();
  if (!UF_NAMES[state]) return null;
  const byCity = cut(byState[0], ",");
  if (!byCity || !byCity[1]) return null;
  const byNeighborhood = cut(byCity[0], " - ");
  if (!byNeighborhood || !byNeighborhood[0] || !byNeighborhood[1]) return null;
  const streetPart = byNeighborhood[0];
  const byNumber = cut(streetPart, ",");
  const hasNumber = byNumber && byNumber[0] && byNumber[1];
  return {
    street: hasNumber ? byNumber[0] : streetPart,
    number: hasNumber ? byNumber[1] : null,
    neighborhood: byNeighborhood[1],
    city: byCity[1],
    state,
  };
}

// Our types and categories onto the format's PropertyType list. The category
// decides only where the type alone is ambiguous: a Terreno listed under
// "Lojas e Salas Comerciais" is commercial land.
const COMMERCIAL_CATEGORY = "Lojas e Salas Comerciais";
export function portalPropertyType(p: Pick<FeedProperty, "type" | "category">): {
  usage: "Residential" | "Commercial";
  type: string;
  land: boolean;
} {
  switch (p.type) {
    case "Apartamento":
      return { usage: "Residential", type: "Residential / Apartment", land: false };
    case "Casa":
      return { usage: "Residential", type: "Residential / Home", land: false };
    case "Terreno":
      return p.category === COMMERCIAL_CATEGORY
        ? { usage: "Commercial", type: "Commercial / Land Lot", land: true }
        : { usage: "Residential", type: "Residential / Land Lot", land: true };
    case "Sala":
      return { usage: "Commercial", type: "Commercial / Office", land: false };
    case "Galpão":
      return { usage: "Commercial", type: "Commercial / Industrial", land: false };
    default: // "Comercial": a shop or a business point
      return { usage: "Commercial", type: "Commercial / Business", land: false };
  }
}

// COMPRA and LANÇAMENTO are sales; LOCAÇÃO a monthly rent.
export function transactionType(advertisedFor: string) {
  return advertisedFor === "LOCAÇÃO" ? "For Rent" : "For Sale";
}

const HTML_TAG = /<\/?[a-z!][^>]*>/i;
const count = (n: number) => n.toLocaleString("pt-BR");

// Why the portals would refuse this property, as short notes for the back
// office (empty: it goes into the feed).
export function feedIssues(p: Omit<FeedProperty, "photos"> & { photoCount: number }): string[] {
  const issues: string[] = [];
  const title = p.name.trim();
  if (title.length < TITLE_LENGTH.min || title.length > TITLE_LENGTH.max) {
    issues.push(
      `Nome com ${count(title.length)} caracteres (os portais aceitam de ${TITLE_LENGTH.min} a ${TITLE_LENGTH.max})`,
    );
  } else if (HTML_TAG.test(title)) {
    issues.push("Nome com marcação HTML");
  }
  const description = p.description?.trim() ?? "";
  if (!description) issues.push(`Sem descrição (mínimo de ${DESCRIPTION_LENGTH.min} caracteres)`);
  else if (description.length < DESCRIPTION_LENGTH.min)
    issues.push(`Descrição curta: ${count(description.length)} de no mínimo ${DESCRIPTION_LENGTH.min} caracteres`);
  else if (description.length > DESCRIPTION_LENGTH.max)
    issues.push(
      `Descrição longa: ${count(description.length)} de no máximo ${count(DESCRIPTION_LENGTH.max)} caracteres`,
    );
  else if (HTML_TAG.test(description)) issues.push("Descrição com marcação HTML");
  if (!p.cep) issues.push("Sem CEP");
  if (!parseLocation(p.location)) issues.push("Localização fora do padrão “Rua, número - Bairro, Cidade - UF”");
  if (p.price_cents == null) issues.push("Preço SOB CONSULTA (os portais exigem o valor)");
  if (p.area <= 0) issues.push("Sem área");
  if (p.photoCount === 0) issues.push("Sem fotos");
  return issues;
}

// Text and attribute values: the five XML escapes, and the characters XML 1.0
// forbids (control characters, lone surrogates) removed.
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- the forbidden characters are the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
export function xmlText(value: string | number) {
  return String(value)
    .replace(NOT_XML, "")
    .replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

type Attrs = Record<string, string | number>;
function el(name: string, content: string | number | string[], attrs: Attrs = {}, indent = "") {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${xmlText(v)}"`)
    .join("");
  if (Array.isArray(content)) return `${indent}<${name}${a}>\n${content.join("\n")}\n${indent}</${name}>`;
  return `${indent}<${name}${a}>${xmlText(content)}</${name}>`;
}

const reais = (centavos: number) => Math.round(centavos / 100);
const cepText = (cep: string) => `${cep.slice(0, 5)}-${cep.slice(5)}`;

// One <Listing>; the caller has checked feedIssues() is empty.
export function listingXml(p: FeedProperty, ctx: FeedContext) {
  const i = "        ";
  const kind = portalPropertyType(p);
  const where = parseLocation(p.location)!;
  const transaction = transactionType(p.advertised_for);
  const price = reais(p.price_cents!);
  const details = [
    el("UsageType", kind.usage, {}, i),
    el("PropertyType", kind.type, {}, i),
    el("Description", p.description!.trim(), {}, i),
    transaction === "For Rent"
      ? el("RentalPrice", price, { currency: "BRL", period: "Monthly" }, i)
      : el("ListPrice", price, { currency: "BRL" }, i),
    el(kind.land ? "LotArea" : "LivingArea", Math.round(p.area), { unit: "square metres" }, i),
    el("Bedrooms", p.bedrooms, {}, i),
    el("Suites", p.suites, {}, i),
    el("Bathrooms", p.bathrooms, {}, i),
    el("Garage", p.parking_spaces, { type: "Parking Space" }, i),
  ];
  const location = [
    el("Country", "Brasil", { abbreviation: "BR" }, i),
    el("State", UF_NAMES[where.state], { abbreviation: where.state }, i),
    el("City", where.city, {}, i),
    el("Neighborhood", where.neighborhood, {}, i),
    el("Address", where.street, {}, i),
    ...(where.number ? [el("StreetNumber", where.number, {}, i)] : []),
    el("PostalCode", cepText(p.cep!), {}, i),
  ];
  const media = p.photos.map((key, n) =>
    el(
      "Item",
      ctx.photoUrl(key),
      n === 0
        ? { medium: "image", caption: `Foto ${n + 1}`, primary: "true" }
        : { medium: "image", caption: `Foto ${n + 1}` },
      i,
    ),
  );
  const contact = [
    el("Name", ctx.contact.name, {}, i),
    el("Email", ctx.contact.email, {}, i),
    el("Telephone", ctx.contact.phone, {}, i),
    el("Website", ctx.contact.website, {}, i),
  ];
  const o = "      ";
  return el(
    "Listing",
    [
      el("ListingID", formatPropertyCode(p.property_code).replace("#", ""), {}, o),
      el("Title", p.name.trim(), {}, o),
      el("TransactionType", transaction, {}, o),
      el("DetailViewUrl", ctx.pageUrl(p.id), {}, o),
      el("Media", media, {}, o),
      el("Details", details, {}, o),
      el("Location", location, { displayAddress: "All" }, o),
      el("ContactInfo", contact, {}, o),
    ],
    {},
    "    ",
  );
}

export function feedXml(properties: FeedProperty[], ctx: FeedContext) {
  const header = [
    el("Provider", ctx.contact.name, {}, "    "),
    el("Email", ctx.contact.email, {}, "    "),
    el("ContactName", ctx.contact.name, {}, "    "),
    el("PublishDate", ctx.now.toISOString(), {}, "    "),
    el("Telephone", ctx.contact.phone, {}, "    "),
  ];
  const listings = properties.map((p) => listingXml(p, ctx));
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<ListingDataFeed xmlns="${VRSYNC_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${SCHEMA_LOCATION}">\n` +
    `${el("Header", header, {}, "  ")}\n` +
    (listings.length ? `  <Listings>\n${listings.join("\n")}\n  </Listings>\n` : `  <Listings></Listings>\n`) +
    `</ListingDataFeed>\n`
  );
}
