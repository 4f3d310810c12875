// Display formatting in pt-BR, in the agency's time zone
// (docs/decisions/0021-time-zone-and-formats.md). Dates are in format-date.ts
// and the parsing of typed amounts in parse-brl.ts: only the private areas and
// the servers use them, and this module goes into every public page's
// JavaScript.
export const TIME_ZONE = "America/Campo_Grande";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const intFmt = new Intl.NumberFormat("pt-BR");

export const SOB_CONSULTA = "SOB CONSULTA";

// Intl puts a no-break space after "R$"; a plain space reads the same and
// keeps copy/paste and tests simple.
export function formatBRL(centavos: number) {
  return brl.format(centavos / 100).replace(/\u00a0/g, " ");
}

// Centavos as a plain decimal in reais ("1250.50"), with integer arithmetic
// only, for machines (JSON-LD, a link's query); `whole` drops ",00"-like
// cents ("350000"). Negative amounts never reach these places.
export function reaisDecimal(centavos: number, { whole = false } = {}) {
  const reais = Math.trunc(centavos / 100);
  const cents = centavos - reais * 100;
  return whole && cents === 0 ? String(reais) : `${reais}.${String(cents).padStart(2, "0")}`;
}

export function formatPrice(centavos: number | null | undefined) {
  return centavos == null || !Number.isFinite(centavos) ? SOB_CONSULTA : formatBRL(centavos);
}

export function formatInt(n: number) {
  return intFmt.format(n);
}
