// Display formatting in pt-BR, in the agency's time zone
// (docs/decisions/0021-time-zone-and-formats.md). Dates are in format-date.ts;
// money (formatting and parsing BRL) in app/models/shared/money.ts.
export const TIME_ZONE = "America/Campo_Grande";

const intFmt = new Intl.NumberFormat("pt-BR");

export const SOB_CONSULTA = "SOB CONSULTA";

export function formatInt(n: number) {
  return intFmt.format(n);
}
