import { describe, expect, it } from "vitest";
import { IRRF_TABLE_SEEDS } from "../../../migrations/seeds/irrf-tables";
import { cents } from "#app/models/shared/money";
import { irrfOn, isCompany, isPerson, type IrrfTable } from "./irrf";

// The IRRF on rent at the tables' edges (decision 0074), with the tables as
// the migration seeds them: 2026's with the art. 3º-A reduction, May-December
// 2025's without. The base is the rent less the simplified discount (25% of
// the zero band's 2.428,80 = 607,20); the reduction is measured on the rent.

const [t2025, t2026] = IRRF_TABLE_SEEDS.map((t): IrrfTable => ({
  bands: t.bands,
  reduction: t.reduction,
  simplifiedDiscountBp: t.simplified_discount_bp,
}));
const on = (reais: number, table = t2026) => irrfOn(cents(Math.round(reais * 100)), table);

describe("the IRRF withheld from a person's rent", () => {
  it("is nothing up to the zero band plus the simplified discount", () => {
    expect(on(3036.0)).toMatchObject({ baseCents: 242_880, tableTaxCents: 0, irrfCents: 0 });
    // One centavo into 7,5%: 2.428,81 × 7,5% = 182,16075 → 182,16, less 182,16.
    expect(on(3036.01)).toMatchObject({ baseCents: 242_881, tableTaxCents: 0, irrfCents: 0 });
  });

  it("in 2026 is zero up to 5.000,00 of rent, where the table's tax is exactly the full reduction", () => {
    // 4.392,80 × 22,5% − 675,49 = 312,89, the reduction's most.
    expect(on(5000)).toMatchObject({ baseCents: 439_280, tableTaxCents: 31_289, reductionCents: 31_289, irrfCents: 0 });
    expect(on(4000)).toMatchObject({ irrfCents: 0 });
  });

  it("just above 5.000,00 the partial reduction still cancels the table's tax", () => {
    // 978,62 − 0,133145 × 5.000,01 = 312,89 (66.572,63 centavos → 66.573).
    expect(on(5000.01)).toMatchObject({ tableTaxCents: 31_289, reductionCents: 31_289, irrfCents: 0 });
  });

  it("between 5.000,00 and 7.350,00 takes the linear reduction off the table's tax", () => {
    // base 5.392,80: × 27,5% = 1.483,02 − 908,73 = 574,29; reduction 978,62 − 798,87 = 179,75.
    expect(on(6000)).toMatchObject({
      baseCents: 539_280,
      tableTaxCents: 57_429,
      reductionCents: 17_975,
      irrfCents: 39_454,
    });
  });

  it("from 7.350,00 has no reduction left (978,62 − 978,62 rounded)", () => {
    expect(on(7350)).toMatchObject({ tableTaxCents: 94_554, reductionCents: 0, irrfCents: 94_554 });
    expect(on(7350.01)).toMatchObject({ reductionCents: 0 });
    expect(on(10_000)).toMatchObject({ baseCents: 939_280, tableTaxCents: 167_429, irrfCents: 167_429 });
  });

  it("before 2026 had no reduction: 5.000,00 of rent withheld 312,89", () => {
    expect(on(5000, t2025)).toMatchObject({ tableTaxCents: 31_289, reductionCents: 0, irrfCents: 31_289 });
  });

  it("tells a company's document from a person's", () => {
    expect(isCompany("11222333000181")).toBe(true);
    expect(isCompany("12ABC34501DE35")).toBe(true);
    expect(isCompany("52998224725")).toBe(false);
    expect(isPerson("52998224725")).toBe(true);
    expect(isPerson("11222333000181")).toBe(false);
    expect(isPerson(null)).toBe(false);
  });
});
