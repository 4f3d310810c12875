import { describe, expect, it } from "vitest";
import { amountInWords } from "./amount-in-words";

describe("amountInWords", () => {
  it.each([
    // the edges
    [1, "um centavo"],
    [1_000_00, "mil reais"],
    [1_605_50, "mil seiscentos e cinco reais e cinquenta centavos"],
    [1_000_000_00, "um milhão de reais"],
    // below one real, one real, plurals
    [0, "zero reais"],
    [2, "dois centavos"],
    [10, "dez centavos"],
    [99, "noventa e nove centavos"],
    [1_00, "um real"],
    [1_01, "um real e um centavo"],
    [2_00, "dois reais"],
    [14_00, "quatorze reais"],
    [21_00, "vinte e um reais"],
    // cem / cento
    [100_00, "cem reais"],
    [101_00, "cento e um reais"],
    [110_00, "cento e dez reais"],
    [199_99, "cento e noventa e nove reais e noventa e nove centavos"],
    [200_00, "duzentos reais"],
    [205_00, "duzentos e cinco reais"],
    // "e" between mil and the rest: only before a class below 100 or of whole hundreds
    [1_001_00, "mil e um reais"],
    [1_019_00, "mil e dezenove reais"],
    [1_100_00, "mil e cem reais"],
    [1_101_00, "mil cento e um reais"],
    [1_605_00, "mil seiscentos e cinco reais"],
    [2_400_00, "dois mil e quatrocentos reais"],
    [2_435_00, "dois mil quatrocentos e trinta e cinco reais"],
    [9_030_00, "nove mil e trinta reais"],
    [21_000_00, "vinte e um mil reais"],
    [100_000_00, "cem mil reais"],
    [101_000_00, "cento e um mil reais"],
    [999_999_99, "novecentos e noventa e nove mil novecentos e noventa e nove reais e noventa e nove centavos"],
    // milhão, "de reais" after a whole milhão
    [1_000_000_01, "um milhão de reais e um centavo"],
    [1_000_000_50, "um milhão de reais e cinquenta centavos"],
    [1_000_001_00, "um milhão e um reais"],
    [1_000_100_00, "um milhão e cem reais"],
    [1_001_000_00, "um milhão e mil reais"],
    [1_100_000_00, "um milhão e cem mil reais"],
    [1_100_005_00, "um milhão cem mil e cinco reais"],
    [1_500_000_00, "um milhão e quinhentos mil reais"],
    [1_435_000_00, "um milhão quatrocentos e trinta e cinco mil reais"],
    [2_000_000_00, "dois milhões de reais"],
    [2_345_678_00, "dois milhões trezentos e quarenta e cinco mil seiscentos e setenta e oito reais"],
    [10_000_000_00, "dez milhões de reais"],
    [999_000_000_00, "novecentos e noventa e nove milhões de reais"],
    // beyond the rental ceiling (R$ 10.000.000,00)
    [1_000_000_000_00, "um bilhão de reais"],
    [2_000_500_000_00, "dois bilhões e quinhentos mil reais"],
    [1_000_000_000_000_00, "um trilhão de reais"],
  ])("%i centavos → %s", (cents, words) => {
    expect(amountInWords(cents)).toBe(words);
  });

  it("writes the largest safe integer", () => {
    expect(amountInWords(Number.MAX_SAFE_INTEGER)).toBe(
      "noventa trilhões setenta e um bilhões novecentos e noventa e dois milhões quinhentos e quarenta e sete mil " +
        "quatrocentos e nove reais e noventa e um centavos",
    );
  });

  it("never puts a comma, a double space or 'um mil' in any amount up to R$ 10.000.000,00", () => {
    for (let cents = 0; cents <= 10_000_000_00; cents += 999_983) {
      const words = amountInWords(cents);
      expect(words).not.toMatch(/,|\s{2}|^um mil\b|\be e\b|^ | $/);
    }
  });

  it("refuses what is not a whole, non-negative number of centavos", () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
    expect(() => amountInWords(2 ** 53)).toThrow(RangeError);
  });
});
