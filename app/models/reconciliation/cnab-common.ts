// What the CNAB 240 and CNAB 400 readers share: records of a fixed width
// split and padded, numeric fields, dates, and one refusal message per
// problem. Positions are 1-based and inclusive, as in the layouts
// (docs/decisions/0035-statement-files.md). Pure and client-safe.

import { cents, ZERO_CENTS, type Cents } from "#app/models/shared/money";
import { isoDay } from "./statement-common";

export type Span = readonly [number, number];

export const REDOWNLOAD = "Baixe o arquivo de retorno de novo no internet banking.";

export class CnabError extends Error {}

export const field = (record: string, [from, to]: Span) => record.slice(from - 1, to);
export const stripZeros = (digits: string) => digits.replace(/^0+(?=.)/, "");

export type Failer = (line: number, what: string) => never;
export const failer =
  (layout: string): Failer =>
  (line, what) => {
    throw new CnabError(`Linha ${line} do arquivo ${layout}: ${what}. ${REDOWNLOAD}`);
  };

// The records of a file of `width`-character lines. CRLF, LF or CR end a
// line, and the last one may have none; a trailing blank line or a DOS
// end-of-file mark (Ctrl-Z) is not a record. Banks, their portals and the
// tools between them often strip a line's trailing blanks (every field at
// its end is blank: "uso exclusivo FEBRABAN", complements), so a shorter
// line is padded with blanks back to `width`: a field cut that way reads as
// blank, which every reader here treats as empty. A longer line is not a
// record of this layout: refused, naming the line.
export function splitRecords(text: string, width: number, layout: string): string[] {
  const records = text.split(/\r\n|\n|\r/);
  const eof = String.fromCharCode(0x1a);
  while (records.length && records[records.length - 1].endsWith(eof)) {
    records[records.length - 1] = records[records.length - 1].slice(0, -1);
  }
  while (records.length && records[records.length - 1].trim() === "") records.pop();
  return records.map((record, index) => {
    if (record.length > width) {
      throw new CnabError(
        `A linha ${index + 1} do arquivo ${layout} tem ${record.length} caracteres; cada linha deve ter ${width}. ` +
          `O arquivo pode ter sido alterado ou não ser um retorno ${layout}. ${REDOWNLOAD}`,
      );
    }
    return record.length < width ? record.padEnd(width, " ") : record;
  });
}

// A numeric field with 2 decimals → centavos; blank counts as zero.
export function amountAt(record: string, span: Span, line: number, what: string, fail: Failer): Cents {
  const raw = field(record, span);
  if (raw.trim() === "") return ZERO_CENTS;
  if (!/^\d+$/.test(raw)) fail(line, `${what} ilegível ("${raw}")`);
  return cents(Number(raw));
}

// DDMMAAAA (CNAB 240, Sicredi's AAAAMMDD aside) or DDMMAA (CNAB 400, the
// years 2000-2099) → "YYYY-MM-DD"; zeros or blanks: no date.
export function dayAt(
  record: string,
  span: Span,
  line: number,
  what: string,
  fail: Failer,
  order: "DDMMAAAA" | "DDMMAA" | "AAAAMMDD" = "DDMMAAAA",
): string | null {
  const raw = field(record, span);
  if (/^[0 ]*$/.test(raw)) return null;
  const m =
    order === "DDMMAAAA"
      ? /^(\d{2})(\d{2})(\d{4})$/.exec(raw)
      : order === "DDMMAA"
        ? /^(\d{2})(\d{2})(\d{2})$/.exec(raw)
        : /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  const [d, mo, y] = !m ? [] : order === "AAAAMMDD" ? [m[3]!, m[2]!, m[1]!] : [m[1]!, m[2]!, m[3]!];
  const iso = d && mo && y ? isoDay(y.length === 2 ? `20${y}` : y, mo, d) : null;
  return iso ?? fail(line, `${what} ilegível ("${raw}")`);
}

export function agencyAccount(agency: string, agencyDv: string, account: string, accountDv: string) {
  const part = (n: string, dv: string) => stripZeros(n.trim()) + (dv.trim() ? `-${dv.trim()}` : "");
  return `${part(agency, agencyDv)}/${part(account, accountDv)}`;
}
