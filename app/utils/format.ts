// Display formatting in pt-BR, in the agency's time zone (DESIGN.md decision 12).
export const TIME_ZONE = "America/Campo_Grande";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const dateFmt = new Intl.DateTimeFormat("pt-BR", { timeZone: TIME_ZONE, day: "2-digit", month: "2-digit", year: "numeric" });
const dateTimeFmt = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});
const intFmt = new Intl.NumberFormat("pt-BR");

export const SOB_CONSULTA = "SOB CONSULTA";

// Intl puts a no-break space after "R$"; a plain space reads the same and
// keeps copy/paste and tests simple.
export function formatBRL(centavos: number) {
  return brl.format(centavos / 100).replace(/\u00a0/g, " ");
}

export function formatPrice(centavos: number | null | undefined) {
  return centavos == null || !Number.isFinite(centavos) ? SOB_CONSULTA : formatBRL(centavos);
}

export function formatDate(iso: string | Date) {
  return dateFmt.format(typeof iso === "string" ? new Date(iso) : iso);
}

export function formatDateTime(iso: string | Date) {
  return dateTimeFmt.format(typeof iso === "string" ? new Date(iso) : iso).replace(",", "");
}

export function formatInt(n: number) {
  return intFmt.format(n);
}

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
