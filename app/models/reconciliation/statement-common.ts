// What the OFX and CNAB 240 readers share: text decoding, days, whitespace and
// the rule that a line is kept once per key. Pure and client-safe.

import type { StatementLine } from "./statement";

const utf8 = new TextDecoder("utf-8", { fatal: true });
// WHATWG maps "latin1" and "iso-8859-1" to windows-1252 too; its only
// difference from ISO-8859-1 is 0x80-0x9F, control codes no bank text uses.
const windows1252 = new TextDecoder("windows-1252");

// Bank files are ISO-8859-1/windows-1252 (most SGML OFX, CNAB) or UTF-8 (XML
// OFX, newer banks), and the declared charset is often boilerplate. Bytes that
// are valid UTF-8 are read as UTF-8: accented Latin-1 text is never valid UTF-8
// ("JOÃO" is 4A 4F C3 4F: C3 must be followed by a byte in 80-BF), and ASCII
// reads the same either way. Anything else is windows-1252.
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    text = windows1252.decode(bytes);
  }
  return text.replace(/^(\uFEFF|\xEF\xBB\xBF)/, "");
}

// "YYYY-MM-DD" for a real calendar day, else null (20261131 is not a day).
export function isoDay(year: string, month: string, day: string): string | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || y < 1900 || y > 2999) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return `${year}-${month}-${day}`;
}

export function collapse(text: string | null | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

// A bank that lists one line twice in a file gives it once: the first is kept.
export function firstPerKey(lines: StatementLine[]): StatementLine[] {
  const seen = new Set<string>();
  return lines.filter((line) => {
    if (seen.has(line.key)) return false;
    seen.add(line.key);
    return true;
  });
}

export function dateRange(lines: StatementLine[]): { start: string | null; end: string | null } {
  let start: string | null = null;
  let end: string | null = null;
  for (const { date } of lines) {
    if (start === null || date < start) start = date;
    if (end === null || date > end) end = date;
  }
  return { start, end };
}
