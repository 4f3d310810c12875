import { describe, expect, it } from "vitest";
import {
  feedIssues,
  feedXml,
  parseLocation,
  portalPropertyType,
  transactionType,
  xmlText,
  type FeedProperty,
} from "./vrsync";

const base: FeedProperty = {
  id: 7,
  property_code: 12,
  name: "Casa térrea com piscina no Jardim Alvorada",
  type: "Casa",
  category: "Imóveis Novos",
  location: "Rua Munir Thomé, 387 - Jardim Alvorada, Três Lagoas - MS",
  cep: "79610250",
  price_cents: 890_000_00,
  area: 220,
  bedrooms: 3,
  suites: 3,
  bathrooms: 4,
  parking_spaces: 2,
  description: "Casa térrea recém-construída com três suítes, sala integrada e área de lazer com piscina.",
  advertised_for: "COMPRA",
  photos: ["a".repeat(32), "b".repeat(32)],
};
const ctx = {
  contact: {
    name: "Lagoa Imóveis",
    email: "contato@lagoaimoveis.com.br",
    phone: "(67) 3521-0000",
    website: "https://lagoa.example/",
  },
  photoUrl: (k: string) => `https://lagoa.example/fotos/${k}.jpg`,
  pageUrl: (id: number) => `https://lagoa.example/imoveis/${id}`,
  now: new Date("2026-11-22T12:00:00Z"),
};
const issues = (p: Partial<FeedProperty>) =>
  feedIssues({ ...base, ...p, photoCount: (p.photos ?? base.photos).length });

describe("parseLocation", () => {
  it("reads street, number, neighbourhood, city and state from the right", () => {
    expect(parseLocation(base.location)).toEqual({
      street: "Rua Munir Thomé",
      number: "387",
      neighborhood: "Jardim Alvorada",
      city: "Três Lagoas",
      state: "MS",
    });
    expect(parseLocation("Rodovia MS-395, km 3 - Portal das Águas, Três Lagoas - MS")).toMatchObject({
      street: "Rodovia MS-395",
      number: "km 3",
    });
    expect(parseLocation("Rua Projetada A - Mais Parque, Três Lagoas - ms")).toMatchObject({
      street: "Rua Projetada A",
      number: null,
      state: "MS",
    });
  });
  it("refuses a location without neighbourhood, city or a real state", () => {
    for (const bad of [
      "Centro",
      "Rua A, 1, Três Lagoas - MS",
      "Rua A, 1 - Centro, Três Lagoas",
      "Rua A, 1 - Centro, Três Lagoas - XX",
      " - Centro, Três Lagoas - MS",
    ]) {
      expect(parseLocation(bad), bad).toBeNull();
    }
  });
});

describe("mapping", () => {
  it("maps our types onto the format's list, commercial land by category", () => {
    expect(portalPropertyType({ type: "Apartamento", category: "Imóveis Usados" }).type).toBe(
      "Residential / Apartment",
    );
    expect(portalPropertyType({ type: "Casa", category: "Lançamentos de Empreendimentos Imobiliários" }).type).toBe(
      "Residential / Home",
    );
    expect(portalPropertyType({ type: "Terreno", category: "Áreas e Terrenos" })).toEqual({
      usage: "Residential",
      type: "Residential / Land Lot",
      land: true,
    });
    expect(portalPropertyType({ type: "Terreno", category: "Lojas e Salas Comerciais" })).toEqual({
      usage: "Commercial",
      type: "Commercial / Land Lot",
      land: true,
    });
    expect(portalPropertyType({ type: "Sala", category: "Lojas e Salas Comerciais" }).type).toBe("Commercial / Office");
    expect(portalPropertyType({ type: "Galpão", category: "Lojas e Salas Comerciais" }).type).toBe(
      "Commercial / Industrial",
    );
    expect(portalPropertyType({ type: "Comercial", category: "Lojas e Salas Comerciais" }).type).toBe(
      "Commercial / Business",
    );
    expect(transactionType("COMPRA")).toBe("For Sale");
    expect(transactionType("LANÇAMENTO")).toBe("For Sale");
    expect(transactionType("LOCAÇÃO")).toBe("For Rent");
  });
});

describe("feedIssues", () => {
  it("accepts a complete listing", () => {
    expect(issues({})).toEqual([]);
  });
  it("names each rule the portals would refuse", () => {
    expect(issues({ cep: null })).toEqual(["Sem CEP"]);
    expect(issues({ name: "Casa" })).toEqual(["Nome com 4 caracteres (os portais aceitam de 10 a 100)"]);
    expect(issues({ name: "x".repeat(101) })[0]).toContain("101 caracteres");
    expect(issues({ description: null })).toEqual(["Sem descrição (mínimo de 50 caracteres)"]);
    expect(issues({ description: "Curta demais." })).toEqual(["Descrição curta: 13 de no mínimo 50 caracteres"]);
    expect(issues({ description: "x".repeat(3001) })).toEqual(["Descrição longa: 3.001 de no máximo 3.000 caracteres"]);
    expect(issues({ description: `<p>${"Texto com marcação que os portais não aceitam. ".repeat(2)}</p>` })).toEqual([
      "Descrição com marcação HTML",
    ]);
    expect(issues({ price_cents: null })).toEqual(["Preço SOB CONSULTA (os portais exigem o valor)"]);
    expect(issues({ area: 0 })).toEqual(["Sem área"]);
    expect(issues({ photos: [] })).toEqual(["Sem fotos"]);
    expect(issues({ location: "Centro" })[0]).toContain("Localização fora do padrão");
  });
  it("counts the limits inclusively", () => {
    expect(issues({ name: "x".repeat(10), description: "y".repeat(50) })).toEqual([]);
    expect(issues({ name: "x".repeat(100), description: "y".repeat(3000) })).toEqual([]);
  });
});

describe("feedXml", () => {
  it("escapes text and drops characters XML forbids", () => {
    expect(xmlText(`A & B <c> "d" 'e'\u0001\ud800`)).toBe("A &amp; B &lt;c&gt; &quot;d&quot; &apos;e&apos;");
  });
  it("writes a sale with integers, units, one primary photo and the agency's contact", () => {
    const xml = feedXml([base], ctx);
    expect(xml).toContain('<ListingDataFeed xmlns="http://www.vivareal.com/schemas/1.0/VRSync"');
    expect(xml).toContain("<Provider>Lagoa Imóveis</Provider>");
    expect(xml).toContain("<ListingID>0012</ListingID>");
    expect(xml).toContain("<TransactionType>For Sale</TransactionType>");
    expect(xml).toContain('<ListPrice currency="BRL">890000</ListPrice>');
    expect(xml).toContain('<LivingArea unit="square metres">220</LivingArea>');
    expect(xml).toContain("<PostalCode>79610-250</PostalCode>");
    expect(xml.match(/primary="true"/g)).toHaveLength(1);
    expect(xml).toContain(
      `<Item medium="image" caption="Foto 1" primary="true">https://lagoa.example/fotos/${"a".repeat(32)}.jpg</Item>`,
    );
    expect(xml).toContain("<Email>contato@lagoaimoveis.com.br</Email>");
  });
  it("writes a rent as a monthly RentalPrice and land as LotArea", () => {
    const xml = feedXml(
      [{ ...base, advertised_for: "LOCAÇÃO", price_cents: 1_800_50, type: "Terreno", category: "Áreas e Terrenos" }],
      ctx,
    );
    expect(xml).toContain("<TransactionType>For Rent</TransactionType>");
    expect(xml).toContain('<RentalPrice currency="BRL" period="Monthly">1801</RentalPrice>');
    expect(xml).toContain('<LotArea unit="square metres">220</LotArea>');
    expect(xml).not.toContain("ListPrice");
  });
});
