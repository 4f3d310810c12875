import { describe, expect, it } from "vitest";
import { contentDisposition } from "./content-disposition";

describe("contentDisposition", () => {
  it("keeps an ASCII name and encodes the UTF-8 one", () => {
    expect(contentDisposition("inline", "Contrato Ação.pdf")).toBe(
      `inline; filename="Contrato A__o.pdf"; filename*=UTF-8''Contrato%20A%C3%A7%C3%A3o.pdf`,
    );
  });

  it("never lets a quote, a backslash or a line break into the header", () => {
    const header = contentDisposition("attachment", "a\"b\\c\r\nSet-Cookie: x=1'(*).pdf");
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(
      `attachment; filename="a_b_c__Set-Cookie: x=1'(*).pdf"; filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%27%28%2A%29.pdf`,
    );
  });

  it("has a fallback for an empty name", () => {
    expect(contentDisposition("attachment", "")).toBe(`attachment; filename="arquivo"; filename*=UTF-8''`);
  });
});
