// How a boleto's reading is shown to the admin. Client-safe.

// 47 digits (bank): "00190.00009 01234.567890 12345.678901 1 10000000125000";
// 48 digits (collection): four blocks of 11 digits and their check digit.
export function formatDigitableLine(digits: string | null) {
  if (!digits) return null;
  if (digits.length === 47) {
    const d = digits;
    return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d[32]} ${d.slice(33)}`;
  }
  if (digits.length === 48) {
    return [0, 12, 24, 36].map((i) => `${digits.slice(i, i + 11)}-${digits[i + 11]}`).join(" ");
  }
  return digits;
}

const SOURCES: Record<string, string> = {
  line: "linha digitável (conferida pelos dígitos verificadores)",
  barcode: "código de barras (conferido pelos dígitos verificadores)",
  text: "texto do documento (confira os valores)",
};

export const boletoSourceLabel = (source: string | null) =>
  source ? (SOURCES[source] ?? source) : "nada foi encontrado no arquivo";

// Only a boleto with a month, a due date and an amount becomes a billing
// (docs/product.md §Boletos names the first two; a billing of R$ 0,00 would be a bill nobody
// can pay, so a blank amount waits on the list too).
export const isProcessable = (b: { month_year: string | null; due_date: string | null; amount_cents: number | null }) =>
  b.month_year !== null && b.due_date !== null && b.amount_cents !== null && b.amount_cents > 0;
