import { SOB_CONSULTA } from "./format";

// Accepts "450.000,00", "450000", "R$ 1.250,5" or "SOB CONSULTA"; returns
// centavos, null for SOB CONSULTA, or undefined when the text is not a price.
export function parseBRL(input: string): number | null | undefined {
  const text = input.trim();
  if (text.toUpperCase() === SOB_CONSULTA) return null;
  const cleaned = text.replace(/^R\$\s*/i, "").replace(/\s/g, "");
  let m = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(cleaned);
  if (m) {
    const reais = Number(m[1].replace(/\./g, ""));
    const cents = m[2] ? Number(m[2].padEnd(2, "0")) : 0;
    const value = reais * 100 + cents;
    return Number.isSafeInteger(value) ? value : undefined;
  }
  // "450000.00" typed with a decimal point.
  m = /^(\d+)\.(\d{2})$/.exec(cleaned);
  if (m) {
    const value = Number(m[1]) * 100 + Number(m[2]);
    return Number.isSafeInteger(value) ? value : undefined;
  }
  return undefined;
}
