// Bounds of the listing form's counts, shared by its schema and the number
// inputs (max attribute). Client-safe and zod-free: the public page imports it.
export const COUNT_MAX = { area: 100_000_000, quartos: 100, suites: 100, banheiros: 100, vagas: 100 } as const;
