import { describe, expect, it } from "vitest";
import { CSV_BOM, csvAmount, csvCell, csvDateTime, csvDay, csvLine, csvStream } from "./csv";

describe("CSV for Excel in Brazil", () => {
  it("separates cells with ';', ends lines with CRLF and quotes only what needs it", () => {
    expect(csvLine(["Ana", "Rua A; 10", 'o "X"', "duas\nlinhas", null, 7])).toBe(
      'Ana;"Rua A; 10";"o ""X""";"duas\nlinhas";;7\r\n',
    );
  });

  it("writes a cell a spreadsheet would run as a formula as text", () => {
    for (const bad of ['=HYPERLINK("x")', "+55 67", "-1+1", "@SUM(A1)", "\tx", "\rx"])
      expect(csvCell(bad).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell("=1;2")).toBe(`"'=1;2"`);
    expect(csvCell("João")).toBe("João");
  });

  it("writes amounts with a decimal comma and no thousands mark, negative ones still numbers", () => {
    expect(csvCell(csvAmount(123_456))).toBe("1234,56");
    expect(csvCell(csvAmount(5))).toBe("0,05");
    expect(csvCell(csvAmount(-5))).toBe("-0,05");
    expect(csvCell(csvAmount(-1_000_000_00))).toBe("-1000000,00");
    expect(csvCell(csvAmount(null))).toBe("");
  });

  it("writes days as dd/mm/aaaa", () => {
    expect(csvDay("2026-03-09")).toBe("09/03/2026");
    expect(csvDay("2026-11-28T03:00:00.000Z")).toBe("28/11/2026");
    expect(csvDay(null)).toBeNull();
  });

  it("writes moments in the agency's zone as dd/mm/aaaa hh:mm", () => {
    // 02:30 UTC on the 29th is 22:30 on the 28th in Três Lagoas (UTC-4).
    expect(csvDateTime("2026-11-29T02:30:00.000Z")).toBe("28/11/2026 22:30");
    expect(csvDateTime(null)).toBeNull();
  });

  it("streams the BOM and the header first, then each page as it comes", async () => {
    async function* pages() {
      yield [["Ana", csvAmount(100)]];
      yield [];
      yield [["Bia", csvAmount(-250)]];
    }
    const bytes = new Uint8Array(await new Response(csvStream(["Nome", "Valor"], pages())).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(`${CSV_BOM}Nome;Valor\r\nAna;1,00\r\nBia;-2,50\r\n`);
  });
});
