import { describe, expect, it } from "vitest";
import { SOB_CONSULTA } from "#app/utils/format";
import {
  addCents,
  applyBp,
  applyBpProRata,
  cents,
  formatBRL,
  formatPrice,
  parseBRL,
  PAYMENT_TOLERANCE_CENTS,
  proRataDays,
  reaisDecimal,
  roundHalfUp,
  shareOf,
  subtractCents,
  sumCents,
  withinTolerance,
} from "./money";

describe("formatPrice", () => {
  it("formats centavos as BRL with a plain space", () => {
    expect(formatPrice(125000000)).toBe("R$ 1.250.000,00");
    expect(formatPrice(125000)).toBe("R$ 1.250,00");
    expect(formatPrice(5)).toBe("R$ 0,05");
    expect(formatBRL(125050)).toBe("R$ 1.250,50");
    expect(formatPrice(125000)).not.toContain("\u00a0");
  });

  it("shows SOB CONSULTA for missing prices", () => {
    expect(formatPrice(null)).toBe("SOB CONSULTA");
    expect(formatPrice(undefined)).toBe(SOB_CONSULTA);
    expect(formatPrice(Number.NaN)).toBe(SOB_CONSULTA);
  });
});

describe("parseBRL", () => {
  it.each([
    ["450.000,00", 45000000],
    ["450000", 45000000],
    ["R$ 1.250,5", 125050],
    ["r$1.250,50", 125050],
    ["450000.00", 45000000],
    ["  350.000,00  ", 35000000],
    ["0,99", 99],
  ])("%j → %i centavos", (input, cents) => {
    expect(parseBRL(input)).toBe(cents);
  });

  it.each(["SOB CONSULTA", "sob consulta", "  Sob Consulta "])("%j → null", (input) => {
    expect(parseBRL(input)).toBeNull();
  });

  it.each(["abc", "4.50.000", "", "1,234", "-100", "12.34.56", "R$", "450.000,00 reais"])("%j → undefined", (input) => {
    expect(parseBRL(input)).toBeUndefined();
  });

  it("refuses amounts beyond safe integers", () => {
    expect(parseBRL("99999999999999999999")).toBeUndefined();
  });
});

describe("parseBRL limits", () => {
  it("refuses a price too large to store exactly", () => {
    expect(parseBRL("9999999999999999999999.99")).toBeUndefined();
    expect(parseBRL("9999999999999999999999,99")).toBeUndefined();
  });
});

describe("reaisDecimal", () => {
  it("writes centavos as reais with a dot, exactly, at the edges", () => {
    expect(reaisDecimal(1)).toBe("0.01");
    expect(reaisDecimal(99)).toBe("0.99");
    expect(reaisDecimal(100)).toBe("1.00");
    expect(reaisDecimal(125050)).toBe("1250.50");
    expect(reaisDecimal(1_000_000_000_01)).toBe("1000000000.01");
  });

  it("drops the cents of a whole amount when asked", () => {
    expect(reaisDecimal(35_000_000, { whole: true })).toBe("350000");
    expect(reaisDecimal(35_000_050, { whole: true })).toBe("350000.50");
  });
});

describe("Cents", () => {
  it("takes whole numbers of centavos only", () => {
    expect(cents(125050)).toBe(125050);
    expect(cents(-5)).toBe(-5);
    expect(() => cents(10.5)).toThrow(RangeError);
    expect(() => cents(Number.NaN)).toThrow(RangeError);
    expect(() => cents(2 ** 53)).toThrow(RangeError);
  });

  it("adds and subtracts exactly, refusing a sum beyond 2^53", () => {
    expect(addCents(cents(100), cents(250), cents(5))).toBe(355);
    expect(subtractCents(cents(100), cents(250))).toBe(-150);
    expect(sumCents([cents(1), cents(2), cents(3)])).toBe(6);
    expect(() => addCents(cents(Number.MAX_SAFE_INTEGER), cents(1))).toThrow(RangeError);
  });
});

describe("rounding half-up", () => {
  it("rounds x.5 up and below it down", () => {
    expect(roundHalfUp(5n, 10n)).toBe(1); // 0,5 → 1
    expect(roundHalfUp(25n, 10n)).toBe(3); // 2,5 → 3, never to even
    expect(roundHalfUp(4n, 10n)).toBe(0);
    expect(roundHalfUp(149_999n, 100_000n)).toBe(1);
  });

  it("rounds a negative fraction by its magnitude (half away from zero)", () => {
    expect(roundHalfUp(-25n, 10n)).toBe(-3);
    expect(roundHalfUp(-24n, 10n)).toBe(-2);
    expect(() => roundHalfUp(1n, 0n)).toThrow(RangeError);
  });

  it("stays exact for large values", () => {
    // R$ 10.000.000,00 × 10% × 3652 days / 30: 121.733.333,33…
    expect(applyBpProRata(cents(1_000_000_000), 1000, 3652, 30)).toBe(12_173_333_333);
    expect(roundHalfUp(2n ** 80n + 1n, 2n ** 28n)).toBe(2 ** 52);
  });
});

describe("basis points and pro rata", () => {
  it("applies basis points half-up to the centavo", () => {
    expect(applyBp(cents(150_000), 1000)).toBe(15_000); // 10%
    expect(applyBp(cents(123_455), 1000)).toBe(12_346); // 12.345,5 → 12.346
    expect(applyBp(cents(5), 1000)).toBe(1); // 0,5 → 1
    expect(applyBp(cents(4), 1000)).toBe(0);
    expect(applyBp(cents(150_000), 0)).toBe(0);
    expect(() => applyBp(cents(100), 2.5)).toThrow(RangeError);
  });

  it("applies a monthly rate for some days, rounding once", () => {
    // 1.500,00 × 1% × 10/30 = 5,00
    expect(applyBpProRata(cents(150_000), 100, 10, 30)).toBe(500);
    // 1.000,01 × 1% × 1/30 = 0,33336… → 0,33
    expect(applyBpProRata(cents(100_001), 100, 1, 30)).toBe(33);
    // 15,00 × 1% × 1/30 = 0,005 → 0,01 (half-up)
    expect(applyBpProRata(cents(1_500), 100, 1, 30)).toBe(1);
    expect(() => applyBpProRata(cents(1_500), 100, 1, 0)).toThrow(RangeError);
  });

  it("splits an amount pro rata by days", () => {
    expect(proRataDays(cents(150_000), 10, 30)).toBe(50_000);
    expect(proRataDays(cents(100_000), 1, 3)).toBe(33_333); // 33.333,33…
    expect(proRataDays(cents(100_000), 2, 3)).toBe(66_667); // 66.666,66… → up
    expect(proRataDays(cents(1), 1, 2)).toBe(1); // 0,5 → 1
  });

  it("keeps the payment tolerance at R$ 0,05 on either side", () => {
    expect(PAYMENT_TOLERANCE_CENTS).toBe(5);
    expect(withinTolerance(150_005, 150_000)).toBe(true);
    expect(withinTolerance(149_995, 150_000)).toBe(true);
    expect(withinTolerance(150_006, 150_000)).toBe(false);
  });
});

describe("shareOf: co-owners' parts", () => {
  const parts = (amount: number, shares: number[]) => {
    let before = 0;
    return shares.map((s) => {
      const part = shareOf(cents(amount), before, s);
      before += s;
      return part;
    });
  };

  it("splits in halves and thirds to the centavo, the parts summing to the whole", () => {
    expect(parts(100_001, [5000, 5000])).toEqual([50_001, 50_000]);
    expect(parts(100_000, [3333, 3333, 3334])).toEqual([33_330, 33_330, 33_340]);
    // A third each of R$ 10,00 cannot be equal: 3,33 + 3,34 + 3,33.
    expect(parts(1_000, [3333, 3334, 3333])).toEqual([333, 334, 333]);
    for (const amount of [1, 2, 99, 12_345, 987_654])
      for (const shares of [[5000, 5000], [3333, 3333, 3334], [1, 9999], [2500, 2500, 2500, 2500], [10_000]])
        expect(parts(amount, shares).reduce((a, b) => a + b, 0)).toBe(amount);
  });

  it("gives a single owner the whole, and a tiny share its rounded part", () => {
    expect(parts(150_000, [10_000])).toEqual([150_000]);
    expect(parts(4_999, [1, 9999])).toEqual([0, 4_999]);
    expect(parts(5_000, [1, 9999])).toEqual([1, 4_999]);
  });

  it("splits an estorno (a negative amount) as the opposite of the payment", () => {
    expect(parts(-100_001, [5000, 5000])).toEqual([-50_001, -50_000]);
  });
});
