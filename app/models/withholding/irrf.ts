import { applyBp, cents, roundHalfUp, ZERO_CENTS, type Cents } from "#app/models/shared/money";

// Income tax a company tenant withholds from the rent it pays a person
// (issue 36, docs/decisions/0074-irrf-withholding.md). Pure arithmetic on a
// table that is data (irrf_tables, with its source and validity), never
// constants here:
// - Lei 7.713/1988 art. 7 II: income a company pays a person is taxed at the
//   source, at each payment (§1º);
// - Lei 9.250/1995 art. 3: at the monthly progressive table; art. 4 §2º: the
//   monthly simplified discount, 25% of the table's zero band, when better;
// - Lei 9.250 art. 3º-A (Lei 15.270/2025), from January 2026: a reduction on
//   income up to a limit, measured on the income, not on the base.

export type IrrfBand = { upToCents: number | null; rateBp: number; deductionCents: number };
// "Até fullUntil: até fullMax (imposto zero); até partialUntil: constant − factor × rendimento."
// factorPpm: the factor in millionths (0,133145 → 133145).
export type IrrfReduction = {
  fullUntilCents: number;
  fullMaxCents: number;
  partialUntilCents: number;
  constantCents: number;
  factorPpm: number;
};
export type IrrfTable = {
  bands: readonly IrrfBand[];
  reduction: IrrfReduction | null;
  simplifiedDiscountBp: number; // of the zero band's top (2500 = 25%)
};

export type IrrfResult = {
  incomeCents: Cents; // the owner's rent
  baseCents: Cents; // after the simplified discount
  tableTaxCents: Cents; // the progressive table's tax on the base
  reductionCents: Cents; // art. 3º-A's, never more than the table's tax
  irrfCents: Cents; // withheld
};

// The zero band's top: the first band's limit when its rate is 0.
function zeroBandTop(table: IrrfTable): Cents {
  const first = table.bands[0];
  return first && first.rateBp === 0 && first.upToCents !== null ? cents(first.upToCents) : ZERO_CENTS;
}

// Each step rounds half-up to the centavo once: the table's rate on the base,
// and the reduction's factor on the income (the law writes both in reais).
export function irrfOn(income: Cents, table: IrrfTable): IrrfResult {
  const simplified = applyBp(zeroBandTop(table), table.simplifiedDiscountBp);
  const base = cents(Math.max(0, income - simplified));
  const band = table.bands.find((b) => b.upToCents === null || base <= b.upToCents) ?? table.bands.at(-1)!;
  const tableTax = cents(Math.max(0, applyBp(base, band.rateBp) - band.deductionCents));
  const reduction = cents(Math.min(tableTax, reductionOf(income, table.reduction)));
  return {
    incomeCents: income,
    baseCents: base,
    tableTaxCents: tableTax,
    reductionCents: reduction,
    irrfCents: cents(tableTax - reduction),
  };
}

function reductionOf(income: Cents, r: IrrfReduction | null): number {
  if (!r || income > r.partialUntilCents) return 0;
  if (income <= r.fullUntilCents) return r.fullMaxCents;
  return Math.max(0, r.constantCents - roundHalfUp(BigInt(income) * BigInt(r.factorPpm), 1_000_000n));
}

// A CNPJ has 14 characters, a CPF 11 (clients.cpf_cnpj and owners.cpf_cnpj
// keep digits, or letters and digits for the alphanumeric CNPJ).
export const isCompany = (document: string | null) => document !== null && document.length === 14;
export const isPerson = (document: string | null) => document !== null && /^\d{11}$/.test(document);
