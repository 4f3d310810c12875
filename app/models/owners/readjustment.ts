import { periodLabel } from "#app/models/billing/months";
import { addMonths, addMonthsToDay } from "#app/models/shared/days";
import type { ReadjustmentIndex } from "#app/db/schema";
import { cents, roundHalfUp, type Cents } from "#app/models/shared/money";

// The yearly readjustment of a rent, as pure arithmetic (docs/decisions/0041-readjustment.md).
// - Lei 10.192/2001 art. 2 §1: a readjustment more often than once a year is
//   void, so a contract is readjusted on its anniversaries only
//   (contract_start_date + 12, 24, ... months).
// - The anniversary in month M accumulates the 12 months ending `lag` months
//   before M-1: lag 0, M-12 .. M-1; lag 1 (the market's for IPCA and IGP-M,
//   published around the 10th of the next month), M-13 .. M-2, so the rate is
//   known when the 30-day notice goes (decision 0066). A missing month makes
//   the readjustment wait.
// - accumulated = Π(1 + rate) − 1, exact in BigInt: rates are integer parts
//   per million, so the product is a fraction over 10^(6·12). The new rent is
//   old × Π(1 + rate) rounded half-up to the centavo from that exact fraction;
//   accumulated_ppm (kept for history and display) is rounded half away from zero.
// - A negative accumulated rate lowers the rent only when the contract says so.

export const INDEX_CODES: readonly ReadjustmentIndex[] = ["IGPM", "IPCA", "INPC", "IGPDI"];
export const INDEX_LABELS: Record<ReadjustmentIndex, string> = {
  IGPM: "IGP-M",
  IPCA: "IPCA",
  INPC: "INPC",
  IGPDI: "IGP-DI",
};
export const isIndexCode = (v: unknown): v is ReadjustmentIndex =>
  typeof v === "string" && (INDEX_CODES as readonly string[]).includes(v);

export type IndexValue = { month: string; ratePpm: number };

const PPM = 1_000_000n;

// The k-th anniversary (k ≥ 1) of a contract's start.
export const anniversary = (start: string, k: number) => addMonthsToDay(start, 12 * k);

// The first anniversary on or after `from` that is at least 12 months after
// both the start and the last readjustment (art. 2 §1 and §2: the next period
// counts from the previous readjustment).
export function nextAnniversary(start: string, from: string, lastReadjustment: string | null): string {
  const floor = lastReadjustment ? addMonthsToDay(lastReadjustment, 12) : anniversary(start, 1);
  for (let k = 1; ; k++) {
    const a = anniversary(start, k);
    if (a >= from && a >= floor) return a;
  }
}

// The 12 months accumulated for an anniversary: M-12-lag .. M-1-lag.
export function monthsFor(anniversaryDay: string, lag = 0): string[] {
  const m = anniversaryDay.slice(0, 7);
  return Array.from({ length: 12 }, (_, i) => addMonths(m, i - 12 - lag));
}

export type Accumulation =
  | { ok: true; firstMonth: string; lastMonth: string; num: bigint; den: bigint; accumulatedPpm: number }
  | { ok: false; missing: string[] };

// Π(1 + rate) over the anniversary's 12 months, or the months not published.
// num/den is the exact factor; accumulatedPpm = round((factor − 1) × 10^6).
export function accumulate(anniversaryDay: string, values: IndexValue[], lag = 0): Accumulation {
  const months = monthsFor(anniversaryDay, lag);
  const byMonth = new Map(values.map((v) => [v.month, v.ratePpm]));
  const missing = months.filter((m) => !byMonth.has(m));
  if (missing.length > 0) return { ok: false, missing };
  let num = 1n;
  let den = 1n;
  for (const m of months) {
    num *= PPM + BigInt(byMonth.get(m)!);
    den *= PPM;
  }
  const delta = num - den; // (factor − 1) × den
  const abs = delta < 0n ? -delta : delta;
  const ppm = roundHalfUp(abs * PPM, den);
  return { ok: true, firstMonth: months[0], lastMonth: months[11], num, den, accumulatedPpm: delta < 0n ? -ppm : ppm };
}

// The new rent: old × factor, half-up to the centavo; a factor below 1 lowers
// the rent only when `lowers` (else the rent stays).
export function newRent(oldRent: Cents, factor: { num: bigint; den: bigint }, lowers: boolean): Cents {
  if (factor.num < factor.den && !lowers) return oldRent;
  return cents(roundHalfUp(BigInt(oldRent) * factor.num, factor.den));
}

// "0,52" → 5200 ppm; "-0,73" → -7300; up to 4 decimals of a percent (ppm is
// exact to 0,0001%); "." accepted as the decimal point too.
export function parseRate(text: string): number | null {
  const m = /^\s*([+-]?)(\d{1,3})(?:[,.](\d{1,4}))?\s*$/.exec(text);
  if (!m) return null;
  const ppm = Number(m[2]) * 10_000 + Number((m[3] ?? "").padEnd(4, "0"));
  if (ppm >= 1_000_000) return null; // 100% or more in a month is a typo
  return m[1] === "-" ? -ppm : ppm;
}

// 5200 → "0,52"; -7300 → "-0,73"; 123456 → "12,3456" (at least 2 decimals).
export function formatRate(ppm: number): string {
  const sign = ppm < 0 ? "-" : "";
  const abs = Math.abs(ppm);
  const frac = String(abs % 10_000)
    .padStart(4, "0")
    .replace(/0{1,2}$/, "");
  return `${sign}${Math.floor(abs / 10_000)},${frac}`;
}

// The bytes of an SGS export: UTF-8 (a BOM dropped), else ISO-8859-1.
export function decodeSgs(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("latin1").decode(bytes);
  }
}

export type SgsParse = { ok: true; values: IndexValue[] } | { ok: false; error: string };

const unquote = (s: string) =>
  s
    .trim()
    .replace(/^"(.*)"$/, "$1")
    .trim();

// The Central Bank's SGS CSV export: a `data;valor` header, then one line a
// month `01/10/2026;0,52` (fields maybe quoted). A broken file is refused
// whole, naming the line; blank lines are skipped.
export function parseSgsCsv(text: string): SgsParse {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const values: IndexValue[] = [];
  const seen = new Set<string>();
  let header = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === "") continue;
    const fields = line.split(";").map(unquote);
    if (!header) {
      if (fields.length !== 2 || fields[0].toLowerCase() !== "data" || fields[1].toLowerCase() !== "valor")
        return { ok: false, error: `Linha ${i + 1}: o arquivo não começa com "data;valor" (exportação CSV do SGS).` };
      header = true;
      continue;
    }
    const date = fields.length === 2 ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(fields[0]) : null;
    const month = date && Number(date[2]) >= 1 && Number(date[2]) <= 12 ? `${date[3]}-${date[2]}` : null;
    const rate = fields.length === 2 ? parseRate(fields[1]) : null;
    if (!month || rate === null)
      return { ok: false, error: `Linha ${i + 1}: esperado "dd/mm/aaaa;taxa" (como 01/10/2026;0,52), lido "${line}".` };
    if (seen.has(month))
      return { ok: false, error: `Linha ${i + 1}: o mês ${date![2]}/${date![3]} aparece duas vezes.` };
    seen.add(month);
    values.push({ month, ratePpm: rate });
  }
  if (!header) return { ok: false, error: "O arquivo está vazio." };
  if (values.length === 0) return { ok: false, error: "O arquivo não tem nenhum mês." };
  return { ok: true, values };
}

// What the dashboard shows of a readjustment due (readjustments.server.ts,
// dueReadjustments): the new rent, or the index months it waits for.
export type DueReadjustmentLine = {
  clientId: number;
  clientName: string;
  anniversary: string;
  index: ReadjustmentIndex;
  oldRent: number;
  newRent: number | null;
  missing: string[];
};

// The index months missing for the readjustments due, per index, in order:
// "IGP-M: outubro de 2026, novembro de 2026".
export function missingIndexMonths(due: DueReadjustmentLine[]): string[] {
  const byIndex = new Map<ReadjustmentIndex, Set<string>>();
  for (const d of due) for (const m of d.missing) byIndex.set(d.index, (byIndex.get(d.index) ?? new Set()).add(m));
  return INDEX_CODES.filter((c) => byIndex.has(c)).map(
    (c) => `${INDEX_LABELS[c]}: ${[...byIndex.get(c)!].sort().map(periodLabel).join(", ")}`,
  );
}

// "aguardando índices de outubro de 2026" (up to three months named, else the range).
export function waitingLabel(missing: string[]): string {
  const names = missing.map(periodLabel);
  const list =
    names.length <= 3 ? names.join(", ") : `${names[0]} a ${names[names.length - 1]} (${names.length} meses)`;
  return `aguardando índices de ${list}`;
}
