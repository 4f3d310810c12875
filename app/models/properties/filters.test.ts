import { describe, expect, it } from "vitest";
import { describeFilter, filterChips, isFiltered, pageUrl, parseFilter, parsePage, parseSort } from "./filters";
import { homeSearchUrl } from "./search-values";

const p = (qs: string) => new URLSearchParams(qs);

describe("parseFilter precedence", () => {
  it("search overrides latest and every other filter", () => {
    expect(
      parseFilter(p("search=casa&latest=5&type=Casa&neighborhood=Centro&priceRange=ate-300k&advertised_for=COMPRA")),
    ).toEqual({
      kind: "search",
      text: "casa",
    });
  });

  it("trims the search text", () => {
    expect(parseFilter(p("search=%20%20jardim%20%20"))).toEqual({ kind: "search", text: "jardim" });
  });

  it("latest overrides type, neighborhood, priceRange and advertised_for", () => {
    expect(parseFilter(p("latest=5&type=Casa&neighborhood=Centro&priceRange=ate-300k&advertised_for=COMPRA"))).toEqual({
      kind: "latest",
      count: 5,
    });
  });

  it("otherwise the filters combine", () => {
    expect(
      parseFilter(
        p(
          new URLSearchParams({
            type: "Casa",
            neighborhood: "Portal das Águas",
            priceRange: "300k-600k",
            advertised_for: "LOCAÇÃO",
            category: "Em Obras",
          }).toString(),
        ),
      ),
    ).toEqual({
      kind: "filters",
      type: "Casa",
      neighborhood: "Portal das Águas",
      priceRange: "300k-600k",
      advertisedFor: "LOCAÇÃO",
      category: "Em Obras",
    });
  });

  it("an empty search falls through to latest", () => {
    expect(parseFilter(p("search=&latest=3"))).toEqual({ kind: "latest", count: 3 });
  });

  it("a whitespace-only search falls through to the filters", () => {
    expect(parseFilter(p("search=%20%20&type=Casa"))).toEqual({ kind: "filters", type: "Casa" });
  });
});

describe("parseFilter ignores all/any/empty and unknown values", () => {
  it.each(["all", "ALL", "todos", "todas", "qualquer", "", "  "])("ignores %j everywhere", (v) => {
    const qs = new URLSearchParams({
      search: v,
      latest: v,
      type: v,
      neighborhood: v,
      priceRange: v,
      advertised_for: v,
      category: v,
    });
    const f = parseFilter(qs);
    expect(f).toEqual({ kind: "filters" });
    expect(isFiltered(f)).toBe(false);
  });

  it("ignores unknown values but keeps known ones", () => {
    const f = parseFilter(
      p("type=Castelo&neighborhood=Atlantida&priceRange=gratis&advertised_for=ROUBO&category=Nada&priceRange=x"),
    );
    expect(f).toEqual({ kind: "filters" });
    expect(isFiltered(f)).toBe(false);

    expect(parseFilter(p("type=Castelo&neighborhood=Centro"))).toEqual({ kind: "filters", neighborhood: "Centro" });
  });

  it("is case-sensitive for option values (lower-case type is unknown)", () => {
    expect(parseFilter(p("type=casa"))).toEqual({ kind: "filters" });
  });

  it("isFiltered is true once a filter applies", () => {
    expect(isFiltered(parseFilter(p("type=Casa")))).toBe(true);
    expect(isFiltered(parseFilter(p("latest=5")))).toBe(true);
    expect(isFiltered(parseFilter(p("search=x")))).toBe(true);
  });
});

describe("parseFilter latest bounds", () => {
  it.each(["0", "-1", "-5", "abc", "5abc", "1.5", "00"])("ignores latest=%j", (v) => {
    expect(parseFilter(new URLSearchParams({ latest: v, type: "Casa" }))).toEqual({ kind: "filters", type: "Casa" });
  });

  it("accepts 1 and 100 as-is", () => {
    expect(parseFilter(p("latest=1"))).toEqual({ kind: "latest", count: 1 });
    expect(parseFilter(p("latest=100"))).toEqual({ kind: "latest", count: 100 });
  });

  it("caps 101 and 999 at 100", () => {
    expect(parseFilter(p("latest=101"))).toEqual({ kind: "latest", count: 100 });
    expect(parseFilter(p("latest=999"))).toEqual({ kind: "latest", count: 100 });
  });

  it("caps 1000 at 100", () => {
    expect(parseFilter(p("latest=1000"))).toEqual({ kind: "latest", count: 100 });
  });
});

describe("parsePage", () => {
  it.each([
    ["", 1],
    ["page=", 1],
    ["page=abc", 1],
    ["page=-3", 1],
    ["page=0", 1],
    ["page=1.5", 1],
    ["page=2e3", 1],
    ["page=9999999", 1],
    ["page=1", 1],
    ["page=2", 2],
    ["page=42", 42],
  ])("%j → %i", (qs, expected) => {
    expect(parsePage(p(qs))).toBe(expected);
  });
});

describe("describeFilter", () => {
  it("labels a search", () => {
    expect(describeFilter({ kind: "search", text: "casa" })).toEqual(['Busca: "casa"']);
  });

  it("labels latest", () => {
    expect(describeFilter({ kind: "latest", count: 5 })).toEqual(["Últimos 5 imóveis cadastrados"]);
  });

  it("labels every combined filter in order", () => {
    expect(
      describeFilter({
        kind: "filters",
        type: "Casa",
        category: "Em Obras",
        neighborhood: "Centro",
        priceRange: "ate-300k",
        advertisedFor: "COMPRA",
      }),
    ).toEqual([
      "Tipo: Casa",
      "Categoria: Em Obras",
      "Bairro: Centro",
      "Faixa de preço: Até R$ 300 mil",
      "Modalidade: Compra",
    ]);
  });

  it.each([
    ["COMPRA", "Modalidade: Compra"],
    ["LOCAÇÃO", "Modalidade: Aluguel"],
    ["LANÇAMENTO", "Modalidade: Lançamento"],
  ])("shows advertised_for %s as %s", (raw, label) => {
    const f = parseFilter(new URLSearchParams({ advertised_for: raw }));
    expect(describeFilter(f)).toEqual([label]);
  });

  it("is empty with no filter", () => {
    expect(describeFilter({ kind: "filters" })).toEqual([]);
  });
});

describe("homeSearchUrl", () => {
  it("leaves out all/any choices", () => {
    expect(homeSearchUrl({ type: "all", neighborhood: "all", priceRange: "qualquer" })).toBe("/imoveis");
    expect(homeSearchUrl({})).toBe("/imoveis");
    expect(homeSearchUrl({ type: "", neighborhood: undefined, priceRange: "qualquer" })).toBe("/imoveis");
  });

  it("keeps real choices and encodes values", () => {
    const url = homeSearchUrl({ type: "Casa", neighborhood: "Portal das Águas", priceRange: "qualquer" });
    expect(url).toBe("/imoveis?type=Casa&neighborhood=Portal+das+%C3%81guas");
    // Round-trips through parseFilter.
    const qs = new URLSearchParams(url.split("?")[1]);
    expect(parseFilter(qs)).toEqual({ kind: "filters", type: "Casa", neighborhood: "Portal das Águas" });
  });

  it("includes a price range", () => {
    expect(homeSearchUrl({ type: "all", neighborhood: "all", priceRange: "acima-1000k" })).toBe(
      "/imoveis?priceRange=acima-1000k",
    );
  });
});

describe("pageUrl", () => {
  it("keeps the filters and sets the page", () => {
    expect(pageUrl(p("type=Casa&neighborhood=Centro"), 3)).toBe("/imoveis?type=Casa&neighborhood=Centro&page=3");
  });

  it("replaces an existing page", () => {
    expect(pageUrl(p("type=Casa&page=2"), 5)).toBe("/imoveis?type=Casa&page=5");
  });

  it("drops page=1", () => {
    expect(pageUrl(p("type=Casa&page=4"), 1)).toBe("/imoveis?type=Casa");
    expect(pageUrl(p("page=4"), 1)).toBe("/imoveis");
    expect(pageUrl(p(""), 1)).toBe("/imoveis");
  });

  it("does not mutate the given params", () => {
    const params = p("type=Casa");
    pageUrl(params, 2);
    expect(params.toString()).toBe("type=Casa");
  });
});

describe("minimums, order and chips (issue 11)", () => {
  it("reads bedrooms and parking as 1 to 4, ignoring anything else", () => {
    expect(parseFilter(p("bedrooms=2&parking=4%2B"))).toEqual({ kind: "filters", bedrooms: 2, parking: 4 });
    for (const bad of ["0", "5", "-1", "2.5", "x", "", "1e1"])
      expect(parseFilter(p(`bedrooms=${bad}&parking=${bad}`))).toEqual({ kind: "filters" });
  });

  it("the search text still overrides the minimums", () => {
    expect(parseFilter(p("search=casa&bedrooms=3&parking=2"))).toEqual({ kind: "search", text: "casa" });
  });

  it("ignores a price range named after an object property", () => {
    for (const bad of ["toString", "constructor", "__proto__", "hasOwnProperty"])
      expect(parseFilter(p(`priceRange=${bad}`))).toEqual({ kind: "filters" });
  });

  it("reads the order, recentes by default and for unknown values", () => {
    expect(parseSort(p("sort=menor-preco"))).toBe("menor-preco");
    expect(parseSort(p("sort=maior-area"))).toBe("maior-area");
    for (const bad of ["", "toString", "MENOR-PRECO", "price"]) expect(parseSort(p(`sort=${bad}`))).toBe("recentes");
  });

  it("makes one chip per applied filter, each linking to the list without it", () => {
    const filter = parseFilter(p("type=Casa&bedrooms=3&category=&priceRange=qualquer&page=3"));
    expect(filterChips(filter, "menor-preco")).toEqual([
      { label: "Tipo: Casa", href: "/imoveis?bedrooms=3&sort=menor-preco" },
      { label: "3+ quartos", href: "/imoveis?type=Casa&sort=menor-preco" },
    ]);
    expect(filterChips(parseFilter(p("search=jardim&type=Casa")), "recentes")).toEqual([
      { label: 'Busca: "jardim"', href: "/imoveis" },
    ]);
    expect(filterChips(parseFilter(p("parking=1")), "recentes")).toEqual([{ label: "1+ vaga", href: "/imoveis" }]);
  });
});
