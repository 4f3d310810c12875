import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { drawable, embedFonts, needsUnicode } from "./pdf-fonts.server";

describe("needsUnicode", () => {
  it("knows exactly Helvetica's characters", async () => {
    const doc = await PDFDocument.create();
    const helvetica = await doc.embedFont(StandardFonts.Helvetica);
    const drawn = helvetica.getCharacterSet().filter((cp) => cp >= 0x20 && !(cp >= 0x7f && cp < 0xa0));
    // Every character Helvetica draws passes; the one after it does not.
    expect(needsUnicode(String.fromCodePoint(...drawn))).toBe(false);
    for (const cp of [0x100, 0x141, 0x1ef, 0x2212, 0x4e00]) {
      expect(needsUnicode(String.fromCodePoint(cp))).toBe(!drawn.includes(cp));
    }
  });

  it("looks through nested data, composes combining marks and skips bytes", () => {
    expect(needsUnicode({ tenant: { name: "João Conceição" }, items: [{ label: "Aluguel — março" }] })).toBe(false);
    expect(needsUnicode({ items: [{ label: "x" }, { label: "Nguyễn" }] })).toBe(true);
    expect(needsUnicode("Jose\u0301\tda Silva")).toBe(false);
    expect(needsUnicode({ photo: new Uint8Array([0xe2, 0x82]), name: "Ana" })).toBe(false);
  });
});

describe("drawable", () => {
  it("never writes '?': a letter Helvetica lacks loses its mark or takes its Latin form", async () => {
    const doc = await PDFDocument.create();
    const { regular } = await embedFonts(doc, false);
    expect(drawable(regular)("Łukasz Kőrösi\tSmith 😀 王")).toBe("Lukasz Korösi Smith Wang");
  });

  it("draws every letter with the embedded font", async () => {
    const doc = await PDFDocument.create();
    const { regular } = await embedFonts(doc, true);
    expect(drawable(regular)("Nguyễn Thị Zażółć Jose\u0301")).toBe("Nguyễn Thị Zażółć José");
  });
});
