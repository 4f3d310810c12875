import { describe, expect, it } from "vitest";
import { buildSearchText, codeFromQuery, formatPropertyCode, likePattern, normalizeText } from "./search";

describe("normalizeText", () => {
  it("ignores case and accents", () => {
    expect(normalizeText("ÁGUAS Três")).toBe("aguas tres");
    expect(normalizeText("Lançamento ção")).toBe("lancamento cao");
  });

  it("collapses and trims whitespace", () => {
    expect(normalizeText("  Jardim \t  Alvorada\n")).toBe("jardim alvorada");
  });

  it("makes composed and decomposed forms equal", () => {
    expect(normalizeText("A\u0301guas")).toBe(normalizeText("\u00c1guas"));
  });
});

describe("formatPropertyCode", () => {
  it("pads to four digits", () => {
    expect(formatPropertyCode(100)).toBe("#0100");
    expect(formatPropertyCode(7)).toBe("#0007");
    expect(formatPropertyCode(12345)).toBe("#12345");
  });
});

describe("codeFromQuery", () => {
  it.each([
    ["#0100", 100],
    ["#100", 100],
    ["  #42  ", 42],
    ["# 7", 7],
  ])("%j → %i", (q, code) => {
    expect(codeFromQuery(q)).toBe(code);
  });

  it.each(["0100", "casa #1", "#", "#abc", "#1a", ""])("%j → null", (q) => {
    expect(codeFromQuery(q)).toBeNull();
  });
});

describe("buildSearchText", () => {
  it("contains the formatted code and normalized fields", () => {
    const text = buildSearchText({
      name: "Casa Térrea",
      location: "Portal das Águas",
      type: "Casa",
      property_code: 100,
    });
    expect(text).toContain("#0100");
    expect(text).toContain("portal das aguas");
    expect(text).toContain("casa terrea");
    expect(text).toBe(normalizeText(text));
  });

  it("matches a normalized query for the location", () => {
    const text = buildSearchText({ name: "X", location: "Três Lagoas Centro", type: "Apartamento", property_code: 5 });
    expect(text).toContain(normalizeText("TRES lagoas"));
    expect(text).toContain("#0005");
  });
});

describe("likePattern", () => {
  it("wraps in % wildcards", () => {
    expect(likePattern("casa")).toBe("%casa%");
  });

  it("escapes %, _ and backslash", () => {
    expect(likePattern("50%")).toBe("%50\\%%");
    expect(likePattern("a_b")).toBe("%a\\_b%");
    expect(likePattern("a\\b")).toBe("%a\\\\b%");
  });
});
