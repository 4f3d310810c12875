// Limits and labels of the /simulador form, for the page and its schema alike.
// Client-safe and zod-free: the page imports it (simulator.schema.ts would pull zod into the browser).
export const MAX_MONTHS = 420; // 35 years, the longest term banks offer for housing
export const MAX_ANNUAL_RATE = 30;
export const SYSTEMS = { SAC: "SAC (parcelas decrescentes)", PRICE: "PRICE (parcelas fixas)" } as const;
