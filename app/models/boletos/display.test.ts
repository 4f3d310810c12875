import { describe, expect, it } from "vitest";
import { boletoSourceLabel, formatDigitableLine } from "./display";

describe("formatDigitableLine", () => {
  it("groups a bank line as printed on the boleto", () => {
    expect(formatDigitableLine("00190000090123456789012345678901110000000125000")).toBe(
      "00190.00009 01234.567890 12345.678901 1 10000000125000",
    );
  });
  it("groups a collection line in four blocks with their check digits", () => {
    expect(formatDigitableLine("836200000005667800481000180975657313001589636081")).toBe(
      "83620000000-5 66780048100-0 18097565731-3 00158963608-1",
    );
  });
  it("shows nothing without a line and anything else as it is", () => {
    expect(formatDigitableLine(null)).toBeNull();
    expect(formatDigitableLine("123")).toBe("123");
  });
});

describe("boletoSourceLabel", () => {
  it("says where the values came from, in Portuguese", () => {
    expect(boletoSourceLabel("line")).toMatch(/^linha digitável/);
    expect(boletoSourceLabel(null)).toBe("nada foi encontrado no arquivo");
    expect(boletoSourceLabel("other")).toBe("other");
  });
});
