import { describe, expect, it } from "vitest";
import { addMonthsToDay } from "#app/models/shared/days";
import {
  accumulate,
  decodeSgs,
  formatRate,
  missingIndexMonths,
  waitingLabel,
  monthsFor,
  newRent,
  nextAnniversary,
  parseRate,
  parseSgsCsv,
} from "./readjustment";
import { cents } from "#app/models/shared/money";

const year = (first: string, rates: number[]) =>
  rates.map((ratePpm, i) => {
    const [y, m] = first.split("-").map(Number);
    const idx = y * 12 + m - 1 + i;
    return { month: `${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, "0")}`, ratePpm };
  });

describe("anniversaries", () => {
  it("clamps to the month's length and waits 12 months after the last readjustment", () => {
    expect(addMonthsToDay("2024-01-31", 13)).toBe("2025-02-28");
    expect(addMonthsToDay("2023-02-28", 12)).toBe("2024-02-28");
    expect(nextAnniversary("2025-11-23", "2026-11-01", null)).toBe("2026-11-23");
    expect(nextAnniversary("2024-11-23", "2025-01-01", null)).toBe("2025-11-23");
    // readjusted late (2026-12-01) for the 2026-11-23 anniversary: the next one
    // must be 12 months after it, so 2027-11-23 is skipped for 2028-11-23.
    expect(nextAnniversary("2025-11-23", "2027-01-01", "2026-12-01")).toBe("2028-11-23");
    expect(nextAnniversary("2025-11-23", "2027-01-01", "2026-11-23")).toBe("2027-11-23");
  });

  it("accumulates the 12 months before the anniversary's month", () => {
    expect(monthsFor("2026-11-23")).toEqual([
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
    ]);
    expect(monthsFor("2027-01-05")[0]).toBe("2026-01");
    expect(monthsFor("2027-01-05")[11]).toBe("2026-12");
  });

  it("with a lag of one month ends at the last month published before the 30-day notice (decision 0066)", () => {
    // An anniversary on 10/03/2027: without a lag it waits for February's
    // IPCA, published about 10/03, the anniversary itself; with one, the
    // last month is January's, out about 10/02.
    expect(monthsFor("2027-03-10", 1)).toEqual(monthsFor("2027-02-10", 0));
    expect(monthsFor("2027-03-10", 1)[0]).toBe("2026-02");
    expect(monthsFor("2027-03-10", 1)[11]).toBe("2027-01");
    const values = Array.from({ length: 12 }, (_, i) => ({ month: monthsFor("2027-03-10", 1)[i], ratePpm: 10_000 }));
    expect(accumulate("2027-03-10", values, 1)).toMatchObject({
      ok: true,
      firstMonth: "2026-02",
      lastMonth: "2027-01",
    });
    expect(accumulate("2027-03-10", values, 0)).toEqual({ ok: false, missing: ["2027-02"] });
  });
});

describe("accumulate", () => {
  it("is the product of (1 + rate) − 1 over 12 months", () => {
    const acc = accumulate("2026-11-23", year("2025-11", Array(12).fill(10_000))); // 1% a month
    if (!acc.ok) throw new Error("missing");
    expect(acc.accumulatedPpm).toBe(126_825); // 1.01^12 − 1 = 12,6825...%
    expect([acc.firstMonth, acc.lastMonth]).toEqual(["2025-11", "2026-10"]);
    expect(newRent(cents(150_000), acc, false)).toBe(169_024); // 1500 × 1.126825030... = 1690,2375 → 1690,24
  });

  it("takes a negative month inside a positive year", () => {
    const rates = [5200, -7300, 3000, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const acc = accumulate("2026-11-01", year("2025-11", rates));
    if (!acc.ok) throw new Error("missing");
    // 1.0052 × 0.9927 × 1.003 = 1.000855626... → 856 ppm
    expect(acc.accumulatedPpm).toBe(856);
    expect(newRent(cents(100_000), acc, false)).toBe(100_086);
  });

  it("a negative total lowers the rent only when the contract says so", () => {
    const acc = accumulate("2026-11-01", year("2025-11", Array(12).fill(-1000))); // -0,1% a month
    if (!acc.ok) throw new Error("missing");
    expect(acc.accumulatedPpm).toBe(-11_934); // 0.999^12 − 1 = −1,1934%
    expect(newRent(cents(200_000), acc, false)).toBe(200_000);
    expect(newRent(cents(200_000), acc, true)).toBe(197_613); // 2000 × 0.98806... = 1976,13
  });

  it("rounds half a centavo up", () => {
    // 0,5% in one month, nothing else: 100 centavos × 1.005 = 100.5 → 101.
    const acc = accumulate("2026-11-01", year("2025-11", [5000, ...Array(11).fill(0)]));
    if (!acc.ok) throw new Error("missing");
    expect(newRent(cents(100), acc, false)).toBe(101);
    expect(newRent(cents(300), acc, false)).toBe(302); // 301.5 → 302
    expect(newRent(cents(102), acc, false)).toBe(103); // 102.51 → 103
  });

  it("names the missing months", () => {
    const values = year("2025-11", Array(12).fill(1000)).filter((v) => v.month !== "2026-03" && v.month !== "2026-10");
    expect(accumulate("2026-11-23", values)).toEqual({ ok: false, missing: ["2026-03", "2026-10"] });
  });
});

describe("rates", () => {
  it("parses and formats percent rates in ppm", () => {
    expect(parseRate("0,52")).toBe(5200);
    expect(parseRate("-0,73")).toBe(-7300);
    expect(parseRate("1.5")).toBe(15_000);
    expect(parseRate("0,12345")).toBeNull();
    expect(parseRate("abc")).toBeNull();
    expect(parseRate("-100")).toBeNull();
    expect(formatRate(5200)).toBe("0,52");
    expect(formatRate(-7300)).toBe("-0,73");
    expect(formatRate(123_456)).toBe("12,3456");
    expect(formatRate(0)).toBe("0,00");
  });
});

describe("parseSgsCsv", () => {
  it("reads the SGS export: quoted, BOM, CRLF, trailing blank lines, negatives", () => {
    const text = '\uFEFF"data";"valor"\r\n"01/09/2026";"0,52"\r\n01/10/2026;-0,73\r\n\r\n\r\n';
    expect(parseSgsCsv(text)).toEqual({
      ok: true,
      values: [
        { month: "2026-09", ratePpm: 5200 },
        { month: "2026-10", ratePpm: -7300 },
      ],
    });
  });

  it("decodes ISO-8859-1 when the bytes are not UTF-8", () => {
    const bytes = new Uint8Array([...Buffer.from("data;valor\n01/10/2026;0,52\n"), 0xe9]);
    expect(decodeSgs(bytes).endsWith("é")).toBe(true);
    expect(decodeSgs(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe("a");
  });

  it("refuses a broken file whole, naming the line", () => {
    expect(parseSgsCsv("data;valor\n01/10/2026;0,52\n01/11/2026;n/d\n")).toEqual({
      ok: false,
      error: expect.stringContaining("Linha 3"),
    });
    expect(parseSgsCsv("date,value\n2026-10-01,0.52\n")).toEqual({
      ok: false,
      error: expect.stringContaining("Linha 1"),
    });
    expect(parseSgsCsv("data;valor\n01/13/2026;0,52\n")).toEqual({
      ok: false,
      error: expect.stringContaining("Linha 2"),
    });
    expect(parseSgsCsv("data;valor\n01/10/2026;0,52\n01/10/2026;0,53\n")).toEqual({
      ok: false,
      error: expect.stringContaining("duas vezes"),
    });
    expect(parseSgsCsv("").ok).toBe(false);
    expect(parseSgsCsv("data;valor\n\n").ok).toBe(false);
  });
});

describe("missingIndexMonths", () => {
  it("lists each index's missing months once, in order", () => {
    const due = (index: "IGPM" | "IPCA", missing: string[]) => ({
      clientId: 1,
      clientName: "A",
      anniversary: "2026-12-10",
      index,
      oldRent: 100,
      newRent: null,
      missing,
    });
    expect(
      missingIndexMonths([due("IPCA", ["2026-11"]), due("IGPM", ["2026-11", "2026-10"]), due("IGPM", ["2026-11"])]),
    ).toEqual(["IGP-M: outubro de 2026, novembro de 2026", "IPCA: novembro de 2026"]);
  });
});

describe("waitingLabel", () => {
  it("names up to three months, else the range", () => {
    expect(waitingLabel(["2026-10"])).toBe("aguardando índices de outubro de 2026");
    expect(waitingLabel(["2025-12", "2026-01", "2026-02", "2026-03"])).toBe(
      "aguardando índices de dezembro de 2025 a março de 2026 (4 meses)",
    );
  });
});
