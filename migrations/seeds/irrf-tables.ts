// The monthly progressive tables of the IRPF in force for rent withheld at the
// source (docs/decisions/0074-irrf-withholding.md), as data: each with its
// validity and the source it was read from. Money in centavos, rates in basis
// points, the art. 3º-A reduction's factor in millionths.
// The monthly table since May 2025, unchanged in 2026 (the reduction aside).
const BANDS_SINCE_MAY_2025 = [
  { upToCents: 242_880, rateBp: 0, deductionCents: 0 },
  { upToCents: 282_665, rateBp: 750, deductionCents: 18_216 },
  { upToCents: 375_105, rateBp: 1500, deductionCents: 39_416 },
  { upToCents: 466_468, rateBp: 2250, deductionCents: 67_549 },
  { upToCents: null, rateBp: 2750, deductionCents: 90_873 },
] as const;

export const IRRF_TABLE_SEEDS = [
  {
    valid_from: "2025-05-01",
    valid_until: "2025-12-31",
    bands: BANDS_SINCE_MAY_2025,
    reduction: null,
    simplified_discount_bp: 2500,
    source:
      "Lei 11.482/2007 art. 1º XII, redação da Lei 15.191/2025 (a partir de maio de 2025); desconto simplificado: Lei 9.250/1995 art. 4º §2º",
  },
  {
    valid_from: "2026-01-01",
    valid_until: null,
    bands: BANDS_SINCE_MAY_2025,
    reduction: {
      fullUntilCents: 500_000,
      fullMaxCents: 31_289,
      partialUntilCents: 735_000,
      constantCents: 97_862,
      factorPpm: 133_145,
    },
    simplified_discount_bp: 2500,
    source:
      "Tabela: Lei 11.482/2007 art. 1º XII (Lei 15.191/2025); redução: Lei 9.250/1995 art. 3º-A (Lei 15.270/2025), a partir de janeiro de 2026; Receita Federal, Tributação de 2026",
  },
] as const;
