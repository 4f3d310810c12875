import { describe, expect, it } from "vitest";
import { iconNames } from "../../scripts/make-icon-sprite";
import { iconSymbols } from "./icon-symbols.server";
import { inlineIcons } from "./page-icons";

describe("a public page's own icon symbols", () => {
  it("has every icon of the sprite, under its page id", () => {
    expect([...iconSymbols.keys()].sort()).toEqual(iconNames());
    expect(iconSymbols.get("MapPin")).toMatch(/^<symbol id="icon-MapPin" viewBox="0 0 24 24"[^>]*>.*<\/symbol>$/);
  });

  it("writes each icon used before it once, and leaves a later or unknown icon to the sprite file", () => {
    const { refs, write } = inlineIcons(iconSymbols);
    expect(refs.href("MapPin")).toBe("#icon-MapPin");
    expect(refs.href("Bath")).toBe("#icon-Bath");
    expect(refs.href("MapPin")).toBe("#icon-MapPin");
    expect(refs.href("NoSuchIcon")).toBeUndefined();
    const markup = write();
    expect([...markup.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1])).toEqual(["icon-MapPin", "icon-Bath"]);
    // Rendered after the symbols were written: the file, which has it.
    expect(refs.href("Car")).toBeUndefined();
  });
});
