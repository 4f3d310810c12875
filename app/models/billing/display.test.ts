import { describe, expect, it } from "vitest";
import { shortFileName } from "./display";

describe("file names in the Boletos column", () => {
  it("cuts at 15 characters plus an ellipsis, and leaves shorter names alone", () => {
    expect(shortFileName("boleto-outubro-2026.pdf")).toBe("boleto-outubro-...");
    expect(shortFileName("boleto-out.pdf")).toBe("boleto-out.pdf");
    expect(shortFileName("123456789012345")).toBe("123456789012345");
  });
  it("never cuts a character in half", () => {
    expect(shortFileName("ção".repeat(6))).toBe("çãoçãoçãoçãoção...");
    expect(shortFileName("📄".repeat(16))).toBe(`${"📄".repeat(15)}...`);
  });
});
