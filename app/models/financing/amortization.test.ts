import { describe, expect, it } from "vitest";
import { monthlyRateFromAnnual, priceInstalment, simulate } from "./amortization";

// Expected figures worked out apart from this module: the SAC example by hand
// (R$ 10.000,00 amortised each month, interest 1% of a balance that falls by
// R$ 10.000,00), the others with spreadsheet formulas (PMT, and each month's
// interest = ROUND(balance × rate; 2)), written here as literals.

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("monthlyRateFromAnnual", () => {
  it("turns an effective yearly rate into the equivalent monthly rate", () => {
    expect(monthlyRateFromAnnual(12)).toBeCloseTo(0.009488792934583, 14);
    expect(monthlyRateFromAnnual(10.5)).toBeCloseTo(0.0083551556836351, 14);
    // 1% a month is (1.01^12 - 1) = 12,6825...% a year.
    expect(monthlyRateFromAnnual((1.01 ** 12 - 1) * 100)).toBeCloseTo(0.01, 14);
    expect(monthlyRateFromAnnual(0)).toBe(0);
  });
});

describe("SAC", () => {
  it("R$ 120.000,00 in 12 months at 1% a month (by hand)", () => {
    const s = simulate({ financed: 120_000_00, months: 12, monthlyRate: 0.01, system: "SAC" });
    expect(s.rows.map((r) => r.amortization)).toEqual(Array(12).fill(10_000_00));
    expect(s.rows.map((r) => r.interest)).toEqual(
      [1200, 1100, 1000, 900, 800, 700, 600, 500, 400, 300, 200, 100].map((x) => x * 100),
    );
    expect(s.firstPayment).toBe(11_200_00);
    expect(s.rows[1]).toEqual({
      month: 2,
      payment: 11_100_00,
      interest: 1_100_00,
      amortization: 10_000_00,
      balance: 100_000_00,
    });
    expect(s.lastPayment).toBe(10_100_00);
    expect(s.totalInterest).toBe(7_800_00);
    expect(s.totalPaid).toBe(127_800_00);
  });

  it("the last instalment absorbs the rounding: R$ 100.000,00 in 7 months", () => {
    const s = simulate({ financed: 100_000_00, months: 7, monthlyRate: 0.01, system: "SAC" });
    // 100.000,00 / 7 = 14.285,714...: six parts of 14.285,71 and a last of 14.285,74.
    expect(s.rows.slice(0, 6).map((r) => r.amortization)).toEqual(Array(6).fill(14_285_71));
    expect(s.rows[6].amortization).toBe(14_285_74);
    expect(sum(s.rows.map((r) => r.amortization))).toBe(100_000_00);
    expect(s.firstPayment).toBe(15_285_71);
    expect(s.lastPayment).toBe(14_428_60);
    expect(s.totalInterest).toBe(4_000_00);
    expect(s.rows[6].balance).toBe(0);
  });

  it("R$ 240.000,00 in 360 months at 10,5% a year", () => {
    const s = simulate({ financed: 240_000_00, months: 360, monthlyRate: monthlyRateFromAnnual(10.5), system: "SAC" });
    expect(s.rows[0]).toEqual({
      month: 1,
      payment: 2_671_91,
      interest: 2_005_24,
      amortization: 666_67,
      balance: 239_333_33,
    });
    expect(s.rows[1].payment).toBe(2_666_34);
    expect(s.rows[359]).toEqual({ month: 360, payment: 671_03, interest: 5_56, amortization: 665_47, balance: 0 });
    expect(s.totalInterest).toBe(361_943_50);
    expect(sum(s.rows.map((r) => r.amortization))).toBe(240_000_00);
  });
});

describe("PRICE", () => {
  it("R$ 100.000,00 in 12 months at 1% a month: PMT 8.884,88", () => {
    expect(priceInstalment(100_000_00, 12, 0.01)).toBeCloseTo(888_487.88, 1);
    const s = simulate({ financed: 100_000_00, months: 12, monthlyRate: 0.01, system: "PRICE" });
    expect(s.rows[0]).toEqual({
      month: 1,
      payment: 8_884_88,
      interest: 1_000_00,
      amortization: 7_884_88,
      balance: 92_115_12,
    });
    expect(s.rows.slice(0, 11).every((r) => r.payment === 8_884_88)).toBe(true);
    expect(s.rows[11]).toEqual({ month: 12, payment: 8_884_85, interest: 87_97, amortization: 8_796_88, balance: 0 });
    expect(s.totalInterest).toBe(6_618_53);
    expect(s.totalPaid).toBe(106_618_53);
    expect(sum(s.rows.map((r) => r.amortization))).toBe(100_000_00);
  });

  it("R$ 240.000,00 in 360 months at 10,5% a year", () => {
    const s = simulate({
      financed: 240_000_00,
      months: 360,
      monthlyRate: monthlyRateFromAnnual(10.5),
      system: "PRICE",
    });
    expect(s.rows[0]).toEqual({
      month: 1,
      payment: 2_110_82,
      interest: 2_005_24,
      amortization: 105_58,
      balance: 239_894_42,
    });
    expect(s.rows[1]).toEqual({
      month: 2,
      payment: 2_110_82,
      interest: 2_004_36,
      amortization: 106_46,
      balance: 239_787_96,
    });
    expect(s.lastPayment).toBe(2_105_53);
    expect(s.totalInterest).toBe(519_889_91);
    expect(sum(s.rows.map((r) => r.amortization))).toBe(240_000_00);
  });

  it("without interest, equal parts and the remainder at the end", () => {
    const s = simulate({ financed: 100_00, months: 3, monthlyRate: 0, system: "PRICE" });
    expect(s.rows.map((r) => r.payment)).toEqual([33_33, 33_33, 33_34]);
    expect(s.totalInterest).toBe(0);
  });
});

describe("any input adds up to the financed amount", () => {
  it("for awkward amounts, terms and rates", () => {
    for (const system of ["SAC", "PRICE"] as const) {
      for (const [financed, months, annual] of [
        [1, 1, 0],
        [99_999_99, 420, 13.37],
        [123_456_78, 7, 0.01],
        [5_00, 360, 30],
      ] as const) {
        const s = simulate({ financed, months, monthlyRate: monthlyRateFromAnnual(annual), system });
        expect(s.rows).toHaveLength(months);
        expect(sum(s.rows.map((r) => r.amortization))).toBe(financed);
        expect(s.rows.at(-1)!.balance).toBe(0);
        expect(s.rows.every((r) => r.amortization >= 0 && Number.isInteger(r.payment))).toBe(true);
        expect(s.totalPaid).toBe(sum(s.rows.map((r) => r.payment)));
      }
    }
  });

  it("refuses what is not a loan", () => {
    expect(() => simulate({ financed: 0, months: 12, monthlyRate: 0.01, system: "SAC" })).toThrow(RangeError);
    expect(() => simulate({ financed: 100, months: 0, monthlyRate: 0.01, system: "SAC" })).toThrow(RangeError);
    expect(() => simulate({ financed: 100, months: 12, monthlyRate: Number.NaN, system: "PRICE" })).toThrow(RangeError);
  });
});
