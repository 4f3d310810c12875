// A list as a CSV file that Excel in Brazil opens as a table (issue 34):
// UTF-8 with a BOM (without it Excel reads the accents as Latin-1), ";" between
// cells (the comma is pt-BR's decimal mark, so Excel's pt-BR locale splits on
// ";"), CRLF line ends, amounts with a decimal comma and no thousands mark
// (so Excel reads a number, not text), days as dd/mm/aaaa. Pure; the routes
// stream it a page of rows at a time.

import { formatDateTime } from "#app/utils/format-date";

export const CSV_BOM = "\uFEFF";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

// A number already written the way Excel pt-BR reads one ("1234,56"): not
// text, so neither quoted nor guarded as a formula.
export type CsvNumber = { readonly number: string };
export type CsvCell = string | number | CsvNumber | null | undefined;

// A cell a spreadsheet would run as a formula (=, +, -, @, and the tab and
// carriage return that some spreadsheets also take as its start) is written
// with a leading apostrophe, which Excel and LibreOffice show as text (OWASP,
// "CSV Injection"). Numbers we format ourselves are never text, so a negative
// amount stays a number.
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "object") return value.number;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(";")}\r\n`;
}

// Centavos as Excel pt-BR reads a number: "1234,56", "-0,05". A number cell,
// not a text one, so it is not guarded as a formula.
export function csvAmount(cents: number | null | undefined): CsvCell {
  if (cents === null || cents === undefined) return null;
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return { number: `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}` };
}

// An ISO day (aaaa-mm-dd, or a timestamp) as dd/mm/aaaa.
export function csvDay(day: string | null | undefined): CsvCell {
  if (!day) return null;
  const [y, m, d] = day.slice(0, 10).split("-");
  return `${d}/${m}/${y}`;
}

// A moment (an ISO timestamp, UTC) as the agency's clock read it:
// "28/11/2026 14:05", which Excel pt-BR takes as a date and time. Not the UTC
// day: a row stamped at 23:30 in Três Lagoas is 02:30 the next day in UTC.
export function csvDateTime(at: string | null | undefined): CsvCell {
  return at ? formatDateTime(at) : null;
}

// The file, a batch of rows at a time: the header, then each page the
// generator yields, encoded as it goes, so a long list never sits whole in
// memory.
export function csvStream(header: readonly string[], pages: AsyncIterable<readonly (readonly CsvCell[])[]>) {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(CSV_BOM + csvLine(header)));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map(csvLine).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
